import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type EtaDeps, purgePositions, recomputeStale } from './repository.ts';

/**
 * On the hour: the retention (positions past `positionsRetentionDays`, unknown plates after 24 hours) and the ETA of
 * orders whose positions are stale. Every instance runs it; the deletes and the locked ETA rows make a second run at
 * the same moment change and notify nothing twice. Answers the function that stops it.
 */
export function startPositionsWorker(db: Db, deps: EtaDeps, log: FastifyBaseLogger) {
  const job = new Cron('0 * * * *', { timezone: 'Europe/Warsaw', protect: true }, async () => {
    try {
      const purged = await purgePositions(db);
      const recomputed = await recomputeStale(db, deps);
      log.info({ purged, recomputed }, 'positions: retention and stale ETAs');
    } catch (error) {
      log.warn({ error: String(error) }, 'positions job failed');
    }
  });
  return () => job.stop();
}
