import { Alert, Badge, Button, Checkbox, CopyButton, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { type CustomerMilestone, formatDateTime, customerWindowMessages as msg } from '@spedycja/domain';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  type CustomerLinkState,
  useCustomerLink,
  useIssueCustomerLink,
  useRevokeCustomerLink,
  useSetDocumentVisible,
  useSetOrderPdfVisible,
} from './api.ts';

const MAIL_LABELS: Record<CustomerLinkState['milestones'][number]['mail'], string> = {
  none: 'bez e-maila',
  kept: msg.mailKept,
  queued: msg.mailQueued,
  sent: msg.mailSent,
};

const when = (value: string | null) => (value ? formatDateTime(value) : 'Brak');

/**
 * 'Klient — link' (issue 37): the customer's tracking link of the order — copy, a new one, revoke — when it was sent,
 * first opened and last viewed, and the milestones mailed to the customer (or kept in the folder with mail off).
 */
export function CustomerLinkPanel({ orderUuid }: { orderUuid: string }) {
  const link = useCustomerLink(orderUuid);
  const issue = useIssueCustomerLink(orderUuid);
  const revoke = useRevokeCustomerLink(orderUuid);
  const pdf = useSetOrderPdfVisible(orderUuid);
  const [asking, setAsking] = useState(false);
  const s = link.data;
  if (!s) return <Text c="dimmed">{link.isError ? 'Nie udało się wczytać linku.' : '…'}</Text>;
  const create = (rotate: boolean) =>
    issue.mutate(rotate, {
      onSuccess: () => notifySuccess(msg.linkIssued),
      onError: (error) => notifyError('tworzenia linku dla klienta', error),
    });
  return (
    <Stack gap="sm" aria-label={msg.linkTitle}>
      {s.url && !s.expired ? (
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label={msg.linkTitle}
            value={s.url}
            readOnly
            style={{ flex: 1 }}
            data-testid="customer-link-url"
          />
          <CopyButton value={s.url}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Skopiowano' : 'Kopiuj'}
              </Button>
            )}
          </CopyButton>
          <Button color="red" variant="subtle" onClick={() => setAsking(true)}>
            Unieważnij
          </Button>
        </Group>
      ) : (
        <Group>
          {s.expired ? <Alert color="gray">{msg.linkExpired}</Alert> : null}
          {!s.expired ? (
            <Button onClick={() => create(false)} loading={issue.isPending}>
              {s.revokedAt ? 'Nowy link dla klienta' : 'Utwórz link dla klienta'}
            </Button>
          ) : null}
        </Group>
      )}
      {asking && (
        <Alert color="red" title="Unieważnij link">
          <Text size="sm">Klient nie otworzy już tego linku. Nowy link można utworzyć w każdej chwili.</Text>
          <Group mt="xs">
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => {
                    setAsking(false);
                    notifySuccess(msg.linkRevoked);
                  },
                  onError: (error) => notifyError('unieważniania linku', error),
                })
              }
            >
              Unieważnij
            </Button>
            <Button variant="default" onClick={() => setAsking(false)}>
              Anuluj
            </Button>
          </Group>
        </Alert>
      )}
      <Checkbox
        label={`Zlecenie (PDF): ${msg.visibleToCustomer}`}
        checked={s.orderPdfVisible}
        disabled={pdf.isPending}
        data-testid="customer-order-pdf-visible"
        onChange={(e) =>
          pdf.mutate(e.currentTarget.checked, {
            onError: (error) => notifyError('zmiany widoczności zlecenia (PDF)', error),
          })
        }
      />
      <Group gap="xs">
        <Badge color={s.sentAt ? 'blue' : 'gray'}>{`Wysłany: ${when(s.sentAt)}`}</Badge>
        <Badge color={s.firstOpenedAt ? 'green' : 'gray'}>{`Otwarty: ${when(s.firstOpenedAt)}`}</Badge>
        <Badge color="gray">{`Ostatnie wyświetlenie: ${when(s.lastViewedAt)}`}</Badge>
        <Badge color="gray">{`Wyświetlenia: ${s.views}`}</Badge>
        {s.revokedAt && !s.active ? <Badge color="red">{`Unieważniony: ${when(s.revokedAt)}`}</Badge> : null}
      </Group>
      <Text fw={600} size="sm">
        Powiadomienia klienta
      </Text>
      {s.milestones.length === 0 ? (
        <Text c="dimmed" size="sm">
          Brak
        </Text>
      ) : (
        <Table aria-label="Powiadomienia klienta">
          <Table.Tbody>
            {s.milestones.map((m) => (
              <Table.Tr key={m.milestone}>
                <Table.Td>{msg.milestones[m.milestone as CustomerMilestone] ?? m.milestone}</Table.Td>
                <Table.Td>{formatDateTime(m.at)}</Table.Td>
                <Table.Td>{m.to ?? ''}</Table.Td>
                <Table.Td>
                  <Badge color={m.mail === 'kept' ? 'orange' : m.mail === 'sent' ? 'green' : 'gray'}>
                    {MAIL_LABELS[m.mail]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The documents table's 'Widoczny dla klienta' (issue 37): releasing a CMR mails the customer once. */
export function VisibleToCustomer({
  orderUuid,
  document,
}: {
  orderUuid: string;
  document: { uuid: string; fileName: string; visibleToCustomer: boolean };
}) {
  const set = useSetDocumentVisible(orderUuid);
  return (
    <Checkbox
      size="xs"
      label={msg.visibleToCustomer}
      aria-label={`${msg.visibleToCustomer}: ${document.fileName}`}
      checked={document.visibleToCustomer}
      disabled={set.isPending}
      onChange={(e) =>
        set.mutate(
          { uuid: document.uuid, visible: e.currentTarget.checked },
          { onError: (error) => notifyError('zmiany widoczności dokumentu', error) },
        )
      }
    />
  );
}
