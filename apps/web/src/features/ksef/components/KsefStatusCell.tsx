import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { formatDate, type Invoice } from '@spedycja/domain';
import { ksefUiMessages as t } from '../messages.ts';

const colors = {
  none: 'gray',
  queued: 'blue',
  sending: 'blue',
  accepted: 'green',
  rejected: 'red',
  offline: 'orange',
} as const;

/** The invoice lists' KSeF column: the state, the KSeF number once accepted, KSeF's error when rejected. */
export function KsefStatusCell({ invoice }: { invoice: Invoice }) {
  if (invoice.type === 'proforma') return null;
  const badge = (
    <Badge
      variant="light"
      color={colors[invoice.ksefStatus]}
      aria-label={`KSeF: ${t.statusLabels[invoice.ksefStatus]}`}
    >
      {t.statusLabels[invoice.ksefStatus]}
    </Badge>
  );
  return (
    <Stack gap={0}>
      {invoice.ksefStatus === 'rejected' && invoice.ksefError ? (
        <Tooltip multiline w={320} label={[invoice.ksefError.message, ...(invoice.ksefError.details ?? [])].join(' ')}>
          {badge}
        </Tooltip>
      ) : (
        badge
      )}
      {invoice.ksefNumber && (
        <Text size="xs" ff="monospace" data-testid="ksef-number">
          {invoice.ksefNumber}
        </Text>
      )}
      {invoice.ksefStatus === 'rejected' && invoice.ksefError && (
        <Text size="xs" c="red">
          {t.rejectedTitle(invoice.ksefError.code)}
        </Text>
      )}
      {invoice.ksefStatus === 'none' && invoice.ksefError && (
        <Text size="xs" c="red">
          {invoice.ksefError.message}
        </Text>
      )}
      {invoice.ksefOfflineDeadline && (
        <Text size="xs" c="orange.8">
          {t.deadline(formatDate(invoice.ksefOfflineDeadline))}
        </Text>
      )}
    </Stack>
  );
}
