/** The part of the Telegram Bot API (https://core.telegram.org/bots/api) the app uses. */

export type BotInfo = { id: number; username: string; firstName: string };

export type TelegramUpdate = {
  updateId: number;
  /** A text message in a chat with the bot (e.g. `/start {code}`). */
  message?: { chatId: string; text: string; fromName: string | null };
};

export type SendOptions = { html?: boolean };

export type TelegramClient = {
  getMe(): Promise<BotInfo>;
  sendMessage(chatId: string, text: string, options?: SendOptions): Promise<{ messageId: number }>;
  /** Updates from `offset` on; `timeoutSeconds` > 0 long-polls. */
  getUpdates(offset: number, timeoutSeconds?: number): Promise<TelegramUpdate[]>;
  setWebhook(url: string, secretToken: string): Promise<void>;
};

/**
 * A failed call. `network` means no answer (refused, reset, timed out); otherwise `status` is Telegram's
 * error_code with its description, and `retryAfter` the seconds a 429 asks us to wait.
 */
export class TelegramError extends Error {
  constructor(
    readonly kind: 'network' | 'api',
    readonly description: string,
    readonly status: number | null = null,
    readonly retryAfter: number | null = null,
  ) {
    super(status ? `${status} ${description}` : description);
    this.name = 'TelegramError';
  }

  /** Worth trying again later: no answer, a server error or too many requests. 4xx (403 blocked, 400 chat not found) is final. */
  get retryable(): boolean {
    return this.kind === 'network' || this.status === 429 || (this.status !== null && this.status >= 500);
  }
}
