import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useMailStatus } from '../api/getMailStatus.ts';
import { useSendTestMail } from '../api/sendTestMail.ts';
import { mailUiMessages as t } from '../messages.ts';

/** The settings page's 'Poczta': how mail goes out, how to connect a server, and a test message. */
export function MailSettingsSection() {
  const status = useMailStatus();
  const sendTest = useSendTestMail();
  const [to, setTo] = useState('');
  const data = status.data;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={t.sectionTitle}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.sectionTitle}
        </Title>
        {data && (
          <>
            <Text c={data.mode === 'file' ? 'orange.8' : undefined} fw={500}>
              {data.mode === 'file' ? t.modeFile : t.modeSmtp}
            </Text>
            {data.mode === 'file' && <Text size="sm">{t.howToConnect}</Text>}
            <Text size="sm" c="dimmed">
              {t.sender(data.from)} · {t.queue(data.pending, data.failing)}
            </Text>
          </>
        )}
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t.testAddress}
            description={t.testAddressHint}
            type="email"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button variant="default" loading={sendTest.isPending} onClick={() => sendTest.mutate(to.trim() || null)}>
            {t.sendTest}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
