import {
  DELETION_REASONS,
  dayOf,
  dimensionsText,
  formatMeasure,
  type LoadingType,
  loadingTypeLabels,
  type Order,
} from '@spedycja/domain';
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
} from '../../../components/shipment/shipmentEditors.tsx';
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
};

const c = t.columns;
const partyName = (p: Order['customer']) => p?.companyName || p?.name;

/** The columns of SPEC §2 Orders table, in its order, most of them editable in place. */
export function orderColumns(options: OrderColumnsOptions): ColumnDef<Order>[] {
  const { deleted } = options;
  const editable = editableCells(options.onSave, deleted);

  const list: ColumnDef<Order>[] = [
    { id: 'id', header: c.id, cell: (o) => <NumberCell order={o} />, sortKey: 'id' },
    {
      id: 'status',
      header: c.status,
      cell: (o) => editable(o, c.status, 'status', statusEditor, <StatusBadge status={o.status} />),
    },
    {
      id: 'cargo',
      header: c.cargo,
      sortKey: 'cargo',
      cell: (o) => editable(o, c.cargo, 'cargo', cargoEditor, <TextValue value={o.cargo} max={20} />),
    },
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
    {
      id: 'loadingPlace',
      header: c.loadingPlace,
      sortKey: 'loadingCity',
      cell: (o) =>
        editable(o, c.loadingPlace, 'loadingPlace', placeEditor('loading'), <PlaceCell order={o} side="loading" />),
    },
    {
      id: 'unloadingPlace',
      header: c.unloadingPlace,
      sortKey: 'unloadingCity',
      cell: (o) =>
        editable(
          o,
          c.unloadingPlace,
          'unloadingPlace',
          placeEditor('unloading'),
          <PlaceCell order={o} side="unloading" />,
        ),
    },
    {
      id: 'loadingDate',
      header: c.loadingDate,
      sortKey: 'loadingDate',
      cell: (o) =>
        editable(
          o,
          c.loadingDate,
          'loadingDate',
          datesEditor('loadingDate'),
          <DateText value={dayOf(o.loadingDate)} />,
        ),
    },
    {
      id: 'unloadingDate',
      header: c.unloadingDate,
      sortKey: 'unloadingDate',
      cell: (o) =>
        editable(
          o,
          c.unloadingDate,
          'unloadingDate',
          datesEditor('unloadingDate'),
          <DateText value={dayOf(o.unloadingDate)} />,
        ),
    },
    { id: 'distance', header: c.distance, sortKey: 'distance', cell: (o) => <DistanceCell order={o} /> },
    {
      id: 'customerPrice',
      header: c.customerPrice,
      sortKey: 'customerPrice',
      cell: (o) =>
        editable(
          o,
          c.customerPrice,
          'customerPrice',
          customerPriceEditor,
          <MoneyText value={o.customerPrice} currency={o.customerPriceCurrency} />,
        ),
    },
    {
      id: 'carrierPrice',
      header: c.carrierPrice,
      sortKey: 'carrierPrice',
      cell: (o) =>
        editable(
          o,
          c.carrierPrice,
          'carrierPrice',
          carrierPriceEditor,
          <MoneyText value={o.carrierPrice} currency={o.carrierPriceCurrency} />,
        ),
    },
    {
      id: 'loadingType',
      header: c.loadingType,
      sortKey: 'loadingType',
      cell: (o) =>
        editable(
          o,
          c.loadingType,
          'loadingType',
          loadingTypeEditor,
          loadingTypeLabels[o.loadingType as LoadingType] ?? o.loadingType,
        ),
    },
    {
      id: 'customer',
      header: c.customer,
      sortKey: 'customer.companyName',
      cell: (o) =>
        editable(o, c.customer, 'customer', customerEditor, <TextValue value={partyName(o.customer)} max={30} />),
    },
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
        editable(o, c.carrier, 'carrier', carrierEditor, <TextValue value={partyName(o.carrier)} max={30} />),
    },
    {
      id: 'user',
      header: c.user,
      sortKey: 'user.name',
      cell: (o) => editable(o, c.user, 'user', ownerEditor(options.ownerOptions), <TextValue value={o.user?.name} />),
    },
    {
      id: 'createdDate',
      header: c.createdDate,
      sortKey: 'createdDate',
      cell: (o) => <DateTimeText value={o.createdDate} />,
    },
    {
      id: 'additionalInfo',
      header: c.additionalInfo,
      cell: (o) =>
        editable(
          o,
          c.additionalInfo,
          'additionalInfo',
          additionalInfoEditor,
          <TextValue value={o.additionalInfo} max={30} />,
        ),
    },
  ];
  if (deleted) {
    list.push({
      id: 'deletionReason',
      header: c.deletionReason,
      cell: (o) => DELETION_REASONS[o.deletionReason] ?? String(o.deletionReason),
    });
  }
  list.push({ id: 'actions', header: c.actions, cell: options.renderActions });
  // Every value is short (long texts are truncated): one line per value keeps the rows even.
  return list.map((column) => ({ ...column, nowrap: true }));
}
