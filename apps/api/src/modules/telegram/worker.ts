import { timingSafeEqual } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { afterCommit, outsideRequest } from '../../db/requestTx.ts';
import { tasks, telegramMessages } from '../../db/schema/index.ts';
import { createTelegramClient } from '../../integrations/telegram/http.ts';
import {
  type BotInfo,
  type TelegramClient,
  TelegramError,
  type TelegramUpdate,
} from '../../integrations/telegram/types.ts';
import { assignmentMessage, offerMessage, plainMessage, reminderMessage } from './compose.ts';
import { createLinkCode, handleStartMessage } from './linking.ts';
import { botTexts, failureReasons } from './messages.ts';
import { MAX_ATTEMPTS, outcomeOf } from './outcome.ts';
import {
  claimNext,
  closeInterrupted,
  dueTasks,
  enqueueTelegram,
  markReminded,
  offerDetails,
  recordOutcome,
  taskDetails,
} from './repository.ts';
import { type BotToken, botIdOf, leaseUpdates, readBotToken, releaseUpdates, saveUpdateOffset } from './token.ts';

/**
 * The Telegram worker: every few seconds (and when nudged) it closes sends a dead process left behind, reads
 * `/start {code}` messages (getUpdates, unless a webhook delivers them), turns due tasks into reminders, and sends
 * what is queued. All of its state is in the database, so any number of instances can run it side by side.
 */

const DUE_BATCH = 100;
/** A reminder found this late (the server was down, the token was missing) would only confuse: it is dropped. */
const STALE_HOURS = 24;
const BOT_INFO_MS = 60_000;

export type TickReport = { reminders: number; updates: number; sent: number; failed: number };

export type TelegramService = ReturnType<typeof createTelegramService>;

