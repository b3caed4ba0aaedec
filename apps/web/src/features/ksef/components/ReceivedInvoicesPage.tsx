import { Anchor, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DEBOUNCE_MS, formatMoney, type Order, type ReceivedInvoice } from '@spedycja/domain';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { sortToParams } from '../../../components/DataTable/paging.ts';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { useListState } from '../../../components/DataTable/useListState.ts';
import { DateText } from '../../../components/display.tsx';
import { FilterRow } from '../../../components/FilterRow/FilterRow.tsx';
import type { FilterDef } from '../../../components/FilterRow/types.ts';
import { IconCoins, IconDownload, IconOrders, IconReceipt } from '../../../components/icons.tsx';
import { ListPageHeader } from '../../../components/ListPageHeader.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { api } from '../../../lib/apiClient.ts';
import { saveFile } from '../../../lib/download.ts';
import { notifyError } from '../../../lib/notify.ts';
import { OrderModal } from '../../orders/index.ts';
import { payablesUiMessages, useCarrierInvoiceFromKsef } from '../../payables/index.ts';
import { useAssignReceived, useReceivedInvoices, useSyncKsef } from '../api/ksef.ts';
import { ksefUiMessages as m } from '../messages.ts';

const t = m.received;
const PAGE_SIZE = 15;

const filterDefs = (): FilterDef[] => [
  {
    kind: 'select',
    name: 'matched',
    label: t.filters.matched,
    width: 170,
    options: [
      { value: 'true', label: t.filters.matchedYes },
      { value: 'false', label: t.filters.matchedNo },
    ],
  },
  { kind: 'text', name: 'sellerNip', label: t.filters.seller, width: 180 },
];

/** Whether the invoice agrees with the order's carrier price ('zgodna z ceną' / 'różnica …'). */
export function matchText(invoice: ReceivedInvoice): string | null {
  if (invoice.priceMatches === null || invoice.difference === null) return null;
  return invoice.priceMatches ? t.matches : t.differs(formatMoney(Math.abs(invoice.difference), invoice.currency));
}

/** The invoice as KSeF gave it (XML) or printed from it (PDF), under the server's file name. */
function download(invoice: ReceivedInvoice, format: 'pdf' | 'xml') {
  api
    .file(`/received_invoices/${invoice.uuid}/${format}`)
    .then(({ blob, fileName }) => saveFile(blob, fileName ?? `${invoice.ksefNumber}.${format}`))
    .catch((error: unknown) => notifyError(t.downloadAction, error));
}

