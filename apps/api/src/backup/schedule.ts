import { hostname } from 'node:os';
import { Cron } from 'croner';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { backupRuns } from '../db/schema/index.ts';
import { backupFiles } from '../files/backup.ts';
import { pruneBackups, takeBackup } from './backup.ts';

/** The nightly backup's clock: BACKUP_CRON is Warsaw time, whatever the server's time zone. */
export const BACKUP_TIME_ZONE = 'Europe/Warsaw';

/** Without `files` (a test of the database alone), no files are copied. */
type BackupConfig = Pick<Config, 'backup' | 'databaseUrl'> & Partial<Pick<Config, 'files'>>;

/** A backup now, into BACKUP_DIR, keeping the newest BACKUP_KEEP; resolves with the file. */
export async function backupNow(database: Database, config: BackupConfig) {
  const startedAt = new Date();
  const file = await takeBackup(database, { dir: config.backup.dir, databaseUrl: config.databaseUrl });
  // The disk store's files go beside it (an S3 bucket is backed up by its provider).
  if (config.files && !config.files.s3)
    await backupFiles(database.db, { filesDir: config.files.dir, backupDir: config.backup.dir, startedAt });
  pruneBackups(config.backup.dir, config.backup.keep);
  return file;
}

/**
 * One scheduled backup: the instance that records the scheduled time first takes it (several instances on one
 * PostgreSQL wake together); resolves with the file, or null when another instance has it.
 */
export async function scheduledBackup(
  database: Database,
  config: BackupConfig,
  scheduledFor: Date,
): Promise<string | null> {
  const claimed = await database.db
    .insert(backupRuns)
    .values({ scheduledFor, host: hostname() })
    .onConflictDoNothing()
    .returning({ scheduledFor: backupRuns.scheduledFor });
  if (claimed.length === 0) return null;
  try {
    const file = await backupNow(database, config);
    await database.db
      .update(backupRuns)
      .set({ finishedAt: new Date(), file })
      .where(eq(backupRuns.scheduledFor, scheduledFor));
    return file;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await database.db
      .update(backupRuns)
      .set({ finishedAt: new Date(), error: message.slice(0, 2000) })
      .where(eq(backupRuns.scheduledFor, scheduledFor))
      .catch(() => undefined);
    throw error;
  }
}

/** Starts the nightly backup (BACKUP_CRON); `stop()` cancels the next runs and waits for one in progress. */
export function scheduleBackups(database: Database, config: Config, log: FastifyBaseLogger) {
  const cron = config.backup.cron;
  if (!cron) return { nextRun: null, stop: async () => undefined };
  let running: Promise<void> | undefined;
  const job = new Cron(cron, { timezone: BACKUP_TIME_ZONE, protect: true }, async (self: Cron) => {
    // The time it was due, to the minute: the same key on every instance.
    const due = self.currentRun() ?? new Date();
    const scheduledFor = new Date(Math.floor(due.getTime() / 60_000) * 60_000);
    running = scheduledBackup(database, config, scheduledFor)
      .then((file) => {
        if (file) log.info({ file }, 'nightly backup written');
        else log.info('nightly backup: taken by another instance');
      })
      .catch((error: unknown) => {
        log.error({ error: error instanceof Error ? error.message : error }, 'nightly backup failed');
      })
      .finally(() => {
        running = undefined;
      });
    await running;
  });
  return {
    nextRun: job.nextRun(),
    async stop() {
      job.stop();
      await running;
    },
  };
}
