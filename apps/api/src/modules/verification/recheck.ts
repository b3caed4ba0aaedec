import { Cron } from 'croner';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { carriers, orders } from '../../db/schema/index.ts';
import { WL_BULK_MAX } from '../../integrations/whitelist/types.ts';
import { warsawDay } from '../../warsawDay.ts';
import type { Registers } from './registers.ts';
import { countWhitelist, polishNip, storeCheck } from './service.ts';

/**
 * The nightly re-check: the Polish carriers with unpaid orders, asked of the white list in searches of up to 30 NIPs
 * (one search of the day's limit each). A carrier whose VAT status changed, or one of whose accounts is no longer on
 * the list, gets a 'failed' check saying what changed (its verifications show it); the others an 'ok' one.
 * Answers how many carriers were flagged.
 */
export async function recheckCarriersWithUnpaidOrders(db: DbOrTx, registers: Registers): Promise<number> {
  const unpaid = await db
    .selectDistinct({ carrier: carriers })
    .from(carriers)
    .innerJoin(orders, eq(orders.carrierId, carriers.id))
    .where(
      and(eq(orders.carrierPaid, false), eq(orders.deletionReason, 0), sql`coalesce(${carriers.country}, 'PL') = 'PL'`),
    );
  const byNip = new Map<string, typeof carriers.$inferSelect>();
  for (const { carrier } of unpaid) {
    const nip = polishNip(carrier);
    if (nip) byNip.set(nip, carrier);
  }
  const nips = [...byNip.keys()];
  let flagged = 0;
  for (let i = 0; i < nips.length; i += WL_BULK_MAX) {
    const batch = nips.slice(i, i + WL_BULK_MAX);
    await countWhitelist(db, 'searches');
    const answer = await registers.whitelist.searchNips(batch, warsawDay());
    for (const entry of answer.entries) {
      const carrier = byNip.get(entry.identifier);
      if (!carrier || entry.error) continue;
      const statusVat = entry.subject?.statusVat ?? 'Niezarejestrowany';
      const listed = entry.subject?.accountNumbers ?? [];
      const changes: string[] = [];
      if (carrier.vatStatus && carrier.vatStatus !== statusVat)
        changes.push(`status VAT: ${carrier.vatStatus} → ${statusVat}`);
      for (const account of carrier.bankAccounts) {
        if (!listed.includes(account)) changes.push(`rachunek ${account} nie figuruje na białej liście`);
      }
      if (changes.length > 0) flagged++;
      await storeCheck(
        db,
        'carriers',
        carrier.id,
        {
          source: 'whitelist',
          outcome: changes.length > 0 ? 'failed' : 'ok',
          asked: { kind: 'bulk', nip: entry.identifier },
          answer: { statusVat, accountNumbers: listed, changes },
          proofId: answer.requestId,
          partyChanges: { vatStatus: statusVat, vatStatusCheckedAt: new Date() },
        },
        null,
      );
    }
  }
  return flagged;
}

/** Every night at 03:15 Warsaw time; answers the function that stops it. */
export function scheduleNightlyRecheck(db: DbOrTx, registers: Registers, log: FastifyBaseLogger) {
  const job = new Cron('15 3 * * *', { timezone: 'Europe/Warsaw' }, () =>
    recheckCarriersWithUnpaidOrders(db, registers).then(
      (flagged) => log.info({ flagged }, 'white-list re-check of carriers with unpaid orders'),
      (error) => log.warn({ error: String(error) }, 'white-list re-check failed'),
    ),
  );
  return () => job.stop();
}