/** /invoices/received: the carriers' invoices fetched from KSeF, their orders, 'Przypisz do zlecenia'. */
export function ReceivedInvoicesPage() {
  const filters = useMemo(filterDefs, []);
  // Filters, sort and page in the address, as every list ('Do zapłaty' the same way).
  const { filterValues, filterParams, sort, page, setFilters, setSort, setPage } = useListState(filters);
  const [orderUuid, setOrderUuid] = useState<string | null>(null);
  const [assigning, setAssigning] = useState<ReceivedInvoice | null>(null);
  const [orderNumber, setOrderNumber] = useState('');
  const [assignError, setAssignError] = useState<string | null>(null);
  const params = useMemo(
    () => ({ ...filterParams, ...sortToParams(sort), page, itemsPerPage: PAGE_SIZE }),
    [filterParams, sort, page],
  );
  const list = useReceivedInvoices(params);
  const sync = useSyncKsef();
  const assign = useAssignReceived();
  const fromKsef = useCarrierInvoiceFromKsef();
  const rows = list.data?.['hydra:member'] ?? [];
  const total = list.data?.['hydra:totalItems'];

  const submitAssign = async () => {
    if (!assigning) return;
    const found = await api.list<Order>('/orders', { number: orderNumber.trim(), itemsPerPage: 5 });
    const order = found['hydra:member'].find((o) => o.number === orderNumber.trim());
    if (!order) {
      setAssignError(t.notFound);
      return;
    }
    await assign.mutateAsync({ uuid: assigning.uuid, order: order['@id'] }).catch(() => undefined);
    setAssigning(null);
  };

  const columns: ColumnDef<ReceivedInvoice>[] = [
    {
      id: 'invoiceNumber',
      header: t.columns.invoiceNumber,
      nowrap: true,
      cell: (r) => (
        <Text fw={600} inherit>
          {r.invoiceNumber}
        </Text>
      ),
    },
    {
      id: 'ksefNumber',
      header: t.columns.ksefNumber,
      cell: (r) => (
        <Text size="xs" ff="monospace">
          {r.ksefNumber}
        </Text>
      ),
    },
    {
      id: 'seller',
      header: t.columns.seller,
      cell: (r) => (
        <Stack gap={0}>
          <Text inherit>{r.sellerName ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            NIP: {r.sellerNip}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'issueDate',
      header: t.columns.issueDate,
      sortKey: 'issueDate',
      nowrap: true,
      cell: (r) => <DateText value={r.issueDate} />,
    },
    { id: 'paymentDate', header: t.columns.paymentDate, nowrap: true, cell: (r) => <DateText value={r.paymentDate} /> },
    {
      id: 'net',
      header: t.columns.net,
      align: 'right',
      nowrap: true,
      cell: (r) => formatMoney(r.netAmount, r.currency),
    },
    {
      id: 'gross',
      header: t.columns.gross,
      align: 'right',
      nowrap: true,
      cell: (r) => formatMoney(r.grossAmount, r.currency),
    },
    {
      id: 'order',
      header: t.columns.order,
      nowrap: true,
      cell: (r) =>
        r.order ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setOrderUuid(r.order?.split('/').pop() ?? null)}
          >
            {r.orderNumber}
          </Anchor>
        ) : (
          <DateText value={null} />
        ),
    },
    {
      id: 'match',
      header: t.columns.match,
      cell: (r) => {
        const text = matchText(r);
        return text ? (
          <Badge variant="light" color={r.priceMatches ? 'green' : 'orange'}>
            {text}
          </Badge>
        ) : null;
      },
    },
    {
      id: 'actions',
      header: t.columns.actions,
      nowrap: true,
      cell: (r) => (
        <Group gap={2} wrap="nowrap">
          {!r.order && (
            <RowAction
              label={t.assign}
              onClick={() => {
                setAssigning(r);
                setOrderNumber('');
                setAssignError(null);
              }}
            >
              <IconOrders />
            </RowAction>
          )}
          {r.order && (
            <RowAction label={payablesUiMessages.fromKsef} onClick={() => fromKsef.mutate(r.uuid)}>
              <IconCoins />
            </RowAction>
          )}
          <RowAction label={t.pdf} onClick={() => download(r, 'pdf')}>
            <IconReceipt />
          </RowAction>
          <RowAction label={t.xml} onClick={() => download(r, 'xml')}>
            <IconDownload />
          </RowAction>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <ListPageHeader title={t.title} found={total === undefined ? undefined : t.found(total)} addLabel="" />
        <Button loading={sync.isPending} onClick={() => sync.mutate()}>
          {t.sync}
        </Button>
      </Group>
      <FilterRow
        filters={filters}
        initialValues={filterValues}
        onApply={setFilters}
        debounceMs={DEBOUNCE_MS.defaultFilters}
      />
      <DataTable
        mode="pages"
        label={t.tableLabel}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.uuid}
        rowProps={(r) => ({ 'aria-label': `Faktura przewoźnika ${r.invoiceNumber}` })}
        loading={list.isFetching}
        sort={sort}
        onSortChange={setSort}
        page={page}
        pageSize={PAGE_SIZE}
        totalItems={total ?? 0}
        onPageChange={setPage}
      />
      <Modal
        opened={assigning !== null}
        onClose={() => setAssigning(null)}
        title={assigning ? t.assignTitle(assigning.invoiceNumber) : ''}
      >
        <Stack>
          <TextInput
            label={t.assignOrder}
            value={orderNumber}
            error={assignError}
            onChange={(event) => {
              setOrderNumber(event.currentTarget.value);
              setAssignError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAssigning(null)}>
              {t.cancel}
            </Button>
            <Button loading={assign.isPending} onClick={() => void submitAssign()}>
              {t.assignButton}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <OrderModal opened={orderUuid !== null} orderUuid={orderUuid} onClose={() => setOrderUuid(null)} />
    </Stack>
  );
}
