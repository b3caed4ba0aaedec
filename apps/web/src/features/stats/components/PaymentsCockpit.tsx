import { Badge, Button, Group, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  formatDate,
  formatMoney,
  type Payment,
  type PaymentSide,
  type PaymentState,
  paymentTermLabels,
} from '@spedycja/domain';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { cappedTotalLabel } from '../../../components/DataTable/paging.ts';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { FilterRow } from '../../../components/FilterRow/FilterRow.tsx';
import type { ApiParams, FilterDef } from '../../../components/FilterRow/types.ts';
import { listTotal } from '../../../lib/hydra.ts';
import { portalTexts } from '../../portal/index.ts';
import { isWhitelistUnconfirmed, WhitelistOverrideDialog } from '../../verification/index.ts';
import { PAYMENTS_PAGE_SIZE, paymentParams, useMarkPaid, usePayments } from '../api/stats.ts';
import { statsPageMessages as t } from '../messages.ts';

const p = t.payments;
const RED = 'var(--mantine-color-red-7)';

/** An order by its number, customer or carrier (company, person, NIP, phone, e-mail), searched by the server. */
const filters: FilterDef[] = [
  { kind: 'text', name: 'search', label: p.search, placeholder: p.searchPlaceholder, width: 300 },
];

const termText = (payment: Payment) =>
  payment.paymentDate
    ? formatDate(payment.paymentDate)
    : payment.paymentTerm
      ? (paymentTermLabels[payment.paymentTerm as keyof typeof paymentTermLabels] ?? payment.paymentTerm)
      : formatDate(null);

