import { type HydraCollection, TELEGRAM_LOG_SIZE, type TelegramNotification } from '@spedycja/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { telegramPageMessages as t } from '../messages.ts';
import { telegramKeys } from './keys.ts';

export type LogScope = 'mine' | 'all';

/** GET /api/telegram/notifications: my last 50; admins page through everyone's with scope=all. */
export const getNotifications = (scope: LogScope, page: number): Promise<HydraCollection<TelegramNotification>> =>
  api.list<TelegramNotification>(
    '/telegram/notifications',
    scope === 'all' ? { scope, page, itemsPerPage: TELEGRAM_LOG_SIZE } : {},
  );

export const notificationsQueryOptions = (scope: LogScope, page: number) =>
  queryOptions({
    queryKey: telegramKeys.log(scope, page),
    queryFn: () => getNotifications(scope, page),
    placeholderData: keepPreviousData,
    // Reminders are sent in the background: the log keeps up by itself.
    refetchInterval: 15_000,
    meta: { errorAction: t.log.loadAction },
  });

export const useTelegramNotifications = (scope: LogScope, page: number) =>
  useQuery(notificationsQueryOptions(scope, page));
