import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  carriers,
  offers,
  orders,
  queries,
  TELEGRAM_DUE,
  tasks,
  telegramMessages,
  users,
} from '../../db/schema/index.ts';
import type { OfferInfo, TaskInfo } from './compose.ts';

/** Data access of the Telegram notifications: the outbox/log table, due reminders, what messages are made of. */

export type TelegramMessageRow = typeof telegramMessages.$inferSelect;
export type NewTelegramMessage = Pick<
  typeof telegramMessages.$inferInsert,
  'kind' | 'userId' | 'chatId' | 'html' | 'summary' | 'taskId' | 'contactDate'
>;

/** How long a claimed message may be in flight; a send that outlives it belonged to a process that died. */
export const LEASE_SECONDS = 120;

export async function enqueueTelegram(db: DbOrTx, message: NewTelegramMessage): Promise<boolean> {
  // A reminder exists once per task and contact date (a unique index), whatever else goes wrong.
  const rows = await db
    .insert(telegramMessages)
    .values(message)
    .onConflictDoNothing()
    .returning({ id: telegramMessages.id });
  return rows.length > 0;
}

/** Leases the next due message: 'sending' until recorded; several instances never take the same one. */
export async function claimNext(db: DbOrTx): Promise<TelegramMessageRow | undefined> {
  const [row] = await db
    .update(telegramMessages)
    .set({
      status: 'sending',
      lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      attempts: sql`${telegramMessages.attempts} + 1`,
    })
    .where(
      sql`${telegramMessages.id} = (
        SELECT id FROM telegram_messages WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
    )
    .returning();
  return row;
}

export type Outcome =
  | { status: 'sent' }
  | { status: 'retry'; error: string; delaySeconds: number }
  | { status: 'failed'; error: string };

export async function recordOutcome(db: DbOrTx, id: number, outcome: Outcome) {
  const values =
    outcome.status === 'sent'
      ? { status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null }
      : outcome.status === 'retry'
        ? {
            status: 'pending',
            lockedUntil: null,
            lastError: outcome.error.slice(0, 1000),
            nextAttemptAt: sql`now() + make_interval(secs => ${outcome.delaySeconds})`,
          }
        : { status: 'failed', lockedUntil: null, lastError: outcome.error.slice(0, 1000) };
  await db
    .update(telegramMessages)
    .set(values)
    .where(and(eq(telegramMessages.id, id), eq(telegramMessages.status, 'sending')));
}

/**
 * A message still 'sending' after its lease was sent by a process that stopped before it could record the answer,
 * or was never sent: nobody can tell. Sending it again could deliver it twice, so it is recorded as not sent.
 */
export async function closeInterrupted(db: DbOrTx, reason: string): Promise<number> {
  const rows = await db
    .update(telegramMessages)
    .set({ status: 'failed', lockedUntil: null, lastError: reason })
    .where(sql`${telegramMessages.status} = 'sending' AND ${telegramMessages.lockedUntil} < now()`)
    .returning({ id: telegramMessages.id });
  return rows.length;
}

/** The due-reminder lookup: open, notifying tasks whose contact date has come and was not reminded (a partial index). */
export function dueTasks(db: DbOrTx, limit: number) {
  return db
    .select({ id: tasks.id })
    .from(tasks)
    .where(sql`${TELEGRAM_DUE(tasks)} AND ${tasks.contactDate} <= now()`)
    .orderBy(asc(tasks.contactDate))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markReminded(db: DbOrTx, taskIds: number[]) {
  await db
    .update(tasks)
    .set({ telegramRemindedFor: sql`${tasks.contactDate}` })
    .where(inArray(tasks.id, taskIds));
}

export type TaskDetails = TaskInfo & {
  userId: number | null;
  chatId: string | null;
  onAssignment: boolean;
  /** The task's own Telegram switch: off, nothing about this task goes to Telegram (neither reminder nor assignment). */
  telegramNotification: boolean;
  /** Hours since the contact date (a reminder far too late is not sent). */
  lateHours: number;
};

export async function taskDetails(db: DbOrTx, where: SQL): Promise<TaskDetails[]> {
  const rows = await db
    .select({
      id: tasks.id,
      uuid: tasks.uuid,
      phonePrefix: tasks.phonePrefix,
      phone: tasks.phone,
      comment: tasks.comment,
      contactDate: tasks.contactDate,
      lateHours: sql<number>`extract(epoch from now() - ${tasks.contactDate}) / 3600`.mapWith(Number),
      userId: users.id,
      chatId: users.telegramUserId,
      onAssignment: users.telegramOnAssignment,
      telegramNotification: tasks.telegramNotification,
      queryId: queries.id,
      queryLoadingCity: queries.loadingCity,
      queryLoadingCountry: queries.loadingCountry,
      queryUnloadingCity: queries.unloadingCity,
      queryUnloadingCountry: queries.unloadingCountry,
      orderNumber: orders.number,
      orderLoadingCity: orders.loadingCity,
      orderLoadingCountry: orders.loadingCountry,
      orderUnloadingCity: orders.unloadingCity,
      orderUnloadingCountry: orders.unloadingCountry,
    })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.userId))
    .leftJoin(queries, eq(queries.id, tasks.queryId))
    .leftJoin(orders, eq(orders.id, tasks.orderId))
    .where(where);
  return rows.map((r) => ({
    id: r.id,
    uuid: r.uuid,
    phonePrefix: r.phonePrefix,
    phone: r.phone,
    comment: r.comment,
    contactDate: r.contactDate,
    lateHours: r.lateHours,
    userId: r.userId,
    chatId: r.chatId?.trim() || null,
    onAssignment: r.onAssignment ?? false,
    telegramNotification: r.telegramNotification,
    entry:
      r.queryId !== null
        ? {
            type: 'query',
            id: r.queryId,
            loading: { city: r.queryLoadingCity, country: r.queryLoadingCountry },
            unloading: { city: r.queryUnloadingCity, country: r.queryUnloadingCountry },
          }
        : r.orderNumber !== null
          ? {
              type: 'order',
              number: r.orderNumber,
              loading: { city: r.orderLoadingCity, country: r.orderLoadingCountry },
              unloading: { city: r.orderUnloadingCity, country: r.orderUnloadingCountry },
            }
          : null,
  }));
}

export type OfferDetails = OfferInfo & { ownerId: number | null; chatId: string | null; onOfferVerified: boolean };

export async function offerDetails(db: DbOrTx, offerId: number): Promise<OfferDetails | undefined> {
  const [r] = await db
    .select({
      queryId: queries.id,
      loadingCity: queries.loadingCity,
      loadingCountry: queries.loadingCountry,
      unloadingCity: queries.unloadingCity,
      unloadingCountry: queries.unloadingCountry,
      price: offers.price,
      currency: offers.currency,
      email: offers.email,
      phonePrefix: offers.phonePrefix,
      phone: offers.phone,
      carrierName: sql<string | null>`coalesce(${carriers.companyName}, ${carriers.name})`,
      ownerId: users.id,
      chatId: users.telegramUserId,
      onOfferVerified: users.telegramOnOfferVerified,
    })
    .from(offers)
    .innerJoin(queries, eq(queries.id, offers.queryId))
    .leftJoin(carriers, eq(carriers.id, offers.carrierId))
    .leftJoin(users, eq(users.id, queries.userId))
    .where(eq(offers.id, offerId));
  if (!r) return undefined;
  return {
    queryId: r.queryId,
    loading: { city: r.loadingCity, country: r.loadingCountry },
    unloading: { city: r.unloadingCity, country: r.unloadingCountry },
    price: r.price,
    currency: r.currency,
    email: r.email,
    phonePrefix: r.phonePrefix,
    phone: r.phone,
    carrierName: r.carrierName,
    ownerId: r.ownerId,
    chatId: r.chatId?.trim() || null,
    onOfferVerified: r.onOfferVerified ?? false,
  };
}
