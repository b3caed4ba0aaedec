import { Badge, Group } from '@mantine/core';
import type { Offer } from '@spedycja/domain';
import { type ReactNode, useMemo } from 'react';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { DateTimeText, MoneyText, PhoneText, TextValue } from '../../../components/display.tsx';
import { RecordMark } from '../../carriers/index.ts';
import { verificationTexts, WarningBadges } from '../../verification/index.ts';
import { offersMessages as t } from '../messages.ts';

export type OffersTableProps = {
  rows: Offer[];
  totalItems: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** A row's edit and delete buttons; without it the table is read-only (no actions column). */
  actions?: (offer: Offer) => ReactNode;
};

const carrierName = (o: Offer) => o.carrier?.companyName || o.carrier?.name || null;

/** The offer an order took is marked on its row (and to assistive technology, through the row's name). */
const rowProps = (o: Offer) => ({
  'aria-label': o.chosenBy ? `${t.rowLabel(o.id)}, ${t.chosen}` : t.rowLabel(o.id),
  ...(o.chosenBy ? { style: { background: 'var(--mantine-color-teal-light)' } } : {}),
});

/** A query's carrier offers, one page of them (SPEC §2 Offers table): in the offers modal and the read-only query. */
export function OffersTable({ rows, totalItems, loading, page, pageSize, onPageChange, actions }: OffersTableProps) {
  const columns = useMemo<ColumnDef<Offer>[]>(
    () => [
      { id: 'id', header: t.columns.id, cell: (o) => o.id, width: 60 },
      {
        id: 'carrier',
        header: t.columns.carrier,
        cell: (o) => (
          <>
            <Group gap={6} wrap="nowrap">
              <TextValue value={carrierName(o)} max={40} />
              <RecordMark rating={o.carrier?.rating} onTimeRate={o.carrier?.onTimeRate} />
              {o.chosenBy && (
                <Badge size="xs" color="teal" variant="filled">
                  {t.chosen}
                </Badge>
              )}
            </Group>
            <WarningBadges warnings={o.warnings ?? []} label={verificationTexts.orderWarnings} size="xs" />
          </>
        ),
      },
      { id: 'price', header: t.columns.price, cell: (o) => <MoneyText value={o.price} currency={o.currency} /> },
      {
        id: 'phone',
        header: t.columns.phone,
        cell: (o) => (
          <PhoneText prefix={o.phone ? o.phonePrefix : o.carrier?.phonePrefix} phone={o.phone ?? o.carrier?.phone} />
        ),
      },
      { id: 'email', header: t.columns.email, cell: (o) => <TextValue value={o.email ?? o.carrier?.email} /> },
      { id: 'acquiredBy', header: t.columns.acquiredBy, cell: (o) => o.acquiredBy },
      { id: 'createdDate', header: t.columns.createdDate, cell: (o) => <DateTimeText value={o.createdDate} /> },
      ...(actions
        ? [
            {
              id: 'actions',
              header: t.columns.actions,
              width: 90,
              cell: (o: Offer) => (
                <Group gap={2} wrap="nowrap">
                  {actions(o)}
                </Group>
              ),
            },
          ]
        : []),
    ],
    [actions],
  );

  return (
    <DataTable
      mode="pages"
      label={t.tableLabel}
      columns={columns}
      rows={rows}
      rowKey={(o) => o.uuid}
      rowProps={rowProps}
      loading={loading}
      page={page}
      pageSize={pageSize}
      totalItems={totalItems}
      onPageChange={onPageChange}
    />
  );
}
