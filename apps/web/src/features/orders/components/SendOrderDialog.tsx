import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { documentFileName, formatDateTime, type Order, type OrderParty } from '@spedycja/domain';
import { useState } from 'react';
import { AppModal } from '../../../components/AppModal.tsx';
import { useMailIsOff } from '../../mail/index.ts';
import { ordersMessages } from '../messages.ts';

const t = ordersMessages.sendDialog;

export type SendOrderDialogProps = {
  /** The order and whom to send it to; null closes the dialog. */
  request: { order: Order; parties: readonly OrderParty[] } | null;
  onSend: (order: Order, parties: OrderParty[]) => Promise<unknown>;
  onCancel: () => void;
};

type Recipient = {
  party: OrderParty;
  name: string | null;
  email: string | null;
  /** When and where it went before, if it did. */
  sentBefore: { at: string; to: string } | null;
};

/** What sending the order would do, party by party: to whom, with which attachment, and whether it went before. */
export function recipientsOf(order: Order, parties: readonly OrderParty[]): Recipient[] {
  return parties.map((party) => {
    const who = party === 'customer' ? order.customer : order.carrier;
    const at = party === 'customer' ? order.mailSentToCustomerAt : order.mailSentToCarrierAt;
    const to = party === 'customer' ? order.mailSentToCustomerAddress : order.mailSentToCarrierAddress;
    return {
      party,
      name: who ? (who.companyName ?? who.name) : null,
      email: who?.email ?? null,
      sentBefore: at ? { at, to: to ?? '' } : null,
    };
  });
}

/**
 * 'Wyślij' is deliberate: the dialog says to whom the document goes, which file is attached, and when it went before
 * ('Wysłano już … — wysłać ponownie?'). A party without an e-mail is shown and left out.
 */
export function SendOrderDialog({ request, onSend, onCancel }: SendOrderDialogProps) {
  const [sending, setSending] = useState(false);
  const mailOff = useMailIsOff();
  const recipients = request ? recipientsOf(request.order, request.parties) : [];
  const sendable = recipients.filter((r) => r.email).map((r) => r.party);
  const again = recipients.some((r) => r.email && r.sentBefore);

  const handleSend = async () => {
    if (!request || sending) return;
    setSending(true);
    try {
      await onSend(request.order, sendable);
    } finally {
      setSending(false);
    }
  };

  return (
    <AppModal opened={request !== null} onClose={() => !sending && onCancel()} title={t.title} size={560}>
      <Stack gap="sm">
        {mailOff && (
          <Alert color="orange" variant="light" p="xs" role="status">
            {t.mailOff}
          </Alert>
        )}
        {request &&
          recipients.map((r) => (
            <Stack key={r.party} gap={2} aria-label={t.to[r.party]} role="group">
              <Text fw={600}>{t.to[r.party]}</Text>
              {!r.name ? (
                <Alert color="red" variant="light" p="xs">
                  {t.noParty[r.party]}
                </Alert>
              ) : !r.email ? (
                <Alert color="red" variant="light" p="xs">
                  {`${r.name} — ${t.noEmail[r.party]}`}
                </Alert>
              ) : (
                <>
                  <Text size="sm">{`${r.name} <${r.email}>`}</Text>
                  <Text size="sm" c="dimmed">
                    {`${t.attachment}: ${documentFileName(request.order.number, r.party, 'pdf')}`}
                  </Text>
                  {r.sentBefore && (
                    <Alert color="orange" variant="light" p="xs">
                      {t.sentBefore(formatDateTime(r.sentBefore.at), r.sentBefore.to)}
                    </Alert>
                  )}
                </>
              )}
            </Stack>
          ))}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={sending}>
          {t.cancel}
        </Button>
        <Button onClick={handleSend} loading={sending} disabled={sendable.length === 0} data-autofocus>
          {again ? t.sendAgain : t.send}
        </Button>
      </Group>
    </AppModal>
  );
}
