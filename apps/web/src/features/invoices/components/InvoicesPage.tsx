import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import {
  DEBOUNCE_MS,
  formatDate,
  formatMoney,
  INVOICE_PAYMENT_STATUSES,
  type Invoice,
  type InvoiceType,
  KSEF_STATUSES,
  ksefStatusLabels,
} from '@spedycja/domain';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { cappedTotalLabel, sortToParams } from '../../../components/DataTable/paging.ts';
import type { SortState } from '../../../components/DataTable/types.ts';
import { FilterRow } from '../../../components/FilterRow/FilterRow.tsx';
import { defaultFilterValues, filtersToParams } from '../../../components/FilterRow/filterParams.ts';
import type { ApiParams, FilterDef } from '../../../components/FilterRow/types.ts';
import { ListPageHeader } from '../../../components/ListPageHeader.tsx';
import { listTotal } from '../../../lib/hydra.ts';
import { InterestModal } from '../../interest/index.ts';
import { ksefUiMessages, useDownloadUpo, useSendToKsef } from '../../ksef/index.ts';
import { OrderModal } from '../../orders/index.ts';
import { PaymentsModal, paymentsUiMessages } from '../../receivables/index.ts';
import { INVOICES_PAGE_SIZE, useInvoiceSummary, useInvoices } from '../api/getInvoices.ts';
import { useDeleteInvoice, useDownloadInvoice, useSendInvoice, useUpdateInvoice } from '../api/mutations.ts';
import { invoicesMessages as t } from '../messages.ts';
import { InvoiceModal, type InvoiceModalPreset } from './InvoiceModal.tsx';
import { InvoiceRowActions } from './InvoiceRowActions.tsx';
import { invoiceColumns } from './invoiceColumns.tsx';
import { monthFilter, withoutMonthWhenOverdue } from './monthFilter.tsx';

const invoiceFilterDefs = (type: InvoiceType): FilterDef[] => [
  monthFilter(),
  { kind: 'text', name: 'customer', label: t.filters.search, width: 220 },
  ...(type === 'proforma'
    ? []
    : [
        {
          kind: 'select' as const,
          name: 'ksefStatus',
          label: t.filters.ksef,
          width: 150,
          options: KSEF_STATUSES.map((value) => ({ value, label: ksefStatusLabels[value] })),
        },
      ]),
  {
    kind: 'select',
    name: 'paid',
    label: t.filters.paid,
    width: 150,
    options: [
      { value: 'true', label: t.filters.paidYes },
      { value: 'false', label: t.filters.paidNo },
    ],
  },
  {
    kind: 'select',
    name: 'paymentStatus',
    label: t.filters.paymentStatus,
    width: 170,
    options: INVOICE_PAYMENT_STATUSES.map((value) => ({ value, label: paymentsUiMessages.status[value] })),
  },
];

type ModalState = { opened: boolean; uuid: string | null; preset?: InvoiceModalPreset };

