import { importMessages as msg } from '@spedycja/domain';
import { getTableColumns, is, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import { type DbOrTx, selectRows, type Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { recordHistory } from '../../db/schema/index.ts';
import { IMPORT_ACTION, type ImportRow, type Outcome } from './shared.ts';

/**
 * How the rows' values go in: a column named here holds a Warsaw wall-clock time ('2024-03-12 08:30'); `after`, a
 * statement run on the rows each INSERT wrote, in the same statement (they are `ins` to it: `WITH ins AS (INSERT …
 * RETURNING *) {after}`), so that it counts exactly the rows written, in their savepoint.
 */
export type InsertOptions = { warsawTimes?: readonly string[]; after?: SQL };

/**
 * One INSERT of many rows with a single parameter: the rows as a JSON array, read back by `jsonb_to_recordset` with
 * the columns' own types. Drizzle's builder makes a placeholder, a `default` and a type check for each of the
 * table's columns of each row (orders have some 130): for a chunk of imported orders that took most of the import's
 * time on the event loop, which the requests share, and made PostgreSQL parse statements of thousands of
 * parameters. Here the work is one JSON.stringify (native) and one small statement.
 */
async function insertJson(
  tx: Tx,
  table: PgTable,
  rows: Record<string, unknown>[],
  { warsawTimes = [], after }: InsertOptions,
) {
  const columns = getTableColumns(table);
  // Rows are written by the fields they give: a field a row leaves out takes the column's default (as drizzle's
  // `default` would), so rows that leave out other fields go in another statement.
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const keys = Object.keys(columns).filter((key) => row[key] !== undefined);
    const group = keys.join(',');
    groups.set(group, [...(groups.get(group) ?? []), row]);
  }
  for (const [group, members] of groups) {
    const keys = group.split(',').filter((key) => key !== '');
    const column = (key: string) => columns[key] as PgColumn;
    const records = members.map((row) =>
      Object.fromEntries(
        keys.map((key) => {
          const value = row[key];
          return [column(key).name, value instanceof Date ? value.toISOString() : value];
        }),
      ),
    );
    const names = keys.map((key) => sql.identifier(column(key).name));
    const types = keys.map(
      (key) =>
        sql`${sql.identifier(column(key).name)} ${sql.raw(warsawTimes.includes(key) ? 'timestamp' : column(key).getSQLType())}`,
    );
    const values = keys.map((key) => {
      const name = sql.identifier(column(key).name);
      return warsawTimes.includes(key) ? sql`(x.${name} AT TIME ZONE 'Europe/Warsaw')` : sql`x.${name}`;
    });
    const insert = sql`INSERT INTO ${table} (${sql.join(names, sql`, `)})
          SELECT ${sql.join(values, sql`, `)} FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          AS x(${sql.join(types, sql`, `)})`;
    await tx.execute(after ? sql`WITH ins AS (${insert} RETURNING *) ${after}` : insert);
  }
}

/**
 * Inserts rows, a slice of them per statement (inside a savepoint); when one of them clashes with a unique index,
 * row by row, each in its own savepoint. Answers the uuids of the rows that could not be written.
 */
export async function insertAll(
  tx: Tx,
  table: PgTable,
  rows: Record<string, unknown>[],
  options: InsertOptions = {},
): Promise<Set<string>> {
  const failed = new Set<string>();
  if (rows.length === 0) return failed;
  try {
    const size = writeSlice(tx);
    await tx.transaction(async (sp) => {
      for (let i = 0; i < rows.length; i += size) {
        await insertJson(sp, table, rows.slice(i, i + size), options);
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
        await insertJson(sp, table, [row], options);
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

/**
 * Rows per writing statement: on PGlite a statement holds its one connection, which every request shares, so
 * `SLICE`; on PostgreSQL the requests have connections of their own, and each statement's round trip is what costs
 * (some ms each on a loaded machine: 100,000 orders were 3,000 statements more in slices of 100).
 */
export const writeSlice = (db: DbOrTx) =>
  is((db as unknown as { session: unknown }).session, PgliteSession) ? SLICE : 1000;

/** Lets the requests waiting on the event loop run (the import works between them). */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `work` over slices of `items`, letting requests run between them. */
export async function inSlices<T, R>(items: T[], work: (slice: T[]) => Promise<R[]> | R[], size = SLICE): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await work(items.slice(i, i + size))));
    await yieldToRequests();
  }
  return out;
}

/** A record a chunk creates, with the rows of the file that made it (the first, then those that added to it). */
export type Created<R> = { record: R; lines: number[] };

/**
 * The chunk's new records written together (`insertAll`); the rows of one that clashed with a unique index are
 * refused, and each row of the others gets its history line. Answers the records written.
 */
export async function writeCreated<R extends { uuid: string }>(
  tx: Tx,
  table: PgTable,
  created: Iterable<Created<R>>,
  fields: (record: R) => Record<string, unknown>,
  outcomes: Outcome[],
  history: { uuid: string; rowNumber: number }[],
  options: InsertOptions = {},
): Promise<R[]> {
  const all = [...created];
  const failed = await insertAll(
    tx,
    table,
    all.map((c) => fields(c.record)),
    options,
  );
  const written: R[] = [];
  for (const c of all) {
    if (failed.has(c.record.uuid)) {
      for (const o of outcomes) {
        if (o.recordUuid === c.record.uuid)
          Object.assign(o, { outcome: 'error', error: msg.takenByOther, recordUuid: null });
      }
      continue;
    }
    written.push(c.record);
    for (const rowNumber of c.lines) history.push({ uuid: c.record.uuid, rowNumber });
  }
  return written;
}

/** The line 'Import: {file name}, wiersz {n}' of a record's history. */
export const importLine = (imp: Pick<ImportRow, 'fileName'>, rowNumber: number) => ({
  field: 'importSource',
  from: null,
  to: msg.historyLine(imp.fileName, rowNumber),
});

/** The chunk's history lines, as the user who asked for the import (the transaction's app.user_* settings). */
export async function writeImportHistory(
  tx: Tx,
  resource: string,
  imp: Pick<ImportRow, 'fileName'>,
  history: { uuid: string; rowNumber: number }[],
) {
  await inSlices(
    history,
    async (slice) => {
      await tx.execute(
        sql`INSERT INTO ${recordHistory} (resource, record_uuid, action, user_uuid, user_name, changes)
          SELECT ${resource}::text, x.u, ${IMPORT_ACTION}::text, nullif(current_setting('app.user_uuid', true), '')::uuid,
                 nullif(current_setting('app.user_name', true), ''), x.c
          FROM jsonb_to_recordset(${JSON.stringify(
            slice.map((h) => ({ u: h.uuid, c: [importLine(imp, h.rowNumber)] })),
          )}::jsonb) AS x(u uuid, c jsonb)`,
      );
      return [];
    },
    writeSlice(tx),
  );
}

/** Values as one JSON parameter read back as a text[] (a statement of one placeholder, whatever the count). */
export const textArray = (values: Iterable<string | number>) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify([...values].map(String))}::jsonb))`;

/**
 * The records that rows of the same file (its hash), imported before, made: by row number. Usually no import of the
 * file came before, and one look at the imports says so; otherwise their rows are read by the primary key. The
 * newest import's record wins.
 */
export async function earlierRecords(
  db: DbOrTx,
  imp: Pick<ImportRow, 'id' | 'sha256' | 'kind'>,
  rowNumbers: number[],
): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (rowNumbers.length === 0) return found;
  const before = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM data_imports WHERE sha256 = ${imp.sha256} AND kind = ${imp.kind} AND id <> ${imp.id}`,
  );
  if (before.length === 0) return found;
  const rows = await selectRows<{ n: number; u: string }>(
    db,
    sql`SELECT row_number AS n, record_uuid AS u FROM data_import_rows
        WHERE import_id = ANY(${textArray(before.map((b) => b.id))}::int[])
          AND row_number = ANY(${textArray(rowNumbers)}::int[]) AND record_uuid IS NOT NULL
        ORDER BY import_id, row_number`,
  );
  for (const r of rows) found.set(Number(r.n), String(r.u));
  return found;
}

/** The check's reason of each row ('Sprawdź'), kept on the row for the rejected rows' CSV before a run. */
export async function saveRowErrors(db: DbOrTx, importId: number, rows: { rowNumber: number; error: string | null }[]) {
  if (rows.length === 0) return;
  // The rows as one JSON parameter (a VALUES list of a thousand placeholders cost more to parse than to run).
  await db.execute(
    sql`UPDATE data_import_rows r SET error = v.e
        FROM jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ n: r.rowNumber, e: r.error })))}::jsonb) AS v(n int, e text)
        WHERE r.import_id = ${importId} AND r.row_number = v.n AND r.error IS DISTINCT FROM v.e`,
  );
}
