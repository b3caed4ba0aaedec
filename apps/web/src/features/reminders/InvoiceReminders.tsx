import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, formatDateTime, formatMoney, type Invoice, remindersMessages } from '@spedycja/domain';
import { useInvoiceReminders, useSendReminder } from './api.ts';
import { remindersUiMessages as t } from './messages.ts';

/** The 'Przypomnienia' section of an invoice: each step sent ('1 dzień po terminie'), and 'send now'. */
export function InvoiceReminders({ invoice }: { invoice: Invoice }) {
  const reminders = useInvoiceReminders(invoice.uuid);
  const send = useSendReminder(invoice.uuid);
  const rows = reminders.data?.['hydra:member'] ?? [];
  const paid = invoice.paid || invoice.dueAmount <= 0;
  // The step the button sends went already: say when, and when the next one goes, instead of a 409 on the click.
  const current = reminders.data?.plan?.current;
  const next = reminders.data?.plan?.next;
  const sentNote = current?.sentAt
    ? remindersMessages.alreadySent(
        current.label,
        formatDateTime(current.sentAt),
        next ? { label: next.label, date: formatDate(next.date) } : null,
      )
    : null;
  return (
    <Stack gap="xs" component="section" aria-label={t.title}>
      <Group justify="space-between">
        <Title order={5}>{t.title}</Title>
        {paid ? (
          <Text size="xs" c="dimmed">
            {t.paidHint}
          </Text>
        ) : (
          <Button
            variant="light"
            size="xs"
            loading={send.isPending}
            disabled={sentNote !== null}
            onClick={() => void send.mutateAsync().catch(() => undefined)}
          >
            {t.sendNow}
          </Button>
        )}
      </Group>
      {sentNote && !paid ? (
        <Text size="sm" c="dimmed">
          {sentNote}
        </Text>
      ) : null}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.none}
        </Text>
      ) : (
        <Table aria-label={t.listLabel} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.columns.step}</Table.Th>
              <Table.Th>{t.columns.sentAt}</Table.Th>
              <Table.Th>{t.columns.to}</Table.Th>
              <Table.Th>{t.columns.subject}</Table.Th>
              <Table.Th>{t.columns.due}</Table.Th>
              <Table.Th>{t.columns.how}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.uuid}>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td>{formatDateTime(r.sentAt)}</Table.Td>
                <Table.Td>{r.to}</Table.Td>
                <Table.Td>{r.subject}</Table.Td>
                <Table.Td>{formatMoney(r.dueAmount, r.currency)}</Table.Td>
                <Table.Td>{r.manual ? t.manual : t.automatic}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
