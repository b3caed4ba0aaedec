import { count, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import type { ListParams } from './filters.ts';

/**
 * A table the total count joins. With `prefix` it is joined only when a filter refers to it ('customer' for
 * 'customer.nip'): most filters are on the resource itself, and a join the count does not need costs at 1,000,000 rows.
 */
export type CountJoin = { table: PgTable; on: SQL; prefix?: string; inner?: boolean };

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
  return { page, total: total.where(params.where) };
}

/** Runs a list: the page, and the count unless the list is unpaginated or partial (then the rows are the total). */
export async function runList<Q extends PgSelect>(
  statements: { page: Q; total: PgSelect },
  params: ListParams,
): Promise<{ rows: Awaited<Q>; total: number }> {
  if (!params.paginated || params.partial) {
    const rows = (await statements.page) as Awaited<Q>;
    return { rows, total: (rows as unknown[]).length };
  }
  // On PostgreSQL the two run at once on two pooled connections: the page costs nothing next to a large count.
  const [rows, counted] = await Promise.all([statements.page, statements.total]);
  return { rows: rows as Awaited<Q>, total: (counted as { n: number }[])[0]?.n ?? 0 };
}
