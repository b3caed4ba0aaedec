import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Telegram Bot API server: `/bot{token}/getMe`, `/sendMessage`, `/getUpdates`, `/setWebhook`, speaking the
 * real protocol (JSON in, `{ok, result}` or `{ok: false, error_code, description, parameters}` out). It checks the
 * token and, like Telegram, refuses HTML it cannot parse. Tests queue failures and incoming messages; the browser
 * walk does the same over `/__fake/…` from another process.
 */

export type SentMessage = { token: string; chatId: string; text: string; parseMode: string | null };
type Failure = { status: number; description: string; retryAfter?: number } | 'drop';

export type FakeBotApi = {
  url: string;
  token: string;
  username: string;
  sent: SentMessage[];
  /** Calls seen, by method name (getMe, sendMessage, getUpdates, setWebhook). */
  calls: string[];
  webhook: { url: string; secret: string } | null;
  /** The next sendMessage calls fail like this, in order ('drop' closes the connection without an answer). */
  failNext(...failures: Failure[]): void;
  /** Chats that blocked the bot: sendMessage answers 403. */
  blocked: Set<string>;
  /** A user writes to the bot. */
  pushMessage(chatId: string, text: string): void;
  /** Answers of getUpdates wait this long first (to test what runs meanwhile). */
  setDelay(ms: number): void;
  close(): Promise<void>;
};

const ALLOWED_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'a',
  'code',
  'pre',
  'blockquote',
]);

/** Telegram's HTML rules, as far as we use them: known tags, balanced, and `<`, `>`, `&` escaped elsewhere. */
export function htmlProblem(text: string): string | null {
  const stack: string[] = [];
  const tokens = text.split(/(<[^<>]*>)/);
  for (const token of tokens) {
    if (token.startsWith('<') && token.endsWith('>')) {
      const m = /^<(\/?)([a-z-]+)(\s[^<>]*)?>$/.exec(token);
      if (!m || !ALLOWED_TAGS.has(m[2] as string)) return `Unsupported start tag "${token}"`;
      if (m[1]) {
        if (stack.pop() !== m[2]) return `Unmatched end tag "${token}"`;
      } else stack.push(m[2] as string);
      continue;
    }
    if (/[<>]/.test(token)) return 'Unexpected end of name token';
    const amp = token.replace(/&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);/gi, '');
    if (amp.includes('&')) return 'Character entity expected';
  }
  return stack.length ? `Can't find end tag corresponding to start tag "${stack.at(-1)}"` : null;
}

export async function startFakeBotApi(
  options: { token?: string; username?: string; port?: number; host?: string } = {},
): Promise<FakeBotApi> {
  const token = options.token ?? '123456789:AAFakeTokenForTestsOnly_abcdefghijklm';
  const username = options.username ?? 'SpedycjaTestBot';
  const sent: SentMessage[] = [];
  const calls: string[] = [];
  const failures: Failure[] = [];
  const blocked = new Set<string>();
  const updates: { update_id: number; message: Record<string, unknown> }[] = [];
  let nextUpdateId = 100_000;
  let delayMs = 0;
  let waiters: (() => void)[] = [];
  const state: { webhook: FakeBotApi['webhook'] } = { webhook: null };

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, description: string, retryAfter?: number) =>
    reply(res, status, {
      ok: false,
      error_code: status,
      description,
      ...(retryAfter ? { parameters: { retry_after: retryAfter } } : {}),
    });

  async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const query = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
    if (!raw) return query;
    if ((req.headers['content-type'] ?? '').includes('json')) return { ...query, ...JSON.parse(raw) };
    return { ...query, ...Object.fromEntries(new URLSearchParams(raw)) };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    // Control endpoints for the browser walk (another process).
    if (url.pathname === '/__fake/messages' && req.method === 'POST') {
      const body = await readBody(req);
      api.pushMessage(String(body.chatId), String(body.text));
      return reply(res, 200, { ok: true });
    }
    if (url.pathname === '/__fake/sent') return reply(res, 200, sent);

    const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!m) return error(res, 404, 'Not Found');
    const [, givenToken, method] = m as unknown as [string, string, string];
    if (givenToken !== token) return error(res, 401, 'Unauthorized');
    calls.push(method);
    const body = await readBody(req);

    if (method === 'getMe') {
      return reply(res, 200, {
        ok: true,
        result: { id: Number(token.split(':')[0]), is_bot: true, first_name: 'Spedycja Test', username },
      });
    }
    if (method === 'sendMessage') {
      const failure = failures.shift();
      if (failure === 'drop') {
        req.socket.destroy();
        return;
      }
      if (failure) return error(res, failure.status, failure.description, failure.retryAfter);
      const chatId = body.chat_id === undefined ? '' : String(body.chat_id);
      const text = typeof body.text === 'string' ? body.text : '';
      if (!chatId) return error(res, 400, 'Bad Request: chat_id is empty');
      if (!text.trim()) return error(res, 400, 'Bad Request: message text is empty');
      if (blocked.has(chatId)) return error(res, 403, 'Forbidden: bot was blocked by the user');
      const parseMode = typeof body.parse_mode === 'string' ? body.parse_mode : null;
      if (parseMode === 'HTML') {
        const problem = htmlProblem(text);
        if (problem) return error(res, 400, `Bad Request: can't parse entities: ${problem}`);
      }
      sent.push({ token: givenToken, chatId, text, parseMode });
      return reply(res, 200, {
        ok: true,
        result: { message_id: sent.length, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId) }, text },
      });
    }
    if (method === 'getUpdates') {
      if (state.webhook) return error(res, 409, "Conflict: can't use getUpdates method while webhook is active");
      const offset = Number(body.offset ?? 0);
      // Updates below the offset are confirmed and forgotten, as Telegram does.
      while (updates.length && (updates[0]?.update_id ?? 0) < offset) updates.shift();
      const timeout = Number(body.timeout ?? 0);
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (!updates.length && timeout > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeout * 1000);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return reply(res, 200, { ok: true, result: updates.slice(0, 100) });
    }
    if (method === 'setWebhook') {
      state.webhook = body.url ? { url: String(body.url), secret: String(body.secret_token ?? '') } : null;
      return reply(res, 200, { ok: true, result: true, description: 'Webhook was set' });
    }
    if (method === 'deleteWebhook') {
      state.webhook = null;
      return reply(res, 200, { ok: true, result: true });
    }
    return error(res, 404, 'Not Found: method not found');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => error(res, 500, 'Internal Server Error'));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;

  const api: FakeBotApi = {
    url: `http://${host}:${port}`,
    token,
    username,
    sent,
    calls,
    get webhook() {
      return state.webhook;
    },
    set webhook(value) {
      state.webhook = value;
    },
    blocked,
    failNext(...more) {
      failures.push(...more);
    },
    pushMessage(chatId, text) {
      updates.push({
        update_id: nextUpdateId++,
        message: {
          message_id: nextUpdateId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(chatId), type: 'private', first_name: 'Jan' },
          from: { id: Number(chatId), is_bot: false, first_name: 'Jan', last_name: 'Kowalski' },
          text,
          ...(text.startsWith('/')
            ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length }] }
            : {}),
        },
      });
      const ready = waiters;
      waiters = [];
      for (const wake of ready) wake();
    },
    setDelay(ms) {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const wake of waiters) wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}
