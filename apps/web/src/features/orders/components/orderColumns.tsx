import { dimensionsText, formatMeasure, formatMoney, formatPercent, type Order } from '@spedycja/domain';
import type { ReactNode } from 'react';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { TextValue } from '../../../components/display.tsx';
import { editableCells } from '../../../components/inlineEditors.tsx';
import { shipmentColumns } from '../../../components/shipment/shipmentColumns.tsx';
import { DebtorMark } from '../../debtors/index.ts';
import { PortalMarksCell, portalTexts } from '../../portal/index.ts';
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

/**
 * The columns that start hidden (the column chooser shows them), so that the usual ones and the actions fit a
 * 1366 px laptop beside the side drawer.
 */
export const ORDER_COLUMNS_HIDDEN_BY_DEFAULT = [
  // The list starts filtered to 'aktywne': the status column shows once the filter is widened (or chosen).
  'status',
  'carrier',
  'carrierPrice',
  'margin',
  'dimensions',
  'weight',
  'unloadingDate',
  'distance',
  'loadingType',
  'customerPaid',
  'user',
  'createdDate',
  'additionalInfo',
  // The carrier's link marks (not a SPEC column): shown from 'Kolumny' or next to the link's filter.
  'portal',
] as const;

/** The columns of SPEC §2 Orders table, in its order, most of them editable in place. */
export function orderColumns(options: OrderColumnsOptions): ColumnDef<Order>[] {
  const { deleted } = options;
  const editable = editableCells(options.onSave, deleted);
  const shared = shipmentColumns(c, editable);

  return shared.finish(
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
        cell: (o) =>
          editable(o, c.carrier, 'carrier', carrierEditor, <TextValue value={partyName(o.carrier)} max={20} />),
      },
      // The carrier's link (issue 25): accepted, driver, loaded, unloaded, CMR, invoice.
      { id: 'portal', header: portalTexts.filterLabel, cell: (o) => <PortalMarksCell orderUuid={o.uuid} /> },
      shared.user(options.ownerOptions),
      shared.createdDate,
      shared.additionalInfo,
    ],
    deleted,
    options.renderActions,
  );
}
