import { Badge } from '@mantine/core';
import { customerWindowMessages, type Query } from '@spedycja/domain';
import type { ReactNode } from 'react';
import { withPriorities } from '../../../components/DataTable/ColumnChooser.tsx';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { editableCells } from '../../../components/inlineEditors.tsx';
import { shipmentColumns } from '../../../components/shipment/shipmentColumns.tsx';
import { priceEditor } from '../../../components/shipment/shipmentEditors.tsx';
import { DebtorMark } from '../../debtors/index.ts';
import { queriesMessages as t } from '../messages.ts';
import { BestOfferButton, CargoParamsCell, DistanceCell, PlaceCell } from './QueryCells.tsx';
import { customerEditor, dimensionsEditor, statusEditor } from './queryEditors.tsx';
import { StatusDot } from './StatusDot.tsx';

export type QueryColumnsOptions = {
  /** The deleted view: no inline editing, the deletion reason shown. */
  deleted: boolean;
  /** Saves a cell's partial update; a rejection keeps its dialog open. */
  onSave: (query: Query, patch: Record<string, unknown>) => Promise<unknown>;
  /** Opens the offers modal from the best-offer button (absent: the offer is plain text). */
  onOpenOffers?: (query: Query) => void;
  ownerOptions: { value: string; label: string }[];
  renderActions: (query: Query) => ReactNode;
};

const c = t.columns;

/**
 * Which columns give way first when the table is wider than the screen (highest first): at 1920 px all of SPEC §2
 * shows, at 1366 px beside the drawer the route, the date, the customer and the prices stay.
 */
const QUERY_COLUMN_PRIORITIES: Record<string, number> = {
  loadingPlace: 1,
  unloadingPlace: 1,
  loadingDate: 1,
  cargo: 2,
  customer: 2,
  bestOffer: 3,
  customerPrice: 3,
  customerPriceSuggested: 4,
  status: 5,
  cargoParams: 6,
  distance: 7,
  loadingType: 7,
  user: 9,
  createdDate: 9,
  additionalInfo: 10,
};

/** The columns of SPEC §2 Queries table, in its order, most of them editable in place. */
export function queryColumns(options: QueryColumnsOptions): ColumnDef<Query>[] {
  const { deleted } = options;
  const editable = editableCells(options.onSave, deleted);
  const shared = shipmentColumns(c, editable);

  const columns = shared.finish(
    [
      { id: 'id', header: c.id, cell: (q) => q.id, sortKey: 'id', width: 64 },
      {
        id: 'status',
        header: c.status,
        align: 'center',
        cell: (q) => editable(q, c.status, 'status', statusEditor, <StatusDot status={q.status} />),
      },
      shared.cargo,
      {
        id: 'cargoParams',
        header: c.cargoParams,
        cell: (q) => editable(q, c.cargoParams, 'cargoParams', dimensionsEditor, <CargoParamsCell query={q} />),
      },
      shared.place('loading', (q) => <PlaceCell query={q} side="loading" />),
      shared.place('unloading', (q) => <PlaceCell query={q} side="unloading" />),
      shared.date('loadingDate', c.loadingDate, t.fields.dates),
      { id: 'distance', header: c.distance, sortKey: 'distance', cell: (q) => <DistanceCell query={q} /> },
      shared.price(
        c.customerPrice,
        'customerPrice',
        'customerPriceCurrency',
        priceEditor('customerPrice', 'customerPriceCurrency'),
      ),
      shared.price(
        c.customerPriceSuggested,
        'customerPriceSuggested',
        'customerPriceCurrency',
        priceEditor('customerPriceSuggested', 'customerPriceCurrency'),
      ),
      {
        id: 'bestOffer',
        header: c.bestOffer,
        sortKey: 'bestOffer',
        cell: (q) => <BestOfferButton query={q} onOpen={deleted ? undefined : options.onOpenOffers} />,
      },
      shared.loadingType,
      shared.customer(customerEditor, (r) => (
        <>
          <DebtorMark customerUuid={r.customer?.uuid} />
          {/* Issue 37: a query sent from the customer panel says so, and who sent it. */}
          {r.fromCustomer ? (
            <div title={r.createdBy?.name ?? undefined}>
              <Badge size="xs" color="teal" variant="light">
                {customerWindowMessages.fromCustomer}
              </Badge>
              <div style={{ fontSize: 11 }}>{r.createdBy?.name}</div>
            </div>
          ) : null}
        </>
      )),
      shared.additionalInfo,
      shared.createdDate,
      shared.user(options.ownerOptions),
    ],
    deleted,
    options.renderActions,
  );
  return withPriorities(columns, QUERY_COLUMN_PRIORITIES);
}
