import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMyTelegram, useUpdateTelegramSwitches } from '../api/me.ts';
import { telegramPageMessages } from '../messages.ts';

const t = telegramPageMessages.switches;

/** My switches: which notices besides task reminders I want (both on by default). */
export function SwitchesCard() {
  const { data: me } = useMyTelegram();
  const update = useUpdateTelegramSwitches();
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t.reminders}
        </Text>
        <Switch
          label={t.onAssignment}
          checked={me?.notifyOnAssignment ?? true}
          disabled={!me || update.isPending}
          onChange={(event) => update.mutate({ notifyOnAssignment: event.currentTarget.checked })}
        />
        <Switch
          label={t.onOfferVerified}
          checked={me?.notifyOnOfferVerified ?? true}
          disabled={!me || update.isPending}
          onChange={(event) => update.mutate({ notifyOnOfferVerified: event.currentTarget.checked })}
        />
      </Stack>
    </Paper>
  );
}
