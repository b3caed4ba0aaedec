import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { type HistoryChange, recordHistory } from './schema/index.ts';

/**
 * A history line the application writes itself, for what happens to a record without changing its row (a payment
 * reminder sent, a document kept in the folder with mail off, a bank statement read in or booked), in the caller's
 * transaction, beside the lines the database's triggers write (record_history, migration 0021). Whose it is is taken
 * as the triggers take it: the request's user (`app.user_uuid`/`app.user_name`, set by the request's transaction);
 * none — shown as 'system' — for a background worker. `changes` name fields as the API does (camelCase).
 */
export async function writeHistoryLine(
  db: DbOrTx,
  entry: { resource: string; recordUuid: string; action: string; changes: HistoryChange[] },
): Promise<void> {
  await db.insert(recordHistory).values({
    resource: entry.resource,
    recordUuid: entry.recordUuid,
    action: entry.action,
    userUuid: sql`nullif(current_setting('app.user_uuid', true), '')::uuid`,
    userName: sql`nullif(current_setting('app.user_name', true), '')`,
    changes: entry.changes,
  });
}