export function createTelegramService(deps: {
  db: Db;
  config: Config;
  log?: FastifyBaseLogger;
  /** Another client (tests of a crash mid-send); by default the Bot API at TELEGRAM_API_URL. */
  clientFor?: (token: string) => TelegramClient;
}) {
  const { db, config, log } = deps;
  const clients = new Map<string, TelegramClient>();
  const clientFor =
    deps.clientFor ??
    ((token: string) => {
      let client = clients.get(token);
      if (!client) {
        if (clients.size > 4) clients.clear();
        client = createTelegramClient({ apiUrl: config.telegram.apiUrl, token });
        clients.set(token, client);
      }
      return client;
    });
  const webhookMode = Boolean(config.telegram.webhookSecret);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<TickReport> | undefined;
  let polling: Promise<number> | undefined;
  let stopped = false;
  let webhookSetFor: string | null = null;
  let botInfoCache: { token: string; at: number; info: BotInfo | null; error: string | null } | null = null;

  const current = async (): Promise<{ bot: NonNullable<BotToken>; client: TelegramClient } | null> => {
    const bot = await readBotToken(db, config);
    return bot ? { bot, client: clientFor(bot.token) } : null;
  };

  /** getMe, remembered for a minute per token (the page shows it; the link needs the bot's username). */
  async function botInfo(fresh = false): Promise<{ token: BotToken; info: BotInfo | null; error: string | null }> {
    const bot = await readBotToken(db, config);
    if (!bot) return { token: null, info: null, error: null };
    const cached = botInfoCache;
    // A failure is asked again sooner than a success: the bot may be back in a moment.
    const ttl = cached?.info ? BOT_INFO_MS : BOT_INFO_MS / 6;
    if (!fresh && cached && cached.token === bot.token && Date.now() - cached.at < ttl) {
      return { token: bot, info: cached.info, error: cached.error };
    }
    try {
      const info = await clientFor(bot.token).getMe();
      botInfoCache = { token: bot.token, at: Date.now(), info, error: null };
    } catch (error) {
      const reason = outcomeOf(error, 1);
      botInfoCache = { token: bot.token, at: Date.now(), info: null, error: 'error' in reason ? reason.error : null };
    }
    return { token: bot, info: botInfoCache.info, error: botInfoCache.error };
  }

  async function send(client: TelegramClient, chatId: string, html: string) {
    await client.sendMessage(chatId, html, { html: true });
  }

  /** Sends what is queued and due; stops the round at a failure that says Telegram is unwell (not at a 403). */
  async function sendPending(client: TelegramClient): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (;;) {
      if (stopped) break;
      const row = await claimNext(db);
      if (!row) break;
      try {
        await send(client, row.chatId, row.html);
        await recordOutcome(db, row.id, { status: 'sent' });
        sent++;
      } catch (error) {
        const outcome = outcomeOf(error, row.attempts);
        log?.warn(
          { telegramMessageId: row.id, attempts: row.attempts, error: 'error' in outcome ? outcome.error : '' },
          'telegram message not sent',
        );
        await recordOutcome(db, row.id, outcome);
        if (outcome.status === 'failed') failed++;
        if (error instanceof TelegramError && error.retryable) break;
      }
    }
    return { sent, failed };
  }

  /** Due tasks become queued reminders in the transaction that marks them reminded: once per contact date. */
  async function scheduleReminders(): Promise<number> {
    let queued = 0;
    for (;;) {
      if (stopped) break;
      const batch = await db.transaction(async (tx) => {
        const due = await dueTasks(tx, DUE_BATCH);
        if (due.length === 0) return 0;
        const ids = due.map((d) => d.id);
        await markReminded(tx, ids);
        for (const task of await taskDetails(tx, inArray(tasks.id, ids))) {
          if (!task.chatId || task.userId === null || task.lateHours > STALE_HOURS) continue;
          const message = reminderMessage(task, config.publicUrl);
          if (
            await enqueueTelegram(tx, {
              kind: 'reminder',
              userId: task.userId,
              chatId: task.chatId,
              taskId: task.id,
              contactDate: task.contactDate,
              ...message,
            })
          ) {
            queued++;
          }
        }
        return due.length;
      });
      if (batch < DUE_BATCH) break;
    }
    return queued;
  }

  const handleUpdate = (update: TelegramUpdate) => handleStartMessage(db, update, log);

  /** Reads new updates, one instance at a time (a lease in the database), from where the last read left off. */
  async function pollUpdates(client: TelegramClient, token: string): Promise<number> {
    const botId = botIdOf(token);
    const offset = await leaseUpdates(db, botId);
    if (offset === null) return 0;
    let handled = 0;
    try {
      const updates = await client.getUpdates(offset, 0);
      for (const update of updates) {
        await handleUpdate(update);
        await saveUpdateOffset(db, botId, update.updateId + 1);
        handled++;
      }
      if (updates.length === 0 && offset === 0) await saveUpdateOffset(db, botId, 0);
    } catch (error) {
      log?.warn({ error: error instanceof Error ? error.message : String(error) }, 'telegram getUpdates failed');
    } finally {
      await releaseUpdates(db);
    }
    return handled;
  }

  async function ensureWebhook(client: TelegramClient, token: string) {
    if (webhookSetFor === token || !config.telegram.webhookSecret) return;
    try {
      await client.setWebhook(`${config.publicUrl}/api/telegram/webhook`, config.telegram.webhookSecret);
      webhookSetFor = token;
    } catch (error) {
      log?.warn({ error: error instanceof Error ? error.message : String(error) }, 'telegram setWebhook failed');
    }
  }

  async function tickOnce(): Promise<TickReport> {
    const report: TickReport = { reminders: 0, updates: 0, sent: 0, failed: 0 };
    await closeInterrupted(db, failureReasons.interrupted);
    const bot = await current();
    // Without a token nothing is sent, and due reminders wait for one.
    if (!bot || stopped) return report;
    if (webhookMode) await ensureWebhook(bot.client, bot.bot.token);
    else report.updates = await pollOnce(bot.client, bot.bot.token);
    report.reminders = await scheduleReminders();
    const result = await sendPending(bot.client);
    report.sent = result.sent;
    report.failed = result.failed;
    return report;
  }

  function pollOnce(client: TelegramClient, token: string) {
    polling ??= pollUpdates(client, token).finally(() => {
      polling = undefined;
    });
    return polling;
  }

  const tick = () => {
    running ??= tickOnce().finally(() => {
      running = undefined;
    });
    return running;
  };
  const background = () => void tick().catch((error) => log?.error(error));
  // After the request's commit (what was queued is visible), and never inside that request's transaction.
  const nudge = () =>
    afterCommit(() => {
      if (!stopped) setImmediate(() => outsideRequest(background));
    });

  return {
    /** One round of the worker; concurrent calls share it. */
    tick,
    /** Asks for a round soon (something was queued). */
    nudge,
    start(intervalMs = config.telegram.pollMs) {
      timer = setInterval(() => outsideRequest(background), intervalMs);
      timer.unref();
      setImmediate(() => outsideRequest(background));
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
      await polling?.catch(() => undefined);
    },
    botInfo,
    webhookMode,
    /** Reads pending /start messages now (the /telegram page asks while a link waits). */
    async pollNow(): Promise<number> {
      if (webhookMode || stopped) return 0;
      const bot = await current();
      if (!bot) return 0;
      const handled = await pollOnce(bot.client, bot.bot.token);
      if (handled > 0) nudge();
      return handled;
    },
    /** A webhook delivery: checked by the secret header Telegram sends with it. */
    checkWebhookSecret(given: string | undefined): boolean {
      const secret = config.telegram.webhookSecret;
      if (!secret || given === undefined) return false;
      const a = Buffer.from(given);
      const b = Buffer.from(secret);
      return a.length === b.length && timingSafeEqual(a, b);
    },
    async handleWebhook(update: TelegramUpdate) {
      await handleUpdate(update);
      nudge();
    },
    createLinkCode: (userId: number) => createLinkCode(db, userId),
    /**
     * The test message is sent at once (the page reports the result), and logged like any other. Throws the
     * TelegramError, after recording it.
     */
    async sendTest(user: { id: number; name: string; chatId: string }): Promise<void> {
      const bot = await current();
      if (!bot) throw new Error('not configured');
      const composed = plainMessage(botTexts.test(user.name), botTexts.summary.test);
      const [row] = await db
        .insert(telegramMessages)
        .values({
          kind: 'test',
          userId: user.id,
          chatId: user.chatId,
          ...composed,
          status: 'sending',
          attempts: 1,
          lockedUntil: sql`now() + interval '2 minutes'`,
        })
        .returning({ id: telegramMessages.id });
      const id = row?.id ?? 0;
      try {
        await send(bot.client, user.chatId, composed.html);
        await recordOutcome(db, id, { status: 'sent' });
      } catch (error) {
        const outcome = outcomeOf(error, MAX_ATTEMPTS);
        // The person is waiting for the answer: no retry behind their back.
        await recordOutcome(db, id, { status: 'failed', error: 'error' in outcome ? outcome.error : String(error) });
        throw error;
      }
    },
    /** Someone else gave this task to its assignee (if the task's Telegram switch is on, as for its reminder). */
    async taskAssigned(taskId: number, assignedBy: string) {
      const [task] = await taskDetails(db, eq(tasks.id, taskId));
      if (!task?.chatId || task.userId === null || !task.onAssignment || !task.telegramNotification) return;
      await enqueueTelegram(db, {
        kind: 'assignment',
        userId: task.userId,
        chatId: task.chatId,
        taskId: task.id,
        ...assignmentMessage(task, assignedBy, config.publicUrl),
      });
      nudge();
    },
    /** A carrier confirmed a public offer: the query's owner hears of it. */
    async offerVerified(offerId: number) {
      const offer = await offerDetails(db, offerId);
      if (!offer?.chatId || offer.ownerId === null || !offer.onOfferVerified) return;
      await enqueueTelegram(db, {
        kind: 'offer',
        userId: offer.ownerId,
        chatId: offer.chatId,
        ...offerMessage(offer, config.publicUrl),
      });
      nudge();
    },
  };
}
