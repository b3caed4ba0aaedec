import { verificationMessages as vm } from '@spedycja/domain';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { carriers, orders, tasks, users } from '../../db/schema/index.ts';
import { warsawDay } from '../../warsawDay.ts';

/** Days before a policy or licence ends that its reminder task is made. */
export const REMINDER_DAYS = 14;

/**
 * Fourteen days before a carrier's OCP policy or licence ends, a task for the carrier's owner (the owner of its latest
 * order, else the first administrator): 'Poproś o nową polisę OCP: {carrier}', with the drawer badge and Telegram as
 * any task. One task per end date (`ocp_reminded_for` / `licence_reminded_for`), however often this runs.
 */
export async function createExpiryReminders(db: DbOrTx, today = warsawDay()): Promise<number> {
  let created = 0;
  for (const kind of ['ocp', 'licence'] as const) {
    const validTo = kind === 'ocp' ? carriers.ocpValidTo : carriers.licenceValidTo;
    const remindedFor = kind === 'ocp' ? carriers.ocpRemindedFor : carriers.licenceRemindedFor;
    const due = await db
      .select({ id: carriers.id, companyName: carriers.companyName, name: carriers.name, validTo })
      .from(carriers)
      .where(
        and(
          sql`${validTo} >= ${today}::date`,
          sql`${validTo} <= ${today}::date + ${REMINDER_DAYS}::int`,
          sql`${remindedFor} IS DISTINCT FROM ${validTo}`,
        ),
      );
    for (const carrier of due) {
      const [lastOrder] = await db
        .select({ id: orders.userId })
        .from(orders)
        .where(and(eq(orders.carrierId, carrier.id), isNotNull(orders.userId)))
        .orderBy(desc(orders.id))
        .limit(1);
      const [admin] = lastOrder
        ? []
        : await db
            .select({ id: users.id })
            .from(users)
            .where(sql`'ROLE_ADMIN' = ANY(${users.roles})`)
            .orderBy(users.id)
            .limit(1);
      const owner = lastOrder ?? admin;
      const name = carrier.companyName || carrier.name || '';
      // Claimed first, so that two servers (or two runs) make one task.
      const claimed = await db
        .update(carriers)
        .set(kind === 'ocp' ? { ocpRemindedFor: carrier.validTo } : { licenceRemindedFor: carrier.validTo })
        .where(and(eq(carriers.id, carrier.id), sql`${remindedFor} IS DISTINCT FROM ${carrier.validTo}::date`))
        .returning({ id: carriers.id });
      if (claimed.length === 0) continue;
      await db.insert(tasks).values({
        userId: owner?.id ?? null,
        contactDate: new Date().toISOString(),
        comment: kind === 'ocp' ? vm.ocpReminder(name) : vm.licenceReminder(name),
        drawerNotification: true,
        telegramNotification: true,
      });
      created++;
    }
  }
  return created;
}

/** Runs the reminders now and then every hour, until stopped. */
export function startReminderWorker(db: DbOrTx, log: FastifyBaseLogger, everyMs = 3_600_000) {
  const run = () =>
    createExpiryReminders(db).catch((error) => log.warn({ error: String(error) }, 'OCP/licence reminders failed'));
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, everyMs);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