/** /invoices/vat, /invoices/proforma, /invoices/corrective: a month's invoices of one type, their sums, their actions. */
export function InvoicesPage({ type }: { type: InvoiceType }) {
  const filters = useMemo(() => invoiceFilterDefs(type), [type]);
  const [filterParams, setFilterParams] = useState<ApiParams>(() =>
    filtersToParams(filters, defaultFilterValues(filters)),
  );
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState>(null);
  const [modal, setModal] = useState<ModalState>({ opened: false, uuid: null });
  const [orderUuid, setOrderUuid] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Invoice | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [paymentsOf, setPaymentsOf] = useState<string | null>(null);
  const [interestOf, setInterestOf] = useState<string | null>(null);

  const overdue = filterParams.paymentStatus === 'po_terminie';
  const listParams = useMemo(() => ({ type, ...withoutMonthWhenOverdue(filterParams) }), [type, filterParams]);
  const params = useMemo(
    () => ({ ...listParams, ...sortToParams(sort), page, itemsPerPage: INVOICES_PAGE_SIZE }),
    [listParams, sort, page],
  );
  const list = useInvoices(params);
  const summary = useInvoiceSummary(listParams);
  const rows = list.data?.['hydra:member'] ?? [];
  const total = list.data?.['hydra:totalItems'];

  const download = useDownloadInvoice();
  const send = useSendInvoice();
  const markPaid = useUpdateInvoice(t.markedPaid);
  const markUnpaid = useUpdateInvoice(t.markedUnpaid);
  const remove = useDeleteInvoice();
  const sendToKsef = useSendToKsef();
  const upo = useDownloadUpo();

  const handleFilters = useCallback((next: ApiParams) => {
    setFilterParams(next);
    setPage(1);
  }, []);
  const withBusy = useCallback(async (uuid: string, work: () => Promise<unknown>) => {
    setBusy(uuid);
    try {
      await work();
    } catch {
      // Notified by the mutation.
    } finally {
      setBusy(null);
    }
  }, []);
  const closeModal = useCallback(() => setModal((m) => ({ ...m, opened: false })), []);
  const today = dayjs().format('YYYY-MM-DD');

  const columns = useMemo(
    () =>
      invoiceColumns({
        today,
        onOpenOrder: setOrderUuid,
        renderActions: (invoice) => (
          <InvoiceRowActions
            invoice={invoice}
            busy={busy === invoice.uuid}
            onEdit={(i) => setModal({ opened: true, uuid: i.uuid })}
            onPdf={(i) => void withBusy(i.uuid, () => download.mutateAsync({ uuid: i.uuid, kind: 'pdf' }))}
            onXml={(i) => void withBusy(i.uuid, () => download.mutateAsync({ uuid: i.uuid, kind: 'ksef' }))}
            onSend={(i) => void withBusy(i.uuid, () => send.mutateAsync(i.uuid))}
            onSendWithCmr={(i) => void withBusy(i.uuid, () => send.mutateAsync({ uuid: i.uuid, attachCmr: true }))}
            onKsef={(i) => void withBusy(i.uuid, () => sendToKsef.mutateAsync(i.uuid))}
            onUpo={(i) => void withBusy(i.uuid, () => upo.mutateAsync(i.uuid))}
            onDraft={(i, draftType) =>
              setModal({ opened: true, uuid: null, preset: { type: draftType, fromInvoiceUuid: i.uuid } })
            }
            onTogglePaid={(i) =>
              void withBusy(i.uuid, () =>
                (i.paid ? markUnpaid : markPaid).mutateAsync({ uuid: i.uuid, payload: { paid: !i.paid } }),
              )
            }
            onPayments={(i) => setPaymentsOf(i.uuid)}
            onInterest={(i) => setInterestOf(i.uuid)}
            onDelete={setToDelete}
          />
        ),
      }),
    [
      today,
      busy,
      withBusy,
      download.mutateAsync,
      send.mutateAsync,
      sendToKsef.mutateAsync,
      upo.mutateAsync,
      markPaid,
      markUnpaid,
    ],
  );

  const handleDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.uuid);
      if (rows.length === 1 && page > 1) setPage(page - 1);
    } finally {
      setToDelete(null);
    }
  };

  const sums = summary.data?.currencies ?? [];
  const totalsTitle = (overdue ? t.totalsOverdue : t.totals)(sums.reduce((n, s) => n + s.count, 0));
  // Offline invoices near their deadline (tomorrow or earlier) are named above the list.
  const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');
  const dueOffline = rows.filter((i) => i.ksefOfflineDeadline && i.ksefOfflineDeadline <= tomorrow);
  const firstDeadline = dueOffline.map((i) => i.ksefOfflineDeadline as string).sort()[0];
  return (
    <Stack gap="sm">
      <ListPageHeader
        title={t.titles[type]}
        found={
          total === undefined
            ? undefined
            : list.data?.totalItemsCapped
              ? t.foundMore(cappedTotalLabel(total))
              : t.found(total)
        }
        addLabel={t.add[type]}
        onAdd={() => setModal({ opened: true, uuid: null, preset: { type } })}
      />
      <FilterRow filters={filters} onApply={handleFilters} debounceMs={DEBOUNCE_MS.defaultFilters} />
      {overdue && (
        <Text size="sm" c="dimmed" role="status">
          {t.overdueAllMonths}
        </Text>
      )}
      {firstDeadline && (
        <Alert color="orange" role="alert">
          {ksefUiMessages.offlineWarning(dueOffline.map((i) => i.number).join(', '), formatDate(firstDeadline))}
        </Alert>
      )}
      <DataTable
        mode="pages"
        label={t.tableLabels[type]}
        exportable={{ path: '/invoices', params }}
        columns={columns}
        rows={rows}
        rowKey={(i) => i.uuid}
        rowProps={(i) => ({ 'aria-label': t.rowLabel(i.number) })}
        loading={list.isFetching}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        page={page}
        pageSize={INVOICES_PAGE_SIZE}
        {...listTotal(list.data)}
        onPageChange={setPage}
      />
      <Paper withBorder p="sm" aria-label={totalsTitle} role="region">
        <Text fw={600} size="sm">
          {totalsTitle}
        </Text>
        {sums.length === 0 ? (
          <Text size="sm" c="dimmed">
            {overdue ? t.noOverdueTotals : t.noTotals}
          </Text>
        ) : (
          sums.map((s) => (
            <Group key={s.currency} gap="xs" data-testid={`invoice-totals-${s.currency}`}>
              <Text size="sm">
                {s.currency.toUpperCase()}:{' '}
                {t.totalsLine(
                  formatMoney(s.totalNet, s.currency),
                  formatMoney(s.totalVat, s.currency),
                  formatMoney(s.totalGross, s.currency),
                )}
              </Text>
            </Group>
          ))
        )}
      </Paper>
      <PaymentsModal
        invoice={paymentsOf ? (rows.find((i) => i.uuid === paymentsOf) ?? null) : null}
        onClose={() => setPaymentsOf(null)}
      />
      <InterestModal
        invoice={interestOf ? (rows.find((i) => i.uuid === interestOf) ?? null) : null}
        onClose={() => setInterestOf(null)}
      />
      <InvoiceModal opened={modal.opened} onClose={closeModal} invoiceUuid={modal.uuid} preset={modal.preset} />
      <OrderModal opened={orderUuid !== null} orderUuid={orderUuid} onClose={() => setOrderUuid(null)} />
      <ConfirmDialog
        opened={toDelete !== null}
        title={t.actions.deleteTitle}
        text={toDelete ? t.actions.deleteQuestion(toDelete.number) : ''}
        onConfirm={handleDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