function PaymentsList({ side }: { side: PaymentSide }) {
  const [state, setState] = useState<PaymentState>('overdue');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<ApiParams>({});
  const [toMark, setToMark] = useState<Payment | null>(null);
  const params = paymentParams(side, state, page, search);
  const list = usePayments(params);
  const markPaid = useMarkPaid();
  /** A payable the white list did not confirm: the admin's explicit confirmation with a reason. */
  const [unconfirmed, setUnconfirmed] = useState<Payment | null>(null);
  const rows = list.data?.['hydra:member'] ?? [];

  const columns = useMemo(
    (): ColumnDef<Payment>[] => [
      { id: 'number', header: p.columns.number, cell: (r) => r.number, nowrap: true },
      {
        id: 'party',
        header: side === 'customer' ? p.columns.customer : p.columns.carrier,
        cell: (r) => r.party?.companyName || r.party?.name || formatDate(null),
      },
      {
        id: 'amount',
        header: p.columns.amount,
        align: 'right',
        nowrap: true,
        cell: (r) => formatMoney(r.amount, r.currency),
      },
      { id: 'paymentDate', header: p.columns.paymentDate, nowrap: true, cell: termText },
      {
        id: 'daysOverdue',
        header: p.columns.daysOverdue,
        align: 'right',
        cell: (r) => (r.daysOverdue !== null && r.daysOverdue > 0 ? r.daysOverdue : ''),
      },
      { id: 'invoice', header: p.columns.invoice, cell: (r) => r.invoice?.number ?? '' },
      // A payable (issue 25): the carrier's CMR and invoice, and 'Gotowe do zapłaty' when both are in.
      ...(side === 'carrier'
        ? [
            {
              id: 'documents',
              header: portalTexts.paymentsDocuments,
              cell: (r: Payment) =>
                r.documents?.readyToPay ? (
                  <Badge color="green" variant="light">
                    {portalTexts.readyToPay}
                  </Badge>
                ) : (
                  <Group gap={4} wrap="nowrap">
                    <Badge color={r.documents?.cmr ? 'green' : 'gray'} variant="light">
                      {r.documents?.cmr ? portalTexts.cmrIn : portalTexts.cmrMissing}
                    </Badge>
                    <Badge color={r.documents?.invoice ? 'green' : 'gray'} variant="light">
                      {r.documents?.invoice ? portalTexts.invoiceIn : portalTexts.invoiceMissing}
                    </Badge>
                  </Group>
                ),
            } satisfies ColumnDef<Payment>,
          ]
        : []),
      ...(side === 'customer'
        ? [
            {
              id: 'balance',
              header: p.columns.balance,
              align: 'right' as const,
              nowrap: true,
              cell: (r: Payment) => (r.partyBalance === null ? '' : formatMoney(r.partyBalance, r.currency)),
            },
          ]
        : []),
      { id: 'user', header: p.columns.user, cell: (r) => r.user?.name ?? '' },
      {
        id: 'actions',
        header: p.columns.actions,
        nowrap: true,
        cell: (r) => (
          <Button size="compact-xs" variant="light" color="green" onClick={() => setToMark(r)}>
            {p.markPaid}
          </Button>
        ),
      },
    ],
    [side],
  );

  const confirm = async () => {
    if (!toMark) return;
    try {
      await markPaid.mutateAsync({ uuid: toMark.uuid, side });
      if (rows.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      if (isWhitelistUnconfirmed(error)) setUnconfirmed(toMark);
    } finally {
      setToMark(null);
    }
  };
  const confirmOverride = async (reason: string) => {
    if (!unconfirmed) return;
    await markPaid.mutateAsync({ uuid: unconfirmed.uuid, side, overrideReason: reason });
    setUnconfirmed(null);
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          size="xs"
          value={state}
          onChange={(value) => {
            setState(value as PaymentState);
            setPage(1);
          }}
          data={(['overdue', 'due', 'all'] as const).map((value) => ({ value, label: p.states[value] }))}
        />
        <FilterRow
          filters={filters}
          onApply={(next) => {
            setSearch(next);
            setPage(1);
          }}
        />
        <Text size="sm" data-testid={`payments-totals-${side}`}>
          {p.totals}:{' '}
          {list.data?.totalsCapped
            ? p.totalsCapped(cappedTotalLabel(list.data['hydra:totalItems']))
            : (list.data?.totals ?? []).length === 0
              ? formatMoney(0, 'pln')
              : (list.data?.totals ?? []).map((x) => formatMoney(x.amount, x.currency)).join(' + ')}
        </Text>
      </Group>
      <DataTable
        mode="pages"
        label={side === 'customer' ? p.receivablesLabel : p.payablesLabel}
        exportable={{ path: '/payments', params }}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.uuid}
        // Past its payment date: the row in red.
        rowProps={(r) => ({
          'aria-label': p.rowLabel(r.number),
          style: r.daysOverdue !== null && r.daysOverdue > 0 ? { color: RED } : undefined,
        })}
        loading={list.isFetching}
        page={page}
        pageSize={PAYMENTS_PAGE_SIZE}
        {...listTotal(list.data)}
        onPageChange={setPage}
      />
      <ConfirmDialog
        opened={toMark !== null}
        title={p.markPaidTitle}
        text={toMark ? p.markPaidQuestion(toMark.number, formatMoney(toMark.amount, toMark.currency)) : ''}
        onConfirm={confirm}
        onCancel={() => setToMark(null)}
      />
      <WhitelistOverrideDialog
        opened={unconfirmed !== null}
        onConfirm={confirmOverride}
        onCancel={() => setUnconfirmed(null)}
      />
    </Stack>
  );
}

/** 'Należności' (what customers owe) and 'Zobowiązania' (what we owe carriers): overdue first, in red. */
export function PaymentsCockpit() {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {p.title}
      </Title>
      <Tabs defaultValue="customer" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="customer">{p.receivables}</Tabs.Tab>
          <Tabs.Tab value="carrier">{p.payables}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="customer" pt="xs">
          <PaymentsList side="customer" />
        </Tabs.Panel>
        <Tabs.Panel value="carrier" pt="xs">
          <PaymentsList side="carrier" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
