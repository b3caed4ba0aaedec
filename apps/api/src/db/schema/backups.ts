import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The nightly backups, one row per scheduled time: several app instances on one PostgreSQL all wake at 02:30, and
 * the one that inserts the row takes the backup.
 */
export const backupRuns = pgTable('backup_runs', {
  scheduledFor: timestamp('scheduled_for', { withTimezone: true }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** The host that took it, and the file (in that host's BACKUP_DIR), or why it failed. */
  host: text('host').notNull(),
  file: text('file'),
  error: text('error'),
});
