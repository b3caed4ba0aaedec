import {
  apiMessages,
  telegramMessages as msg,
  TELEGRAM_LOG_SIZE,
  TELEGRAM_STATUSES,
  type TelegramBotState,
  type TelegramKind,
  type TelegramStatus,
  telegramSwitchesSchema,
  telegramTokenSchema,
} from '@spedycja/domain';
import { and, count, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { tasks, telegramLinkCodes, telegramMessages, users } from '../../db/schema/index.ts';
import { adminOnly, currentUser, requestIsAdmin } from '../../http/auth.ts';
import { AppError, fieldViolation, forbidden, unauthorized, unprocessable } from '../../http/errors.ts';
import { commaSeparated, type FilterSpec, parseListQuery, sortKey } from '../../http/filters.ts';
import { collection, iri } from '../../http/hydra.ts';
import { listStatements, runList } from '../../http/listing.ts';
import { createTelegramClient, type RawUpdate, toUpdate } from '../../integrations/telegram/http.ts';
import { TelegramError } from '../../integrations/telegram/types.ts';
import { outcomeOf } from './outcome.ts';
import { storeBotToken } from './token.ts';
import type { TelegramService } from './worker.ts';

const WEBHOOK_HEADER = 'x-telegram-bot-api-secret-token';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A user's messages: the user's id looked up first (an InitPlan), so that the log is read along
 * telegram_messages_user_idx, newest first, rather than joined to users and sorted (issue 35).
 */
const userMessages = (uuid: string): SQL =>
  sql`${telegramMessages.userId} = (SELECT ${users.id} FROM ${users} WHERE ${users.uuid} = ${uuid.toLowerCase()})`;

/** `user.uuid=` (everyone's log, one user's messages). */
function userFilter(value: string): SQL | undefined {
  const given = commaSeparated(value);
  if (given.length === 0) return undefined;
  if (given.some((v) => !UUID_RE.test(v)))
    throw new AppError(400, 'invalid_filter', apiMessages.invalidFilter('user.uuid'));
  return given.length === 1 ? userMessages(given[0] as string) : sql`(${sql.join(given.map(userMessages), sql` OR `)})`;
}

const logFilters: FilterSpec = {
  custom: { 'user.uuid': userFilter, 'user.uuid[]': userFilter },
  fields: {
    status: { column: telegramMessages.status, type: 'string', search: 'exact' },
    kind: { column: telegramMessages.kind, type: 'string', search: 'exact' },
    createdDate: { column: telegramMessages.createdAt, type: 'timestamp', date: true },
  },
  // Newest first; the id (repeated as the tiebreaker, which PostgreSQL drops) keeps pages stable. NULLS LAST (the
  // columns are never null) as the log's indexes are declared: a plain DESC (nulls first) sorted the whole log.
  defaultOrder: [sortKey(telegramMessages.createdAt, 'desc'), sortKey(telegramMessages.id, 'desc')],
  tiebreaker: telegramMessages.id,
  itemsPerPage: TELEGRAM_LOG_SIZE,
  maxItemsPerPage: TELEGRAM_LOG_SIZE,
};

type LogRow = {
  message: typeof telegramMessages.$inferSelect;
  user: { uuid: string; name: string; login: string } | null;
  taskUuid: string | null;
};

const toLogJson = ({ message: m, user, taskUuid }: LogRow) => ({
  '@id': iri('telegram/notifications', m.uuid),
  '@type': 'TelegramNotification' as const,
  uuid: m.uuid,
  kind: m.kind as TelegramKind,
  user: user?.uuid ? user : null,
  chatId: m.chatId,
  summary: m.summary,
  status: (TELEGRAM_STATUSES as readonly string[]).includes(m.status) ? (m.status as TelegramStatus) : 'failed',
  error: m.lastError,
  attempts: m.attempts,
  createdDate: m.createdAt.toISOString(),
  sentDate: m.sentAt?.toISOString() ?? null,
  task: taskUuid ? iri('tasks', taskUuid) : null,
});

/**
 * /api/telegram: the bot's state (never its token), linking my account, my switches, a test message, the log;
 * admins set the token and read everyone's log. The webhook is the one public route, checked by its secret.
 */
export async function telegramRoutes(
  app: FastifyInstance,
  { db, config, telegram }: { db: Db; config: Config; telegram: TelegramService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Telegram'];
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), ownTransactions: true };
  });

  const me = async (request: FastifyRequest) => {
    const [row] = await db
      .select()
      .from(users)
      .where(eq(users.uuid, currentUser(request).uuid));
    if (!row) throw unauthorized();
    return row;
  };

  async function botState(fresh = false): Promise<TelegramBotState> {
    const { token, info, error } = await telegram.botInfo(fresh);
    return {
      configured: token !== null,
      source: token?.source ?? null,
      connected: info !== null,
      username: info?.username ?? null,
      name: info?.firstName ?? null,
      webhook: telegram.webhookMode,
      error,
    };
  }

  async function myState(request: FastifyRequest) {
    const user = await me(request);
    const [pending] = await db
      .select({ n: count() })
      .from(telegramLinkCodes)
      .where(and(eq(telegramLinkCodes.userId, user.id), gt(telegramLinkCodes.expiresAt, sql`now()`)));
    return { user, linkPending: (pending?.n ?? 0) > 0 };
  }

  const toMe = (user: typeof users.$inferSelect, linkPending: boolean) => ({
    linked: Boolean(user.telegramUserId?.trim()),
    telegramUserId: user.telegramUserId,
    notifyOnAssignment: user.telegramOnAssignment,
    notifyOnOfferVerified: user.telegramOnOfferVerified,
    linkPending,
  });

  r.get('/api/telegram/bot', { schema: { tags } }, () => botState());

  r.put('/api/telegram/bot', { config: adminOnly, schema: { tags, body: telegramTokenSchema } }, async (request) => {
    const { token } = request.body;
    try {
      await createTelegramClient({ apiUrl: config.telegram.apiUrl, token }).getMe();
    } catch (error) {
      if (error instanceof TelegramError && (error.status === 401 || error.status === 404)) {
        throw fieldViolation('token', msg.tokenRejected);
      }
      const outcome = outcomeOf(error, 1);
      throw fieldViolation('token', msg.tokenUnverified('error' in outcome ? outcome.error : String(error)));
    }
    await storeBotToken(db, config, token);
    telegram.nudge();
    return botState(true);
  });

  r.delete('/api/telegram/bot', { config: adminOnly, schema: { tags } }, async (_request, reply) => {
    await storeBotToken(db, config, null);
    return reply.code(204).send();
  });

  r.get('/api/telegram/me', { schema: { tags } }, async (request) => {
    let state = await myState(request);
    // While a link waits for its /start, the page asks here every few seconds: read the bot's messages now.
    if (state.linkPending && !state.user.telegramUserId) {
      if ((await telegram.pollNow()) > 0) state = await myState(request);
    }
    return toMe(state.user, state.linkPending);
  });

  r.put('/api/telegram/me', { schema: { tags, body: telegramSwitchesSchema } }, async (request) => {
    const user = await me(request);
    const { notifyOnAssignment, notifyOnOfferVerified } = request.body;
    const changes = {
      ...(notifyOnAssignment !== undefined ? { telegramOnAssignment: notifyOnAssignment } : {}),
      ...(notifyOnOfferVerified !== undefined ? { telegramOnOfferVerified: notifyOnOfferVerified } : {}),
    };
    if (Object.keys(changes).length > 0) await db.update(users).set(changes).where(eq(users.id, user.id));
    const state = await myState(request);
    return toMe(state.user, state.linkPending);
  });

  r.post('/api/telegram/link', { schema: { tags } }, async (request, reply) => {
    const user = await me(request);
    const { token, info } = await telegram.botInfo();
    // A missing token is the admin's to set (409 saying so); 502 only when Telegram did not answer getMe.
    if (!token) throw new AppError(409, 'telegram_not_configured', msg.notConfigured);
    if (!info?.username) throw new AppError(502, 'telegram_unreachable', msg.botUnreachable);
    const { code, expiresAt } = await telegram.createLinkCode(user.id);
    return reply.code(201).send({
      url: `https://t.me/${info.username}?start=${code}`,
      expiresAt: expiresAt.toISOString(),
    });
  });

  r.delete('/api/telegram/link', { schema: { tags } }, async (request, reply) => {
    const user = await me(request);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ telegramUserId: null }).where(eq(users.id, user.id));
      await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, user.id));
    });
    return reply.code(204).send();
  });

  r.post('/api/telegram/test', { schema: { tags } }, async (request) => {
    const user = await me(request);
    const chatId = user.telegramUserId?.trim();
    if (!(await telegram.botInfo()).token) throw new AppError(409, 'telegram_not_configured', msg.notConfigured);
    if (!chatId) throw unprocessable(msg.notLinked);
    try {
      await telegram.sendTest({ id: user.id, name: user.name, chatId });
    } catch (error) {
      const outcome = outcomeOf(error, 1);
      const reason = msg.sendFailed('error' in outcome ? outcome.error : String(error));
      // Telegram answered and refused (403: the user blocked the bot, 400: no such chat): the user's to fix, 409.
      // 502 only when Telegram did not answer or failed itself.
      const answered = error instanceof TelegramError && !error.retryable;
      throw new AppError(answered ? 409 : 502, answered ? 'telegram_refused' : 'telegram_failed', reason);
    }
    return { message: msg.testSent };
  });

  r.get(
    '/api/telegram/notifications',
    { schema: { tags, querystring: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const query = { ...(request.query as Record<string, unknown>) };
      const everyone = query.scope === 'all';
      if (everyone && !requestIsAdmin(request)) throw forbidden();
      if (!everyone) delete query['user.uuid'];
      const params = parseListQuery(query, logFilters);
      const mine: SQL | undefined = everyone ? undefined : userMessages(currentUser(request).uuid);
      const where = and(params.where, mine);
      const select = db
        .select({
          message: telegramMessages,
          user: { uuid: users.uuid, name: users.name, login: users.login },
          taskUuid: tasks.uuid,
        })
        .from(telegramMessages)
        .leftJoin(users, eq(users.id, telegramMessages.userId))
        .leftJoin(tasks, eq(tasks.id, telegramMessages.taskId))
        .$dynamic();
      // My log is my last 50; everyone's pages on, its total counted as the other lists' are (http/listing.ts).
      if (!everyone) {
        const rows = (await select
          .where(where)
          .orderBy(...params.orderBy)
          .limit(params.limit ?? TELEGRAM_LOG_SIZE)
          .offset(params.offset)) as LogRow[];
        return collection(request.url, rows.map(toLogJson), rows.length, { ...params, paginated: false });
      }
      const { rows, total } = await runList(listStatements(db, params, select, { from: telegramMessages }), params);
      return collection(request.url, (rows as LogRow[]).map(toLogJson), total, params);
    },
  );

  r.post(
    '/api/telegram/webhook',
    { config: { public: true }, schema: { tags, body: z.record(z.string(), z.unknown()) } },
    async (request, reply) => {
      const given = request.headers[WEBHOOK_HEADER];
      if (!telegram.checkWebhookSecret(typeof given === 'string' ? given : undefined)) {
        throw new AppError(403, 'forbidden', msg.webhookForbidden);
      }
      const raw = request.body as unknown as RawUpdate;
      if (typeof raw.update_id !== 'number') return reply.code(200).send({ ok: true });
      await telegram.handleWebhook(toUpdate(raw));
      return reply.code(200).send({ ok: true });
    },
  );
}
