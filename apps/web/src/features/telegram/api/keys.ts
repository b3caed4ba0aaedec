export const telegramKeys = {
  all: ['telegram'] as const,
  bot: ['telegram', 'bot'] as const,
  me: ['telegram', 'me'] as const,
  log: (scope: 'mine' | 'all', page: number) => ['telegram', 'log', scope, page] as const,
};
