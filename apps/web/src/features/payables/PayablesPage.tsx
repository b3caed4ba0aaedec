import { Button, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { type CarrierInvoice, DEBOUNCE_MS, formatMoney, type TransferBatch } from '@spedycja/domain';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { cappedTotalLabel, sortToParams } from '../../components/DataTable/paging.ts';
import type { ColumnDef } from '../../components/DataTable/types.ts';
import { useListState } from '../../components/DataTable/useListState.ts';
import { DateText, StatusBadge } from '../../components/display.tsx';
import { FilterRow } from '../../components/FilterRow/FilterRow.tsx';
import type { FilterDef } from '../../components/FilterRow/types.ts';
import { IconCheck, IconCoins, IconReceipt } from '../../components/icons.tsx';
import { ListPageHeader } from '../../components/ListPageHeader.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { isApiError, type Violation } from '../../lib/apiClient.ts';
import { type PortalInvoice, useDocumentsArrived, usePayables, usePortalInvoices, usePrepareBatch } from './api.ts';
import { CarrierInvoiceModal } from './CarrierInvoiceModal.tsx';
import { CarrierInvoicePaymentsModal } from './CarrierInvoicePaymentsModal.tsx';
import { payablesUiMessages as t } from './messages.ts';
import { PortalInvoiceConfirm } from './PortalInvoiceConfirm.tsx';
import { TransferBatchModal } from './TransferBatchModal.tsx';

const PAGE_SIZE = 30;

const filterDefs = (): FilterDef[] => [
  {
    kind: 'select',
    name: 'status',
    label: t.filters.status,
    width: 170,
    options: Object.entries(t.filters.statuses).map(([value, label]) => ({ value, label })),
  },
  { kind: 'text', name: 'number', label: t.filters.number, width: 180 },
];

/** A batch the server did not make (every line refused): its refusals, by the index each violation names. */
function refusedOnly(invoices: string[], violations: Violation[]): TransferBatch {
  return {
    '@id': '',
    '@type': 'TransferBatch',
    uuid: '',
    version: 0,
    status: 'przygotowana',
    executionDate: '',
    lines: [],
    totals: [],
    exportedAt: null,
    cancelReason: null,
    createdAt: '',
    refused: violations.map((v) => {
      const [number, message] = v.message.includes(': ') ? v.message.split(/: (.*)/s) : ['', v.message];
      return {
        invoice: invoices[Number(/\[(\d+)\]/.exec(v.propertyPath)?.[1] ?? 0)] ?? '',
        number,
        code: message === t.whitelistRefused ? 'whitelist_unconfirmed' : 'refused',
        message: message ?? v.message,
      };
    }),
  };
}

const portalColumns: ColumnDef<PortalInvoice>[] = [
  { id: 'file', header: t.portalColumns.file, minWidth: 160, cell: (d) => d.fileName },
  { id: 'order', header: t.portalColumns.order, nowrap: true, cell: (d) => d.order.number ?? '' },
  { id: 'carrier', header: t.portalColumns.carrier, minWidth: 140, cell: (d) => d.carrier?.name ?? '' },
  { id: 'number', header: t.portalColumns.number, nowrap: true, cell: (d) => d.invoiceFigures.number ?? '—' },
  {
    id: 'issueDate',
    header: t.portalColumns.issueDate,
    nowrap: true,
    cell: (d) => <DateText value={d.invoiceFigures.issueDate} />,
  },
  {
    id: 'gross',
    header: t.portalColumns.gross,
    align: 'right',
    nowrap: true,
    cell: (d) => (d.invoiceFigures.grossAmount === null ? '—' : formatMoney(d.invoiceFigures.grossAmount, 'pln')),
  },
  { id: 'addedAt', header: t.portalColumns.addedAt, nowrap: true, cell: (d) => <DateText value={d.addedAt} /> },
  {
    id: 'actions',
    header: t.portalColumns.actions,
    nowrap: true,
    cell: (d) => <PortalInvoiceConfirm document={d} />,
  },
];

/**
 * The carriers' invoice PDFs from their links that wait for 'Potwierdź fakturę' (the same confirmation as on the
 * order's documents: POST /api/carrier_invoices/from_portal/{document}); shown only while there are some.
 */
function PortalInvoicesToConfirm() {
  const [page, setPage] = useState(1);
  const list = usePortalInvoices({ page, itemsPerPage: PAGE_SIZE });
  const total = list.data?.['hydra:totalItems'] ?? 0;
  if (total === 0) return null;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t.portalTitle} ({total})
      </Text>
      <DataTable
        mode="pages"
        label={t.portalTable}
        columns={portalColumns}
        rows={list.data?.['hydra:member'] ?? []}
        rowKey={(d) => d.uuid}
        rowProps={(d) => ({ 'aria-label': `${t.portalColumns.file} ${d.fileName}` })}
        loading={list.isFetching}
        page={page}
        pageSize={PAGE_SIZE}
        totalItems={total}
        onPageChange={setPage}
      />
    </Stack>
  );
}

