import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { formatMoney, type Invoice } from '@spedycja/domain';
import type { ReactNode } from 'react';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { DateText } from '../../../components/display.tsx';
import { KsefStatusCell } from '../../ksef/index.ts';
import { PaymentStatusCell } from '../../receivables/index.ts';
import { invoicesMessages as t } from '../messages.ts';

const c = t.columns;

/** Due and not paid: the payment date is before today. */
export function isOverdue(invoice: Pick<Invoice, 'paid' | 'paymentDate'>, today: string): boolean {
  return !invoice.paid && !!invoice.paymentDate && invoice.paymentDate < today;
}

const yesNo = (value: boolean, label: string) => (
  <Badge variant="light" color={value ? 'green' : 'gray'} aria-label={`${label}: ${value ? t.yes : t.no}`}>
    {value ? t.yes : t.no}
  </Badge>
);

export function invoiceColumns({
  today,
  onOpenOrder,
  renderActions,
}: {
  today: string;
  onOpenOrder: (orderUuid: string) => void;
  renderActions: (invoice: Invoice) => ReactNode;
}): ColumnDef<Invoice>[] {
  return [
    {
      id: 'number',
      header: c.number,
      sortKey: 'number',
      nowrap: true,
      cell: (i) => (
        <Text fw={600} inherit>
          {i.number}
        </Text>
      ),
    },
    {
      id: 'createdDate',
      header: c.createdDate,
      sortKey: 'createdDate',
      nowrap: true,
      cell: (i) => <DateText value={i.createdDate} />,
    },
    {
      id: 'paymentDate',
      header: c.paymentDate,
      sortKey: 'paymentDate',
      nowrap: true,
      cell: (i) =>
        isOverdue(i, today) ? (
          <Text c="red" fw={600} inherit title={t.overdue} aria-label={`${t.overdue}: ${i.paymentDate}`}>
            <DateText value={i.paymentDate} />
          </Text>
        ) : i.paymentDate ? (
          <DateText value={i.paymentDate} />
        ) : (
          (i.paymentDateString ?? <DateText value={null} />)
        ),
    },
    {
      id: 'customer',
      header: c.customer,
      cell: (i) => (
        <Stack gap={0}>
          <Text inherit>{i.customerName}</Text>
          <Text size="xs" c="dimmed">
            NIP: {i.customerNip}
          </Text>
        </Stack>
      ),
    },
    { id: 'net', header: c.net, align: 'right', nowrap: true, cell: (i) => formatMoney(i.totalNet, i.currency) },
    { id: 'vat', header: c.vat, align: 'right', nowrap: true, cell: (i) => formatMoney(i.totalVat, i.currency) },
    { id: 'gross', header: c.gross, align: 'right', nowrap: true, cell: (i) => formatMoney(i.totalGross, i.currency) },
    {
      id: 'order',
      header: c.order,
      nowrap: true,
      cell: (i) => {
        const order = i.orderEntity ?? i.orderProFormaEntity;
        return order ? (
          <Anchor component="button" type="button" size="sm" onClick={() => onOpenOrder(order.uuid)}>
            {order.number}
          </Anchor>
        ) : (
          <DateText value={null} />
        );
      },
    },
    { id: 'ksef', header: c.ksef, cell: (i) => <KsefStatusCell invoice={i} /> },
    { id: 'sent', header: c.sent, align: 'center', cell: (i) => yesNo(i.invoiceSent, c.sent) },
    {
      id: 'due',
      header: c.due,
      align: 'right',
      nowrap: true,
      sortKey: 'dueAmount',
      cell: (i) => formatMoney(i.dueAmount, i.currency),
    },
    { id: 'paid', header: c.paid, align: 'center', cell: (i) => <PaymentStatusCell invoice={i} /> },
    { id: 'actions', header: c.actions, nowrap: true, cell: renderActions },
  ];
}
