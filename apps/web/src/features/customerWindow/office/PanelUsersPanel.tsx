import { Badge, Button, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { formatDateTime, customerWindowMessages as msg } from '@spedycja/domain';
import { useState } from 'react';
import { isApiError } from '../../../lib/apiClient.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useInvitePanelUser, usePanelUsers, useSetPanelUserActive } from './api.ts';

/**
 * 'Panel klienta' in the customer's modal (issue 37): the customer's people with a panel login; invite one by e-mail
 * (a one-time link to set the password, 72 h), disable or enable one (disabling ends their session at once).
 */
export function PanelUsersPanel({ customerUuid }: { customerUuid: string }) {
  const list = usePanelUsers(customerUuid);
  const invite = useInvitePanelUser(customerUuid);
  const setActive = useSetPanelUserActive(customerUuid);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleInvite = () => {
    setErrors({});
    invite.mutate(
      { email: email.trim(), name: name.trim() },
      {
        onSuccess: () => {
          notifySuccess(msg.invited);
          setEmail('');
          setName('');
        },
        onError: (error) => {
          if (isApiError(error) && error.violations.length > 0)
            setErrors(Object.fromEntries(error.violations.map((v) => [v.propertyPath, v.message])));
          else notifyError('zapraszania do panelu klienta', error);
        },
      },
    );
  };

  return (
    <Stack gap="sm" aria-label={msg.panel}>
      {/* Not a <form>: the panel sits inside the customer's form, and forms do not nest. */}
      <fieldset
        aria-label={msg.invite}
        style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
            e.preventDefault();
            handleInvite();
          }
        }}
      >
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label="E-mail osoby"
            name="panelEmail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            style={{ flex: 1, minWidth: 200 }}
          />
          <TextInput
            label="Imię i nazwisko"
            name="panelName"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            style={{ flex: 1, minWidth: 160 }}
          />
          <Button type="button" loading={invite.isPending} onClick={handleInvite}>
            {msg.invite}
          </Button>
        </Group>
      </fieldset>
      {list.data && list.data.length === 0 ? <Text c="dimmed">Brak</Text> : null}
      {list.data && list.data.length > 0 ? (
        <Table aria-label={msg.panel}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Osoba</Table.Th>
              <Table.Th>Stan</Table.Th>
              <Table.Th>Aktywny</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((u) => (
              <Table.Tr key={u.uuid}>
                <Table.Td>
                  <Text size="sm">{u.name}</Text>
                  <Text size="xs" c="dimmed">
                    {u.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {u.passwordSetAt ? (
                    <Badge color="green">{`Hasło ustawione ${formatDateTime(u.passwordSetAt)}`}</Badge>
                  ) : (
                    <Badge color="gray">
                      {u.invitationExpiresAt
                        ? `Zaproszenie ważne do ${formatDateTime(u.invitationExpiresAt)}`
                        : 'Zaproszenie wygasło'}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Aktywny: ${u.email}`}
                    checked={u.active}
                    onChange={(e) =>
                      setActive.mutate(
                        { uuid: u.uuid, active: e.currentTarget.checked },
                        {
                          onSuccess: (row) => notifySuccess(row.active ? msg.panelUserEnabled : msg.panelUserDisabled),
                          onError: (error) => notifyError('zmiany konta w panelu klienta', error),
                        },
                      )
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
