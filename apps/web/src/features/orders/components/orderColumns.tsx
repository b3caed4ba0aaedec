import { dimensionsText, formatMeasure, formatMoney, formatPercent, type Order } from '@spedycja/domain';
import type { ReactNode } from 'react';
import { withPriorities } from '../../../components/DataTable/ColumnChooser.tsx';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { TextValue } from '../../../components/display.tsx';
import { editableCells } from '../../../components/inlineEditors.tsx';
import { NAME_MIN_WIDTH, shipmentColumns } from '../../../components/shipment/shipmentColumns.tsx';
import { DebtorMark } from '../../debtors/index.ts';
import { PortalMarksCell, portalTexts } from '../../portal/index.ts';
import { EtaMark, positionsTexts } from '../../positions/index.ts';
import { ordersMessages as t } from '../messages.ts';
import { DistanceCell, NumberCell, PlaceCell, StatusBadge, YesNo } from './orderCells.tsx';
import {
  carrierEditor,
  carrierPriceEditor,
  customerEditor,
  customerPaidEditor,
  customerPriceEditor,
  dimensionsEditor,
  statusEditor,
  weightEditor,
} from './orderEditors.tsx';

export type OrderColumnsOptions = {
  /** The deleted view: no inline editing, the deletion reason shown. */
  deleted: boolean;
  /** Saves a cell's partial update; a rejection keeps its dialog open. */
  onSave: (order: Order, patch: Record<string, unknown>) => Promise<unknown>;
  ownerOptions: { value: string; label: string }[];
  renderActions: (order: Order) => ReactNode;
  /** The red 'not in the calendar' warning as a button that shows the order in the calendar. */
  onShowInCalendar?: (order: Order) => void;
};

const c = t.columns;
const partyName = (p: Order['carrier']) => p?.companyName || p?.name;

/** The columns that start hidden (not in SPEC §2; 'Kolumny' shows them). */
export const ORDER_COLUMNS_HIDDEN_BY_DEFAULT = ['margin', 'portal'] as const;

/**
 * Which columns give way first when the table is wider than the screen (highest first): at 1920 px all of SPEC §2
 * shows, at 1366 px beside the drawer the route, dates, parties and prices stay.
 */
const ORDER_COLUMN_PRIORITIES: Record<string, number> = {
  loadingPlace: 1,
  unloadingPlace: 1,
  loadingDate: 1,
  cargo: 2,
  customer: 2,
  customerPrice: 3,
  carrier: 3,
  carrierPrice: 4,
  status: 5,
  unloadingDate: 5,
  customerPaid: 6,
  distance: 7,
  loadingType: 7,
  weight: 7,
  dimensions: 8,
  user: 9,
  createdDate: 9,
  additionalInfo: 10,
  margin: 10,
  portal: 10,
};

/** The columns of SPEC §2 Orders table, in its order, most of them editable in place. */
export function orderColumns(options: OrderColumnsOptions): ColumnDef<Order>[] {
  const { deleted } = options;
  const editable = editableCells(options.onSave, deleted);
  const shared = shipmentColumns(c, editable);

  const columns = shared.finish(
    [
      {
        id: 'id',
        header: c.id,
        cell: (o) => <NumberCell order={o} onShowInCalendar={deleted ? undefined : options.onShowInCalendar} />,
        sortKey: 'id',
      },
      {
        id: 'status',
        header: c.status,
        cell: (o) => editable(o, c.status, 'status', statusEditor, <StatusBadge status={o.status} />),
      },
      shared.cargo,
      {
        id: 'dimensions',
        header: c.dimensions,
        width: 100,
        cell: (o) => editable(o, c.dimensions, 'dimensions', dimensionsEditor, <TextValue value={dimensionsText(o)} />),
      },
      {
        id: 'weight',
        header: c.weight,
        sortKey: 'cargoWeight',
        cell: (o) =>
          editable(
            o,
            c.weight,
            'cargoWeight',
            weightEditor,
            <TextValue value={o.cargoWeight === null ? null : formatMeasure(o.cargoWeight, 't')} />,
          ),
      },
      shared.place('loading', (o) => <PlaceCell order={o} side="loading" />),
      shared.place('unloading', (o) => <PlaceCell order={o} side="unloading" />),
      shared.date('loadingDate', c.loadingDate, c.loadingDate),
      shared.date('unloadingDate', c.unloadingDate, c.unloadingDate),
      { id: 'distance', header: c.distance, sortKey: 'distance', cell: (o) => <DistanceCell order={o} /> },
      shared.price(c.customerPrice, 'customerPrice', 'customerPriceCurrency', customerPriceEditor),
      shared.price(c.carrierPrice, 'carrierPrice', 'carrierPriceCurrency', carrierPriceEditor),
      {
        // Computed by the server from both prices (EUR at the order's rate); read-only, sorted and filtered in SQL.
        id: 'margin',
        header: c.margin,
        sortKey: 'margin',
        cell: (o) => (
          <TextValue
            value={o.margin === null ? null : `${formatMoney(o.margin, 'pln')} (${formatPercent(o.marginPercent)})`}
          />
        ),
      },
      shared.loadingType,
      shared.customer(customerEditor, (r) => <DebtorMark customerUuid={r.customer?.uuid} />),
      {
        id: 'customerPaid',
        header: c.customerPaid,
        cell: (o) => editable(o, c.customerPaid, 'customerPaid', customerPaidEditor, <YesNo value={o.customerPaid} />),
      },
      {
        id: 'carrier',
        header: c.carrier,
        sortKey: 'carrier.companyName',
        width: 110,
        minWidth: NAME_MIN_WIDTH,
        cell: (o) =>
          editable(o, c.carrier, 'carrier', carrierEditor, <TextValue value={partyName(o.carrier)} max={20} />),
      },
      // The carrier's link (issue 25): accepted, driver, loaded, unloaded, CMR, invoice.
      { id: 'portal', header: portalTexts.filterLabel, cell: (o) => <PortalMarksCell orderUuid={o.uuid} /> },
      // Issue 39: the ETA's status and the last position's age of a running order.
      { id: 'eta', header: positionsTexts.columnHeader, cell: (o) => <EtaMark eta={o.eta} /> },
      shared.user(options.ownerOptions),
      shared.createdDate,
      shared.additionalInfo,
    ],
    deleted,
    options.renderActions,
  );
  return withPriorities(columns, ORDER_COLUMN_PRIORITIES);
}
