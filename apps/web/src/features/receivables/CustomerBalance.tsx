import { Paper, Text } from '@mantine/core';
import { formatMoney } from '@spedycja/domain';
import { useCustomerBalance } from './api.ts';
import { paymentsUiMessages as t } from './messages.ts';

/** What a customer owes, per currency, and how much of it is overdue (the customer's modal, the invoice list). */
export function CustomerBalanceLine({ customerUuid }: { customerUuid: string | null | undefined }) {
  const balance = useCustomerBalance(customerUuid);
  if (!customerUuid || !balance.data) return null;
  const [entry] = balance.data['hydra:member'];
  return (
    <Paper withBorder p="xs" role="region" aria-label={t.balance}>
      <Text size="sm" fw={600}>
        {t.balance}
      </Text>
      {!entry ? (
        <Text size="sm" c="dimmed">
          {t.noBalance}
        </Text>
      ) : (
        entry.currencies.map((c) => (
          <Text size="sm" key={c.currency}>
            {t.balanceLine(formatMoney(c.due, c.currency), formatMoney(c.overdue, c.currency))}
          </Text>
        ))
      )}
    </Paper>
  );
}
