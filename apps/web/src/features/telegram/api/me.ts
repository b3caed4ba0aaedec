import { type MyTelegram, type TelegramLink, type TelegramSwitches, telegramMessages } from '@spedycja/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { telegramPageMessages as t } from '../messages.ts';
import { telegramKeys } from './keys.ts';

/** While a link waits for its /start, my state is asked for this often (the server reads the bot's messages then). */
export const LINK_POLL_MS = 2000;

export const getMyTelegram = () => api.get<MyTelegram>('/telegram/me');

export const myTelegramQueryOptions = (waitingForLink: boolean) =>
  queryOptions({
    queryKey: telegramKeys.me,
    queryFn: getMyTelegram,
    refetchInterval: waitingForLink ? LINK_POLL_MS : false,
    meta: { errorAction: t.account.loadAction },
  });

export const useMyTelegram = (waitingForLink = false) => useQuery(myTelegramQueryOptions(waitingForLink));

/** POST /api/telegram/link: a one-time `t.me/{bot}?start={code}` link. */
export function useCreateTelegramLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TelegramLink>('/telegram/link'),
    meta: { errorAction: t.account.linkAction },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telegramKeys.me }),
  });
}

export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.del('/telegram/link'),
    meta: { errorAction: t.account.unlinkAction, successMessage: t.account.unlinked },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telegramKeys.me }),
  });
}

/** POST /api/telegram/test: sent at once; the answer says whether Telegram took it. */
export function useSendTestMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/telegram/test'),
    meta: { errorAction: t.account.testAction, successMessage: telegramMessages.testSent },
    // Sent or not, the log has a new line.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['telegram', 'log'] }),
  });
}

export function useUpdateTelegramSwitches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: TelegramSwitches) => api.put<MyTelegram>('/telegram/me', payload),
    meta: { errorAction: t.switches.updateAction, successMessage: t.switches.saved },
    onSuccess: (state) => queryClient.setQueryData(telegramKeys.me, state),
  });
}
