import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { MyTelegram, TelegramLink } from '@spedycja/domain';
import dayjs from 'dayjs';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { componentMessages } from '../../../components/messages.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateTelegramLink, useMyTelegram, useSendTestMessage, useUnlinkTelegram } from '../api/me.ts';
import { telegramPageMessages } from '../messages.ts';

const t = telegramPageMessages.account;

/**
 * My link to Telegram. Linking: the server makes a one-time `t.me/{bot}?start={code}` link (shown with its QR code);
 * the person presses Start in Telegram, and this page, asking every two seconds, sees the account linked.
 */
export function AccountCard({ botReady }: { botReady: boolean }) {
  const [link, setLink] = useState<TelegramLink | null>(null);
  const { data: me, isPending } = useMyTelegram(link !== null);
  const createLink = useCreateTelegramLink();
  const unlink = useUnlinkTelegram();
  const sendTest = useSendTestMessage();
  const [confirmUnlink, setConfirmUnlink] = useState(false);

  // The link did its work: say so once and put it away.
  const wasLinked = useRef<boolean | null>(null);
  useEffect(() => {
    if (!me) return;
    if (wasLinked.current === false && me.linked) {
      notifySuccess(t.linkedNow);
      setLink(null);
    }
    wasLinked.current = me.linked;
  }, [me]);

  const handleLink = async () => {
    try {
      setLink(await createLink.mutateAsync());
    } catch {
      // Reported by the mutation's notification.
    }
  };
  const handleUnlink = async () => {
    await unlink.mutateAsync();
    setConfirmUnlink(false);
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        {isPending || !me ? (
          <Text c="dimmed" role="status">
            {componentMessages.loading}
          </Text>
        ) : (
          <LinkState me={me} />
        )}
        {link && me && !me.linked && <LinkBox link={link} />}
        <Group>
          {me?.linked ? (
            <>
              <Button onClick={() => sendTest.mutate()} loading={sendTest.isPending} disabled={!botReady}>
                {t.test}
              </Button>
              <Button variant="default" color="red" onClick={() => setConfirmUnlink(true)}>
                {t.unlink}
              </Button>
            </>
          ) : (
            <Button onClick={handleLink} loading={createLink.isPending} disabled={!botReady || !me}>
              {link ? t.newLink : t.link}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmUnlink}
        title={t.unlink}
        text={t.unlinkConfirm}
        onConfirm={handleUnlink}
        onCancel={() => setConfirmUnlink(false)}
        loading={unlink.isPending}
      />
    </Paper>
  );
}

function LinkState({ me }: { me: MyTelegram }) {
  return me.linked ? (
    <Alert color="green" variant="light" role="status">
      {t.linked(me.telegramUserId ?? '')}
    </Alert>
  ) : (
    <Text role="status">{t.notLinked}</Text>
  );
}

function LinkBox({ link }: { link: TelegramLink }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{t.instructions(dayjs(link.expiresAt).format('HH:mm'))}</Text>
      <Group align="center" gap="lg">
        <QRCodeSVG value={link.url} size={176} marginSize={2} title={t.qrTitle} role="img" aria-label={t.qrTitle} />
        <Stack gap={6}>
          <Anchor href={link.url} target="_blank" rel="noopener noreferrer">
            {t.openLink}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace">
            {link.url}
          </Text>
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t.waiting}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Stack>
  );
}
