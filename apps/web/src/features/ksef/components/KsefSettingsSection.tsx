import { Alert, Button, Group, Paper, PasswordInput, Stack, Switch, Text, Title } from '@mantine/core';
import { formatDateTime, KSEF_ENVIRONMENT_VALUES, type KsefEnvironmentName } from '@spedycja/domain';
import { useEffect, useState } from 'react';
import { SearchableSelect } from '../../../components/SearchableSelect.tsx';
import { useCheckKsef, useKsefConfig, useUpdateKsefConfig } from '../api/ksef.ts';
import { ksefUiMessages as t } from '../messages.ts';

/**
 * The settings page's 'KSeF': the environment, the KSeF token (typed, never shown: only its last 4 characters),
 * sending automatically, the hourly fetch of carriers' invoices, 'Sprawdź połączenie', and what offline needs.
 */
export function KsefSettingsSection() {
  const config = useKsefConfig();
  const update = useUpdateKsefConfig();
  const check = useCheckKsef();
  const data = config.data;
  const [environment, setEnvironment] = useState<KsefEnvironmentName>('TEST');
  const [token, setToken] = useState('');
  const [autoSend, setAutoSend] = useState(false);
  const [syncHourly, setSyncHourly] = useState(false);

  useEffect(() => {
    if (!data) return;
    setEnvironment(data.environment);
    setAutoSend(data.autoSend);
    setSyncHourly(data.syncHourly);
  }, [data]);

  const save = () =>
    update
      .mutateAsync({ environment, autoSend, syncHourly, ...(token.trim() ? { token: token.trim() } : {}) })
      .then(() => setToken(''))
      .catch(() => undefined);

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={t.sectionTitle}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.sectionTitle}
        </Title>
        {data && (
          <Text size="sm" c="dimmed">
            {t.nip(data.nip)} · {t.apiUrl(data.apiUrl)}
          </Text>
        )}
        <SearchableSelect
          label={t.environment}
          data={KSEF_ENVIRONMENT_VALUES.map((value) => ({ value, label: t.environments[value] }))}
          value={environment}
          onChange={(value) => value && setEnvironment(value as KsefEnvironmentName)}
          allowDeselect={false}
        />
        <PasswordInput
          label={t.token}
          description={t.tokenHint(data?.tokenLast4 ?? null)}
          placeholder={t.tokenPlaceholder}
          value={token}
          onChange={(event) => setToken(event.currentTarget.value)}
          autoComplete="off"
        />
        <Switch label={t.autoSend} checked={autoSend} onChange={(e) => setAutoSend(e.currentTarget.checked)} />
        <Switch label={t.syncHourly} checked={syncHourly} onChange={(e) => setSyncHourly(e.currentTarget.checked)} />
        {data?.lastSyncAt && (
          <Text size="sm" c="dimmed">
            {t.lastSync(formatDateTime(data.lastSyncAt))}
          </Text>
        )}
        <Alert color="yellow" title={t.offlineTitle}>
          {t.offlineNeedsCertificate} {t.offlineDeadline}
        </Alert>
        <Group justify="flex-end" gap="sm">
          {data?.tokenSet && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => void update.mutateAsync({ token: '' }).catch(() => undefined)}
            >
              {t.removeToken}
            </Button>
          )}
          <Button variant="default" loading={check.isPending} onClick={() => check.mutate()}>
            {t.check}
          </Button>
          <Button loading={update.isPending} onClick={() => void save()}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
