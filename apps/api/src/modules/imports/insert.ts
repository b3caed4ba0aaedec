import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/**
 * Inserts rows in one statement (inside a savepoint); when one of them clashes with a unique index, row by row, each
 * in its own savepoint. Answers the uuids of the rows that could not be written.
 */
export async function insertAll(tx: Tx, table: PgTable, rows: Record<string, unknown>[]): Promise<Set<string>> {
  const failed = new Set<string>();
  if (rows.length === 0) return failed;
  try {
    await tx.transaction(async (sp) => {
      for (let i = 0; i < rows.length; i += 250) await sp.insert(table).values(rows.slice(i, i + 250) as never);
    });
    return failed;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  for (const row of rows) {
    try {
      await tx.transaction(async (sp) => {
        await sp.insert(table).values(row as never);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      failed.add(String(row.uuid));
    }
  }
  return failed;
}
