import { Badge, Stack, Text } from '@mantine/core';
import { formatMoney, type Invoice } from '@spedycja/domain';
import { paymentsUiMessages as t } from './messages.ts';

const COLORS = { niezaplacona: 'gray', czesciowo: 'yellow', zaplacona: 'green', po_terminie: 'red' } as const;

/** An invoice's payment state in a list: paid, partly paid with the rest, or overdue by N days. */
export function PaymentStatusCell({ invoice }: { invoice: Invoice }) {
  const status = invoice.paymentStatus;
  return (
    <Stack gap={0} align="center">
      <Badge color={COLORS[status]} variant="light" size="sm">
        {t.status[status]}
      </Badge>
      {status === 'po_terminie' && invoice.daysOverdue > 0 && (
        <Text size="xs" c="red">
          {t.daysLate(invoice.daysOverdue)}
        </Text>
      )}
      {status !== 'zaplacona' && invoice.paidAmount > 0 && (
        <Text size="xs" c="dimmed">
          {t.rest(formatMoney(invoice.dueAmount, invoice.currency))}
        </Text>
      )}
    </Stack>
  );
}
