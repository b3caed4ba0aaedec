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
      for (let i = 0; i < rows.length; i += SLICE) {
        await sp.insert(table).values(rows.slice(i, i + SLICE) as never);
        await yieldToRequests();
      }
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

/** Rows per statement: a statement of a few hundred rows takes the event loop long enough to hold up requests. */
export const SLICE = 100;

/** Lets the requests waiting on the event loop run (the import works between them). */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `work` over slices of `items`, letting requests run between them. */
export async function inSlices<T, R>(items: T[], work: (slice: T[]) => Promise<R[]> | R[]): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += SLICE) {
    out.push(...(await work(items.slice(i, i + SLICE))));
    await yieldToRequests();
  }
  return out;
}
