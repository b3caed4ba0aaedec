import { Alert, Button, Group, List, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { telegramTokenSchema } from '@spedycja/domain';
import { componentMessages } from '../../../components/messages.ts';
import { onValidationFailure, useSaveSubmit, zodValidate } from '../../../lib/forms.ts';
import { useBotState, useRemoveBotToken, useSetBotToken } from '../api/bot.ts';
import { telegramPageMessages } from '../messages.ts';

const t = telegramPageMessages.bot;

/** The bot: connected (its name from getMe), or how to connect one; admins set or remove the token here. */
export function BotCard({ isAdmin }: { isAdmin: boolean }) {
  const { data: bot, isPending } = useBotState();
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        {isPending || !bot ? (
          <Text c="dimmed" role="status">
            {componentMessages.loading}
          </Text>
        ) : bot.connected && bot.username ? (
          <Alert color="green" variant="light" role="status">
            {t.connected(bot.username, bot.name)}
          </Alert>
        ) : bot.configured ? (
          <Alert color="red" variant="light" role="status">
            {t.unreachable(bot.error)}
          </Alert>
        ) : (
          <Alert color="yellow" variant="light" role="status" title={t.notConfigured}>
            {isAdmin ? (
              <List type="ordered" size="sm">
                {t.howTo.map((step) => (
                  <List.Item key={step}>{step}</List.Item>
                ))}
              </List>
            ) : (
              t.askAdmin
            )}
          </Alert>
        )}
        {bot?.configured && (
          <Text size="sm" c="dimmed">
            {bot.source === 'admin' ? t.sourceAdmin : t.sourceEnv}
            {bot.webhook ? ` ${t.webhook}` : ''}
          </Text>
        )}
        {isAdmin && <TokenForm canRemove={bot?.source === 'admin'} />}
      </Stack>
    </Paper>
  );
}

function TokenForm({ canRemove }: { canRemove: boolean }) {
  const setToken = useSetBotToken();
  const removeToken = useRemoveBotToken();
  const form = useForm({ initialValues: { token: '' }, validate: zodValidate(telegramTokenSchema) });
  const runSave = useSaveSubmit(form);
  const handleSubmit = form.onSubmit(
    (values) =>
      runSave(async () => {
        await setToken.mutateAsync({ token: values.token.trim() });
        form.reset();
      }),
    onValidationFailure,
  );
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t.title}>
      <Stack gap="xs">
        <PasswordInput
          label={t.tokenLabel}
          placeholder={t.tokenPlaceholder}
          description={t.tokenHint}
          autoComplete="off"
          {...form.getInputProps('token')}
        />
        <Group justify="flex-end">
          {canRemove && (
            <Button variant="default" color="red" loading={removeToken.isPending} onClick={() => removeToken.mutate()}>
              {t.removeToken}
            </Button>
          )}
          <Button type="submit" loading={setToken.isPending}>
            {t.saveToken}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