const statusColor: Record<CarrierInvoice['status'], string> = {
  czeka_na_dokumenty: 'gray',
  do_zaplaty: 'blue',
  po_terminie: 'red',
  w_paczce: 'violet',
  zaplacona: 'green',
  wstrzymana: 'orange',
};

/**
 * /payables ('Do zapłaty', admins): carriers' invoices with something due — this week's, the overdue, the held ones
 * with why — their sums per currency; the lines chosen become a transfer batch ('Przygotuj przelewy').
 */
export function PayablesPage() {
  const filters = useMemo(filterDefs, []);
  // Filters, sort and page in the address, as every list (the KSeF invoices' page the same way).
  const { filterValues, filterParams, sort, page, setFilters, setSort, setPage } = useListState(filters);
  const [selected, setSelected] = useState<Map<string, CarrierInvoice>>(new Map());
  const [batch, setBatch] = useState<TransferBatch | null>(null);
  const [paymentsOf, setPaymentsOf] = useState<CarrierInvoice | null>(null);
  const [adding, setAdding] = useState(false);
  const [correcting, setCorrecting] = useState<CarrierInvoice | null>(null);
  const params = useMemo(
    () => ({ ...filterParams, ...sortToParams(sort), page, itemsPerPage: PAGE_SIZE }),
    [filterParams, sort, page],
  );
  const list = usePayables(params);
  const prepare = usePrepareBatch();
  const documents = useDocumentsArrived();
  const rows = list.data?.['hydra:member'] ?? [];
  const total = list.data?.['hydra:totalItems'];

  const toggle = (row: CarrierInvoice) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.uuid)) next.delete(row.uuid);
      else next.set(row.uuid, row);
      return next;
    });

  const submit = async (overrides: { invoice: string; reason: string }[] = [], only?: string[]) => {
    const invoices = only ?? [...selected.values()].map((r) => r['@id']);
    try {
      const made = await prepare.mutateAsync({ invoices, whitelistOverrides: overrides });
      setBatch(made);
      setSelected(new Map());
    } catch (error) {
      // Every line refused (notified by the mutation): the refusals shown as a batch not made, so that a reason can
      // let an account the white list does not hold through.
      if (isApiError(error) && error.status === 422 && error.violations.length > 0) {
        setBatch(refusedOnly(invoices, error.violations));
      }
    }
  };

  const columns: ColumnDef<CarrierInvoice>[] = [
    {
      id: 'select',
      header: t.columns.select,
      width: 60,
      cell: (r) => (
        <Checkbox
          aria-label={`${t.columns.select} ${r.number}`}
          checked={selected.has(r.uuid)}
          disabled={r.status === 'w_paczce' || r.status === 'czeka_na_dokumenty'}
          onChange={() => toggle(r)}
        />
      ),
    },
    {
      id: 'number',
      header: t.columns.number,
      sortKey: 'number',
      nowrap: true,
      cell: (r) => (
        <Text fw={600} inherit>
          {r.number}
        </Text>
      ),
    },
    { id: 'carrier', header: t.columns.carrier, minWidth: 160, cell: (r) => r.carrier.name ?? '' },
    {
      id: 'orders',
      header: t.columns.orders,
      cell: (r) => r.orders.map((o) => o.order.number).join(', '),
    },
    {
      id: 'issueDate',
      header: t.columns.issueDate,
      sortKey: 'issueDate',
      nowrap: true,
      cell: (r) => <DateText value={r.issueDate} />,
    },
    {
      id: 'documents',
      header: t.columns.documents,
      nowrap: true,
      cell: (r) => <DateText value={r.documentsReceivedDate} />,
    },
    {
      id: 'dueDate',
      header: t.columns.dueDate,
      sortKey: 'dueDate',
      nowrap: true,
      cell: (r) => (r.dueDate ? <DateText value={r.dueDate} /> : t.waitsForDocuments),
    },
    {
      id: 'due',
      header: t.columns.due,
      sortKey: 'dueAmount',
      align: 'right',
      nowrap: true,
      cell: (r) => formatMoney(r.dueAmount, r.currency),
    },
    {
      id: 'status',
      header: t.columns.status,
      cell: (r) => (
        <StatusBadge variant="light" color={statusColor[r.status]}>
          {t.statusLabels[r.status]}
        </StatusBadge>
      ),
    },
    {
      id: 'warnings',
      header: t.columns.warnings,
      cell: (r) => (
        <Stack gap={2}>
          {r.warnings.map((w) => (
            <Text key={w.code} size="xs" c="orange.8">
              {w.message}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      id: 'actions',
      header: t.columns.actions,
      nowrap: true,
      cell: (r) => (
        <Group gap={2} wrap="nowrap">
          {!r.documentsReceivedDate && (
            <RowAction
              label={t.documentsArrived}
              onClick={() => documents.mutate({ uuid: r.uuid, date: dayjs().format('YYYY-MM-DD') })}
            >
              <IconCheck />
            </RowAction>
          )}
          <RowAction label={t.payments} onClick={() => setPaymentsOf(r)}>
            <IconCoins />
          </RowAction>
          {r.status !== 'w_paczce' && (
            <RowAction label={t.corrective} onClick={() => setCorrecting(r)}>
              <IconReceipt />
            </RowAction>
          )}
        </Group>
      ),
    },
  ];

  const totals = list.data?.totals ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <ListPageHeader title={t.title} found={total === undefined ? undefined : t.found(total)} addLabel="" />
        <Group>
          <Button variant="light" onClick={() => setAdding(true)}>
            {t.add}
          </Button>
          <Text size="sm">{t.selected(selected.size)}</Text>
          <Tooltip label={t.batchEmpty} disabled={selected.size > 0}>
            <Button disabled={selected.size === 0} loading={prepare.isPending} onClick={() => void submit()}>
              {t.prepare}
            </Button>
          </Tooltip>
        </Group>
      </Group>
      <PortalInvoicesToConfirm />
      <FilterRow
        filters={filters}
        initialValues={filterValues}
        onApply={setFilters}
        debounceMs={DEBOUNCE_MS.defaultFilters}
      />
      <Group gap="lg" aria-label={t.sums}>
        {list.data?.totalsCapped ? (
          <Text size="sm">
            {t.sums}: {t.sumsCapped(cappedTotalLabel(list.data['hydra:totalItems']))}
          </Text>
        ) : null}
        {totals.map((s) => (
          <Text key={s.currency} size="sm">
            {t.sums}: <b>{formatMoney(s.amount, s.currency)}</b> ({s.count})
          </Text>
        ))}
      </Group>
      <DataTable
        mode="pages"
        label={t.tableLabel}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.uuid}
        rowProps={(r) => ({ 'aria-label': `Faktura przewoźnika ${r.number}` })}
        loading={list.isFetching}
        sort={sort}
        onSortChange={setSort}
        page={page}
        pageSize={PAGE_SIZE}
        totalItems={total ?? 0}
        onPageChange={setPage}
      />
      <TransferBatchModal
        batch={batch}
        onClose={() => setBatch(null)}
        onChange={setBatch}
        onOverride={(overrides) =>
          void submit(
            overrides,
            overrides.map((o) => o.invoice),
          )
        }
        overriding={prepare.isPending}
      />
      <CarrierInvoicePaymentsModal invoice={paymentsOf} onClose={() => setPaymentsOf(null)} />
      <CarrierInvoiceModal opened={adding} onClose={() => setAdding(false)} onSaved={() => setAdding(false)} />
      {correcting && (
        <CarrierInvoiceModal
          key={correcting.uuid}
          opened
          corrects={correcting}
          onClose={() => setCorrecting(null)}
          onSaved={() => setCorrecting(null)}
        />
      )}
    </Stack>
  );
}
