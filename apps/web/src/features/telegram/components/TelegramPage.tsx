import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useAuth } from '../../auth/useAuth.ts';
import { useBotState } from '../api/bot.ts';
import { telegramPageMessages as t } from '../messages.ts';
import { AccountCard } from './AccountCard.tsx';
import { BotCard } from './BotCard.tsx';
import { NotificationsLog } from './NotificationsLog.tsx';
import { SwitchesCard } from './SwitchesCard.tsx';

/** /telegram (every logged-in user): the bot, my link with its QR code, a test message, my switches, the log. */
export function TelegramPage() {
  const { isAdmin } = useAuth();
  const { data: bot } = useBotState();
  const botReady = Boolean(bot?.connected);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.title}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <BotCard isAdmin={isAdmin} />
        <AccountCard botReady={botReady} />
      </SimpleGrid>
      <SwitchesCard />
      <NotificationsLog isAdmin={isAdmin} />
    </Stack>
  );
}
