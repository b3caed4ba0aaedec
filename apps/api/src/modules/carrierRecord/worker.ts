import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import { outsideRequest } from '../../db/requestTx.ts';
import { carrierRecordBackfill } from '../../db/schema/index.ts';
import { backfillCarrierRecords, refreshRecordWindow } from './record.ts';

/**
 * The backfill, once per database: the record of what an office did before issue 39 (modules/carrierRecord/record.ts),
 * in one transaction with its mark, so that two instances starting together do it once (the second waits on the
 * mark's key and finds it).
 */
export async function backfillOnce(db: DbOrTx): Promise<number | null> {
  const [done] = await selectRows<{ id: number }>(db, sql`SELECT id FROM carrier_record_backfill LIMIT 1`);
  if (done) return null;
  return db.transaction(async (tx) => {
    const [mark] = await tx.insert(carrierRecordBackfill).values({ id: 1 }).onConflictDoNothing().returning();
    if (!mark) return null;
    const events = await backfillCarrierRecords(tx);
    await tx.execute(sql`UPDATE carrier_record_backfill SET events = ${events} WHERE id = 1`);
    return events;
  });
}

/** The backfill at start, then every six hours the carriers whose oldest month left the 12 months. */
export function startRecordWindowWorker(db: DbOrTx, log: FastifyBaseLogger, everyMs = 6 * 3_600_000) {
  const fail = (what: string) => (error: unknown) => log.warn({ error: String(error) }, what);
  const started = outsideRequest(() =>
    backfillOnce(db).then((events) => {
      if (events !== null) log.info({ events }, "carrier's record backfilled");
    }, fail("carrier's record backfill failed")),
  );
  const timer = setInterval(
    () => outsideRequest(() => refreshRecordWindow(db).catch(fail("carrier's record window failed"))),
    everyMs,
  );
  timer.unref();
  return async () => {
    clearInterval(timer);
    await started;
  };
}
