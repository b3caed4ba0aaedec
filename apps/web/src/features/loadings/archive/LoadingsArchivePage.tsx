import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import {
  type ArchivedLoading,
  DEBOUNCE_MS,
  EMPTY_VALUE,
  formatWallClock,
  LOADINGS_ARCHIVE_PAGE_SIZE,
} from '@spedycja/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { useListState } from '../../../components/DataTable/useListState.ts';
import { FilterRow } from '../../../components/FilterRow/FilterRow.tsx';
import type { FilterDef } from '../../../components/FilterRow/types.ts';
import { ListPageHeader } from '../../../components/ListPageHeader.tsx';
import { api, type QueryParams } from '../../../lib/apiClient.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { InvoiceModal } from '../../invoices/index.ts';
import { OrderModal, orderKeys } from '../../orders/index.ts';
import { loadingsMessages as t } from '../messages.ts';

const a = t.archive;

const filterDefs: FilterDef[] = [
  { kind: 'text', name: 'number', label: a.filters.number, width: 120 },
  { kind: 'dateRange', name: 'unloadingDate', label: a.filters.unloadingDate },
  { kind: 'text', name: 'customer', label: a.filters.customer, width: 200 },
  { kind: 'text', name: 'carrier', label: a.filters.carrier, width: 200 },
];

/** GET /api/loadings/archive: finished loadings, the latest unloading first, 15 a page. */
function useArchive(params: QueryParams) {
  return useQuery({
    // Under the orders' lists: a confirmation or an edit of an order refreshes the archive too.
    queryKey: orderKeys.list({ archive: true, ...params }),
    queryFn: ({ signal }) => api.list<ArchivedLoading>('/loadings/archive', params, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorAction: t.orderLoadList },
  });
}

function StateBadges({ order }: { order: ArchivedLoading }) {
  const flag = (on: boolean, yes: string, no: string) => (
    <Badge size="sm" variant="light" color={on ? 'green' : 'gray'} component="span">
      {on ? yes : no}
    </Badge>
  );
  return (
    <Group gap={4}>
      {flag(order.loadingFinished, a.loaded, a.notLoaded)}
      {flag(order.unloadingFinished, a.unloaded, a.notUnloaded)}
      {flag(order.customerPaid, a.paid, a.notPaid)}
    </Group>
  );
}

const partyName = (p: ArchivedLoading['customer']) => p?.companyName || p?.name || EMPTY_VALUE;

/** /loadings/archive: every finished loading with its route, dates, parties, driver, state and invoices. */
export function LoadingsArchivePage() {
  const { filterValues, filterParams, page, setFilters, setPage } = useListState(filterDefs);
  const { isAdmin } = useAuth();
  const [order, setOrder] = useState<string | null>(null);
  const [invoice, setInvoice] = useState<string | null>(null);
  const closeOrder = useCallback(() => setOrder(null), []);
  const closeInvoice = useCallback(() => setInvoice(null), []);
  const params = useMemo(
    () => ({ ...filterParams, page, itemsPerPage: LOADINGS_ARCHIVE_PAGE_SIZE }),
    [filterParams, page],
  );
  const list = useArchive(params);
  const rows = list.data?.['hydra:member'] ?? [];
  const total = list.data?.['hydra:totalItems'];

  const columns = useMemo<ColumnDef<ArchivedLoading>[]>(
    () => [
      {
        id: 'number',
        header: a.columns.number,
        nowrap: true,
        cell: (o) => (
          <Anchor component="button" type="button" fw={600} size="sm" onClick={() => setOrder(o.uuid)}>
            {o.number}
          </Anchor>
        ),
      },
      {
        id: 'route',
        header: a.columns.route,
        cell: (o) => `${o.loadingCity ?? EMPTY_VALUE} → ${o.unloadingCity ?? EMPTY_VALUE}`,
      },
      { id: 'loadingDate', header: a.columns.loadingDate, nowrap: true, cell: (o) => formatWallClock(o.loadingDate) },
      {
        id: 'unloadingDate',
        header: a.columns.unloadingDate,
        nowrap: true,
        cell: (o) => formatWallClock(o.unloadingDate),
      },
      { id: 'customer', header: a.columns.customer, cell: (o) => partyName(o.customer) },
      { id: 'carrier', header: a.columns.carrier, cell: (o) => partyName(o.carrier) },
      {
        id: 'driver',
        header: a.columns.driver,
        cell: (o) => (
          <Stack gap={0}>
            <Text span size="sm">
              {o.driverName || EMPTY_VALUE}
            </Text>
            <Text span size="xs" c="dimmed">
              {[o.truck, o.trailer].filter(Boolean).join(' / ') || EMPTY_VALUE}
            </Text>
          </Stack>
        ),
      },
      { id: 'state', header: a.columns.state, cell: (o) => <StateBadges order={o} /> },
      {
        id: 'invoice',
        header: a.columns.invoice,
        cell: (o) =>
          o.invoices.length === 0 ? (
            EMPTY_VALUE
          ) : (
            <Stack gap={0}>
              {o.invoices.map((i) =>
                isAdmin ? (
                  <Anchor key={i.uuid} component="button" type="button" size="sm" onClick={() => setInvoice(i.uuid)}>
                    {`${i.type === 'proforma' ? 'ProForma' : i.type === 'vat' ? 'VAT' : 'Korekta'} ${i.number}`}
                  </Anchor>
                ) : (
                  <Text key={i.uuid} span size="sm">
                    {`${i.type === 'proforma' ? 'ProForma' : i.type === 'vat' ? 'VAT' : 'Korekta'} ${i.number}`}
                  </Text>
                ),
              )}
            </Stack>
          ),
      },
    ],
    [isAdmin],
  );

  return (
    <Stack gap="sm">
      <ListPageHeader
        title={a.title}
        found={total === undefined ? undefined : a.found(total)}
        addLabel=""
        onAdd={undefined}
      />
      <FilterRow
        filters={filterDefs}
        onApply={setFilters}
        initialValues={filterValues}
        debounceMs={DEBOUNCE_MS.orderFilters}
      />
      <DataTable
        mode="pages"
        label={a.tableLabel}
        exportable={{ path: '/loadings/archive', params }}
        columns={columns}
        rows={rows}
        rowKey={(o) => o.uuid}
        rowProps={(o) => ({ 'aria-label': a.rowLabel(o.number) })}
        loading={list.isFetching}
        page={page}
        pageSize={LOADINGS_ARCHIVE_PAGE_SIZE}
        totalItems={total ?? 0}
        onPageChange={setPage}
      />
      <OrderModal opened={order !== null} orderUuid={order} onClose={closeOrder} />
      <InvoiceModal opened={invoice !== null} invoiceUuid={invoice} onClose={closeInvoice} />
    </Stack>
  );
}
