import { type BotInfo, type SendOptions, type TelegramClient, TelegramError, type TelegramUpdate } from './types.ts';

export const DEFAULT_TELEGRAM_API_URL = 'https://api.telegram.org';

type ApiAnswer<T> = {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
};

export type RawUpdate = {
  update_id: number;
  message?: { chat?: { id?: number | string }; text?: string; from?: { first_name?: string; last_name?: string } };
};

/** An update as getUpdates or a webhook delivers it, reduced to what we read. */
export function toUpdate(u: RawUpdate): TelegramUpdate {
  const chatId = u.message?.chat?.id;
  const from = u.message?.from;
  if (chatId === undefined || typeof u.message?.text !== 'string') return { updateId: u.update_id };
  return {
    updateId: u.update_id,
    message: {
      chatId: String(chatId),
      text: u.message.text,
      fromName: from ? [from.first_name, from.last_name].filter(Boolean).join(' ') || null : null,
    },
  };
}

/**
 * The Bot API over HTTPS: POST `{apiUrl}/bot{token}/{method}` with a JSON body, answers `{ok, result}` or
 * `{ok: false, error_code, description, parameters}`. The token is part of the path only, never logged.
 */
export function createTelegramClient(options: { apiUrl: string; token: string; timeoutMs?: number }): TelegramClient {
  const base = `${options.apiUrl.replace(/\/$/, '')}/bot${options.token}`;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call<T>(method: string, body: Record<string, unknown>, extraMs = 0): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs + extraMs),
      });
    } catch (error) {
      const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause : error) : null;
      // The message of fetch's error would not name the token, but keep it short and certain.
      throw new TelegramError('network', cause?.name === 'TimeoutError' ? 'timeout' : (cause?.message ?? 'no answer'));
    }
    let answer: ApiAnswer<T> | null = null;
    try {
      answer = (await response.json()) as ApiAnswer<T>;
    } catch {
      answer = null;
    }
    if (answer?.ok && response.ok) return answer.result as T;
    const status = answer?.error_code ?? response.status;
    const retryAfter = answer?.parameters?.retry_after ?? null;
    throw new TelegramError('api', answer?.description ?? `HTTP ${response.status}`, status, retryAfter);
  }

  return {
    async getMe(): Promise<BotInfo> {
      const me = await call<{ id: number; username?: string; first_name?: string }>('getMe', {});
      return { id: me.id, username: me.username ?? '', firstName: me.first_name ?? '' };
    },
    async sendMessage(chatId: string, text: string, sendOptions: SendOptions = {}) {
      const sent = await call<{ message_id: number }>('sendMessage', {
        chat_id: chatId,
        text,
        ...(sendOptions.html ? { parse_mode: 'HTML' } : {}),
        link_preview_options: { is_disabled: true },
      });
      return { messageId: sent.message_id };
    },
    async getUpdates(offset: number, timeoutSeconds = 0): Promise<TelegramUpdate[]> {
      const raw = await call<RawUpdate[]>(
        'getUpdates',
        { offset, timeout: timeoutSeconds, allowed_updates: ['message'] },
        timeoutSeconds * 1000,
      );
      return raw.map(toUpdate);
    },
    async setWebhook(url: string, secretToken: string) {
      await call<boolean>('setWebhook', { url, secret_token: secretToken, allowed_updates: ['message'] });
    },
  };
}
