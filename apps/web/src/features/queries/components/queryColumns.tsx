import { DELETION_REASONS, dayOf, type LoadingType, loadingTypeLabels, type Query } from '@spedycja/domain';
import type { ReactNode } from 'react';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { DateText, DateTimeText, MoneyText, TextValue } from '../../../components/display.tsx';
import { editableCells } from '../../../components/inlineEditors.tsx';
import {
  additionalInfoEditor,
  cargoEditor,
  datesEditor,
  loadingTypeEditor,
  ownerEditor,
  placeEditor,
  priceEditor,
} from '../../../components/shipment/shipmentEditors.tsx';
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
export function queryColumns(options: QueryColumnsOptions): ColumnDef<Query>[] {
  const { deleted } = options;
  const editable = editableCells(options.onSave, deleted);

  const list: ColumnDef<Query>[] = [
    { id: 'id', header: c.id, cell: (q) => q.id, sortKey: 'id', width: 64 },
    {
      id: 'status',
      header: c.status,
      align: 'center',
      cell: (q) => editable(q, c.status, 'status', statusEditor, <StatusDot status={q.status} />),
    },
    {
      id: 'cargo',
      header: c.cargo,
      sortKey: 'cargo',
      cell: (q) => editable(q, c.cargo, 'cargo', cargoEditor, <TextValue value={q.cargo} max={20} />),
    },
    {
      id: 'cargoParams',
      header: c.cargoParams,
      cell: (q) => editable(q, c.cargoParams, 'cargoParams', dimensionsEditor, <CargoParamsCell query={q} />),
    },
    {
      id: 'loadingPlace',
      header: c.loadingPlace,
      sortKey: 'loadingCity',
      cell: (q) =>
        editable(q, c.loadingPlace, 'loadingPlace', placeEditor('loading'), <PlaceCell query={q} side="loading" />),
    },
    {
      id: 'unloadingPlace',
      header: c.unloadingPlace,
      sortKey: 'unloadingCity',
      cell: (q) =>
        editable(
          q,
          c.unloadingPlace,
          'unloadingPlace',
          placeEditor('unloading'),
          <PlaceCell query={q} side="unloading" />,
        ),
    },
    {
      id: 'loadingDate',
      header: c.loadingDate,
      sortKey: 'loadingDate',
      cell: (q) =>
        editable(
          q,
          t.fields.dates,
          'loadingDate',
          datesEditor('loadingDate'),
          <DateText value={dayOf(q.loadingDate)} />,
        ),
    },
    { id: 'distance', header: c.distance, sortKey: 'distance', cell: (q) => <DistanceCell query={q} /> },
    {
      id: 'customerPrice',
      header: c.customerPrice,
      sortKey: 'customerPrice',
      cell: (q) =>
        editable(
          q,
          c.customerPrice,
          'customerPrice',
          priceEditor('customerPrice', 'customerPriceCurrency'),
          <MoneyText value={q.customerPrice} currency={q.customerPriceCurrency} />,
        ),
    },
    {
      id: 'customerPriceSuggested',
      header: c.customerPriceSuggested,
      sortKey: 'customerPriceSuggested',
      cell: (q) =>
        editable(
          q,
          c.customerPriceSuggested,
          'customerPriceSuggested',
          priceEditor('customerPriceSuggested', 'customerPriceCurrency'),
          <MoneyText value={q.customerPriceSuggested} currency={q.customerPriceCurrency} />,
        ),
    },
    {
      id: 'bestOffer',
      header: c.bestOffer,
      sortKey: 'bestOffer',
      cell: (q) => <BestOfferButton query={q} onOpen={deleted ? undefined : options.onOpenOffers} />,
    },
    {
      id: 'loadingType',
      header: c.loadingType,
      sortKey: 'loadingType',
      cell: (q) =>
        editable(
          q,
          c.loadingType,
          'loadingType',
          loadingTypeEditor,
          loadingTypeLabels[q.loadingType as LoadingType] ?? q.loadingType,
        ),
    },
    {
      id: 'customer',
      header: c.customer,
      sortKey: 'customer.companyName',
      cell: (q) =>
        editable(
          q,
          c.customer,
          'customer',
          customerEditor,
          <TextValue value={q.customer?.companyName || q.customer?.name} max={30} />,
        ),
    },
    {
      id: 'additionalInfo',
      header: c.additionalInfo,
      cell: (q) =>
        editable(
          q,
          c.additionalInfo,
          'additionalInfo',
          additionalInfoEditor,
          <TextValue value={q.additionalInfo} max={30} />,
        ),
    },
    {
      id: 'createdDate',
      header: c.createdDate,
      sortKey: 'createdDate',
      cell: (q) => <DateTimeText value={q.createdDate} />,
    },
    {
      id: 'user',
      header: c.user,
      sortKey: 'user.name',
      cell: (q) => editable(q, c.user, 'user', ownerEditor(options.ownerOptions), <TextValue value={q.user?.name} />),
    },
  ];
  if (deleted) {
    list.push({
      id: 'deletionReason',
      header: c.deletionReason,
      cell: (q) => DELETION_REASONS[q.deletionReason] ?? String(q.deletionReason),
    });
  }
  list.push({ id: 'actions', header: c.actions, cell: options.renderActions });
  // Every value is short (long texts are truncated): one line per value keeps the rows even.
  return list.map((column) => ({ ...column, nowrap: true }));
}
