import { count, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import type { ListParams } from './filters.ts';

/**
 * A table the total count joins. With `prefix` it is joined only when a filter refers to it ('customer' for
 * 'customer.nip'): most filters are on the resource itself, and a join the count does not need costs at 1,000,000 rows.
 */
export type CountJoin = { table: PgTable; on: SQL; prefix?: string; inner?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes data (sending an order, a conversion, an e-mail link): totals are counted anew after it. */
    writes?: boolean;
  }
}

/**
 * Totals already counted, per database and per statement (its SQL and values), until something is written. A
 * dispatcher pages through one filter: its total is counted once, not on every page. Any write through this server
 * forgets them all (`forgetCounts`, from the app's onResponse hook); a write through another instance or outside the
 * API is seen within `countCacheMs`.
 */
const counted = new WeakMap<object, Map<string, { total: number; at: number; generation: number }>>();
let generation = 0;
let countCacheMs = 10_000;
const MAX_COUNTS = 1000;

export function setCountCacheMs(ms: number) {
  countCacheMs = ms;
}

export function forgetCounts() {
  generation++;
}

async function cachedCount(db: DbOrTx, statement: PgSelect): Promise<number> {
  const { sql, params } = statement.toSQL();
  const key = `${sql}\u0000${JSON.stringify(params)}`;
  let byStatement = counted.get(db);
  if (!byStatement) {
    byStatement = new Map();
    counted.set(db, byStatement);
  }
  const hit = byStatement.get(key);
  if (hit && hit.generation === generation && performance.now() - hit.at < countCacheMs) return hit.total;
  // Taken before counting: a write that lands while this counts makes the result unusable, not wrong later.
  const before = generation;
  const [row] = (await statement) as { n: number }[];
  const total = row?.n ?? 0;
  if (countCacheMs > 0) {
    if (byStatement.size >= MAX_COUNTS) byStatement.clear();
    byStatement.set(key, { total, at: performance.now(), generation: before });
  }
  return total;
}

/** The two statements of a list: the page (filtered, sorted, limited) and its total. */
export function listStatements<Q extends PgSelect>(
  db: DbOrTx,
  params: ListParams,
  select: Q,
  counted: { from: PgTable; joins?: CountJoin[] },
) {
  let page = select.where(params.where).orderBy(...params.orderBy);
  if (params.limit !== undefined) page = page.limit(params.limit).offset(params.offset);
  const uses = (prefix: string) => [...params.present].some((k) => k === prefix || k.startsWith(`${prefix}.`));
  let total = db.select({ n: count() }).from(counted.from).$dynamic();
  for (const join of counted.joins ?? []) {
    if (join.prefix !== undefined && !uses(join.prefix)) continue;
    total = join.inner ? total.innerJoin(join.table, join.on) : total.leftJoin(join.table, join.on);
  }
  return { db, page, total: total.where(params.where) };
}

/** Runs a list: the page, and the count unless the list is unpaginated or partial (then the rows are the total). */
export async function runList<Q extends PgSelect>(
  statements: { db: DbOrTx; page: Q; total: PgSelect },
  params: ListParams,
): Promise<{ rows: Awaited<Q>; total: number }> {
  if (!params.paginated || params.partial) {
    const rows = (await statements.page) as Awaited<Q>;
    return { rows, total: (rows as unknown[]).length };
  }
  // On PostgreSQL the two run at once on two pooled connections: the page costs nothing next to a large count.
  const [rows, total] = await Promise.all([statements.page, cachedCount(statements.db, statements.total)]);
  return { rows: rows as Awaited<Q>, total };
}
