import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatDateTime } from '@spedycja/domain';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api.ts';
import { positionsTexts as t } from './messages.ts';

/**
 * The carrier modal's API keys for its telematics (issue 39): listed without the key, made with a name (the key shown
 * once, here), revoked. No <form>: it sits inside the carrier's form, whose Enter must not make a key.
 */
export function ApiKeysPanel({ carrierUuid }: { carrierUuid: string }) {
  const keys = useApiKeys(carrierUuid);
  const create = useCreateApiKey(carrierUuid);
  const revoke = useRevokeApiKey(carrierUuid);
  const [name, setName] = useState('');
  const [made, setMade] = useState<string | null>(null);
  const submit = () =>
    create.mutate(name, {
      onSuccess: (answer) => {
        setMade(answer.key);
        setName('');
      },
      onError: (error) => notifyError(t.keys.createError, error),
    });
  const rows = keys.data?.['hydra:member'] ?? [];
  return (
    <Paper withBorder p="sm" mt="md" data-testid="api-keys">
      <Title order={3} size="h5" mb={4}>
        {t.keys.title}
      </Title>
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t.keys.intro}
        </Text>
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t.keys.name}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (name.trim()) submit();
              }
            }}
            maxLength={100}
            style={{ flex: 1 }}
          />
          <Button type="button" onClick={submit} loading={create.isPending} disabled={!name.trim()}>
            {t.keys.create}
          </Button>
        </Group>
        {made && (
          <Alert color="yellow" role="status">
            <Text size="sm">{t.keys.newKey}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="api-key-value" style={{ overflowWrap: 'anywhere' }}>
                {made}
              </Code>
              <CopyButton value={made}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy} type="button">
                    {copied ? t.keys.copied : t.keys.copy}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Alert>
        )}
        {rows.length === 0 ? (
          <Text size="sm">{t.keys.none}</Text>
        ) : (
          <Table withTableBorder fz="sm">
            <Table.Tbody>
              {rows.map((k) => (
                <Table.Tr key={k.uuid}>
                  <Table.Td>
                    {k.name} <Code>{k.prefix}…</Code>
                  </Table.Td>
                  <Table.Td>
                    {t.keys.created} {formatDateTime(k.createdAt)}
                  </Table.Td>
                  <Table.Td>
                    {t.keys.lastUsed} {k.lastUsedAt ? formatDateTime(k.lastUsedAt) : t.keys.never}
                  </Table.Td>
                  <Table.Td>
                    {k.revokedAt ? (
                      t.keys.revoked
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        type="button"
                        loading={revoke.isPending && revoke.variables === k.uuid}
                        onClick={() =>
                          revoke.mutate(k.uuid, {
                            onSuccess: () => notifySuccess(t.keys.revokedNotice),
                            onError: (error) => notifyError(t.keys.revokeError, error),
                          })
                        }
                      >
                        {t.keys.revoke}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
