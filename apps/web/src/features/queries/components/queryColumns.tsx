import type { Query } from '@spedycja/domain';
import type { ReactNode } from 'react';
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

/** The columns of SPEC §2 Queries table, in its order, most of them editable in place. */
/** The columns that start hidden (the column chooser shows them): the usual ones fit a 1366 px laptop. */
export const QUERY_COLUMNS_HIDDEN_BY_DEFAULT = [
  // The list starts filtered to 'aktywne': the status column shows once the filter is widened (or chosen).
  'status',
  'cargoParams',
  'distance',
  'customerPrice',
  'loadingType',
  'additionalInfo',
  'createdDate',
  'user',
] as const;

export function queryColumns(options: QueryColumnsOptions): ColumnDef<Query>[] {
  const { deleted } = options;
  const editable = editableCells(options.onSave, deleted);
  const shared = shipmentColumns(c, editable);

  return shared.finish(
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
      shared.customer(customerEditor, (r) => <DebtorMark customerUuid={r.customer?.uuid} />),
      shared.additionalInfo,
      shared.createdDate,
      shared.user(options.ownerOptions),
    ],
    deleted,
    options.renderActions,
  );
}
