import type { TelegramBotState, TelegramTokenUpdate } from '@spedycja/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { telegramPageMessages as t } from '../messages.ts';
import { telegramKeys } from './keys.ts';

/** GET /api/telegram/bot: whether a token is set (never the token) and the bot's name from getMe. */
export const getBotState = () => api.get<TelegramBotState>('/telegram/bot');

export const botStateQueryOptions = () =>
  queryOptions({ queryKey: telegramKeys.bot, queryFn: getBotState, meta: { errorAction: t.bot.loadAction } });

export const useBotState = () => useQuery(botStateQueryOptions());

/** PUT /api/telegram/bot {token} (admins): checked with getMe before it is kept. */
export function useSetBotToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: TelegramTokenUpdate) => api.put<TelegramBotState>('/telegram/bot', payload),
    meta: { errorAction: t.bot.saveAction, successMessage: t.bot.tokenSaved },
    onSuccess: (state) => queryClient.setQueryData(telegramKeys.bot, state),
  });
}

/** DELETE /api/telegram/bot (admins): back to TELEGRAM_BOT_TOKEN, if the server has one. */
export function useRemoveBotToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.del('/telegram/bot'),
    meta: { errorAction: t.bot.removeAction, successMessage: t.bot.tokenRemoved },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telegramKeys.bot }),
  });
}
