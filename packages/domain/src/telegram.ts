import { z } from 'zod';

/** Telegram notifications: the payloads of /api/telegram/*, what they answer, and the Polish texts of both sides. */

export const TELEGRAM_KINDS = ['reminder', 'assignment', 'offer', 'link', 'test'] as const;
export type TelegramKind = (typeof TELEGRAM_KINDS)[number];
export const telegramKindLabels: Record<TelegramKind, string> = {
  reminder: 'Przypomnienie o zadaniu',
  assignment: 'Przypisanie zadania',
  offer: 'Zweryfikowana oferta',
  link: 'Połączenie konta',
  test: 'Wiadomość testowa',
};

export const TELEGRAM_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type TelegramStatus = (typeof TELEGRAM_STATUSES)[number];
export const telegramStatusLabels: Record<TelegramStatus, string> = {
  pending: 'oczekuje',
  sending: 'wysyłanie',
  sent: 'wysłano',
  failed: 'nie wysłano',
};

/** Errors and answers of the server. */
export const telegramMessages = {
  notConfigured:
    'Bot Telegram nie jest skonfigurowany: administrator ustawia token bota na stronie Telegram (lub TELEGRAM_BOT_TOKEN).',
  botUnreachable: 'Nie udało się połączyć z botem Telegram.',
  notLinked: 'Twoje konto nie jest połączone z Telegramem.',
  testSent: 'Wiadomość testowa została wysłana!',
  sendFailed: (reason: string) => `Telegram nie przyjął wiadomości: ${reason}`,
  tokenFormat: 'Nieprawidłowy token bota (oczekiwany format: 123456789:AAE…).',
  tokenRejected: 'Telegram nie rozpoznał tego tokenu.',
  tokenUnverified: (reason: string) => `Nie udało się sprawdzić tokenu w Telegramie: ${reason}`,
  webhookForbidden: 'Nieprawidłowy sekret webhooka.',
} as const;

/** A bot token as @BotFather gives it: the bot's id, a colon and 35 or so characters. */
export const TELEGRAM_TOKEN_RE = /^\d{5,15}:[A-Za-z0-9_-]{30,80}$/;

export const telegramTokenSchema = z.object({
  token: z
    .string({ error: telegramMessages.tokenFormat })
    .trim()
    .regex(TELEGRAM_TOKEN_RE, { error: telegramMessages.tokenFormat }),
});
export type TelegramTokenUpdate = z.infer<typeof telegramTokenSchema>;

export const telegramSwitchesSchema = z.object({
  notifyOnAssignment: z.boolean().optional(),
  notifyOnOfferVerified: z.boolean().optional(),
});
export type TelegramSwitches = z.infer<typeof telegramSwitchesSchema>;

/** GET /api/telegram/bot: never the token, only whether there is one and where it comes from. */
export const telegramBotStateSchema = z.object({
  configured: z.boolean(),
  source: z.enum(['admin', 'env']).nullable(),
  connected: z.boolean(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  webhook: z.boolean(),
  error: z.string().nullable(),
});
export type TelegramBotState = z.infer<typeof telegramBotStateSchema>;

/** GET /api/telegram/me */
export const myTelegramSchema = z.object({
  linked: z.boolean(),
  telegramUserId: z.string().nullable(),
  notifyOnAssignment: z.boolean(),
  notifyOnOfferVerified: z.boolean(),
  /** A link code was made and is still waiting for its /start. */
  linkPending: z.boolean(),
});
export type MyTelegram = z.infer<typeof myTelegramSchema>;

/** POST /api/telegram/link */
export const telegramLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type TelegramLink = z.infer<typeof telegramLinkSchema>;

export const telegramNotificationSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('TelegramNotification'),
  uuid: z.string(),
  kind: z.enum(TELEGRAM_KINDS),
  user: z.object({ uuid: z.string(), name: z.string(), login: z.string() }).nullable(),
  chatId: z.string(),
  summary: z.string(),
  status: z.enum(TELEGRAM_STATUSES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdDate: z.string(),
  sentDate: z.string().nullable(),
  task: z.string().nullable(),
});
export type TelegramNotification = z.infer<typeof telegramNotificationSchema>;

/** How many of my notifications the /telegram page lists; admins page through everyone's by the same size. */
export const TELEGRAM_LOG_SIZE = 50;
