import { count, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, selectRows } from '../db/client.ts';
import { onTablesWritten } from '../db/writes.ts';
import type { ListParams } from './filters.ts';

/**
 * A table the total count joins. With `prefix` it is joined only when a filter refers to it ('customer' for
 * 'customer.nip'): most filters are on the resource itself, and a join the count does not need costs at 1,000,000 rows.
 */
export type CountJoin = { table: PgTable; on: SQL; prefix?: string; inner?: boolean };

/**
 * Totals already counted, per database and per statement (its SQL and values), until a table the statement reads is
 * written. A dispatcher pages through one filter: its total is counted once, not on every page. A write through this
 * server (db/writes.ts: every statement's tables, announced once its request is answered) forgets the totals of the
 * statements that read a table it wrote — a task does not forget the orders' totals, a customer forgets the orders'
 * totals only where the count joins customers (a filter on the customer's name). A write through another instance or
 * outside the API is seen within `countCacheMs`.
 */
const counted = new WeakMap<
  object,
  Map<string, { total: number; at: number; reads: readonly string[]; stamp: number }>
>();
/** How often each table was written (per name), and everything (a TRUNCATE, `forgetCounts()`). */
const writes = new Map<string, number>();
let everything = 0;
let countCacheMs = 10_000;
const MAX_COUNTS = 1000;

export function setCountCacheMs(ms: number) {
  countCacheMs = ms;
}

/** Forgets the totals that read these tables ('*', or none given: every total). */
export function forgetCounts(tables?: Iterable<string>) {
  if (tables === undefined) {
    everything++;
    return;
  }
  for (const table of tables) {
    if (table === '*') everything++;
    else writes.set(table, (writes.get(table) ?? 0) + 1);
  }
}
onTablesWritten(forgetCounts);

// `from "orders"`, `left join "customers" "customer"`, `from orders o`: every table a statement reads, its subqueries'
// included (a name after FROM that is not a table only costs a recount).
const READS_RE = /\b(?:from|join)\s+(?:"?\w+"?\.)?"?(\w+)"?/gi;

/** The tables a statement reads. */
export function tablesRead(statement: string): string[] {
  const tables = new Set<string>();
  for (const m of statement.matchAll(READS_RE)) tables.add((m[1] as string).toLowerCase());
  return [...tables];
}

/** A number that changes whenever one of these tables is written (the sum of their write counters). */
const stampOf = (tables: readonly string[]) => {
  let stamp = everything;
  for (const table of tables) stamp += writes.get(table) ?? 0;
  return stamp;
};

/**
 * Counts running now, per database, statement and write stamp: the dispatchers who open the same list after a write
 * share one recount instead of each reading its ~100,000 rows at the same time (the queries page under office load).
 */
const counting = new WeakMap<object, Map<string, Promise<number>>>();

async function cachedCount(db: DbOrTx, statement: PgSelect): Promise<number> {
  const { sql, params } = statement.toSQL();
  const key = `${sql}\u0000${JSON.stringify(params)}`;
  let byStatement = counted.get(db);
  if (!byStatement) {
    byStatement = new Map();
    counted.set(db, byStatement);
  }
  const hit = byStatement.get(key);
  if (hit && hit.stamp === stampOf(hit.reads) && performance.now() - hit.at < countCacheMs) return hit.total;
  const reads = hit?.reads ?? tablesRead(sql);
  // Taken before counting: a write that lands while this counts makes the result unusable, not wrong later.
  const before = stampOf(reads);
  let running = counting.get(db);
  if (!running) {
    running = new Map();
    counting.set(db, running);
  }
  // A count that began after the same writes (same stamp) sees them: it is as good as a new one.
  const flightKey = `${before}\u0000${key}`;
  const inFlight = running.get(flightKey);
  if (inFlight) return inFlight;
  const recount = (async () => {
    const [row] = (await statement) as { n: number }[];
    const total = row?.n ?? 0;
    if (countCacheMs > 0 && byStatement) {
      if (byStatement.size >= MAX_COUNTS) byStatement.clear();
      byStatement.set(key, { total, at: performance.now(), reads, stamp: before });
    }
    return total;
  })();
  running.set(flightKey, recount);
  try {
    return await recount;
  } finally {
    running.delete(flightKey);
  }
}

/** Change rows beyond which a reader folds a table's status counts into one row per status. */
const FOLD_AFTER = 200;

/** A default view: a status (undefined: every one) and loading countries (undefined: any), live rows only. */
type DefaultView = { table: string; status: string | undefined; countries: string[] | undefined };

/**
 * The total of a default view from the counts the triggers keep (db/schema/statusCounts.ts): a sum of a few rows,
 * however many orders there are and however often they change.
 */
async function keptCount(db: DbOrTx, { table, status, countries }: DefaultView): Promise<number> {
  const byStatus = status === undefined ? sql`` : sql` AND status = ${status}`;
  const byCountry =
    countries === undefined
      ? sql``
      : sql` AND country IN (${sql.join(
          countries.map((c) => sql`${c}`),
          sql`, `,
        )})`;
  const [row] = await selectRows<{ total: string | number; rows: number }>(
    db,
    sql`SELECT coalesce(sum(n), 0)::bigint AS total, count(*)::int AS rows FROM status_counts
        WHERE table_name = ${table}${byStatus}${byCountry}`,
  );
  if ((row?.rows ?? 0) > FOLD_AFTER) await foldStatusCounts(db, table);
  return Number(row?.total ?? 0);
}

/**
 * Replaces a table's change rows by one row per status and country, in one statement: a write that commits meanwhile
 * adds a row this statement does not see (and so keeps); two readers folding at once delete each row once.
 */
export async function foldStatusCounts(db: DbOrTx, table: string): Promise<void> {
  await db.execute(sql`
    WITH folded AS (DELETE FROM status_counts WHERE table_name = ${table} RETURNING status, country, n)
    INSERT INTO status_counts (table_name, status, country, n)
      SELECT ${table}, status, country, sum(n) FROM folded GROUP BY status, country HAVING sum(n) <> 0`);
}

/**
 * The default view the kept counts answer: only a status ('wszystkie' or none: every one) and the loading country as
 * plain values (as the 'upper' search compares them), nothing else; null otherwise.
 */
function defaultView(table: string, params: ListParams): DefaultView | null {
  for (const name of params.present) if (name !== 'status' && name !== 'loadingCountry') return null;
  const status = params.equals.get('status')?.[0];
  let countries: string[] | undefined;
  if (params.present.has('loadingCountry')) {
    const given = params.equals.get('loadingCountry');
    if (!given) return null;
    const codes = given.filter((v) => v !== '').map((v) => v.toUpperCase());
    countries = codes.length > 0 ? codes : undefined;
  }
  return {
    table,
    status: status === undefined || status === '' || status === 'wszystkie' ? undefined : status,
    countries,
  };
}

/**
 * Totals beyond this are not counted (a default view's total, kept by triggers, is exact at any size): the list says
 * 'ponad 10 000' (more than 10,000) and pages on.
 */
export const COUNT_CAP = 10_000;

/** The two statements of a list: the page (filtered, sorted, limited) and its total. */
export function listStatements<Q extends PgSelect>(
  db: DbOrTx,
  params: ListParams,
  select: Q,
  counted: {
    from: PgTable;
    joins?: CountJoin[];
    /**
     * The table's name in status_counts, where its default views' totals are kept (orders, queries, customers, carriers,
     * tasks, offers: db/schema/statusCounts.ts).
     */
    keptCounts?: string;
    /** The total of this view from values kept elsewhere (a module's own kept table); undefined: counted. */
    keptTotal?: () => Promise<number>;
  },
) {
  const uses = (prefix: string, names: Iterable<string> = params.present) =>
    [...names].some((k) => k === prefix || k.startsWith(`${prefix}.`));
  /** The list's table with the joins its filters (and sorts) need, as the total and the page's ids read it. */
  const narrow = (from: PgSelect, sorted: boolean): PgSelect => {
    let query = from;
    for (const join of counted.joins ?? []) {
      if (join.prefix !== undefined && !uses(join.prefix) && !(sorted && uses(join.prefix, params.sortedBy))) continue;
      query = join.inner ? query.innerJoin(join.table, join.on) : query.leftJoin(join.table, join.on);
    }
    return query;
  };
  let page = select.where(params.where).orderBy(...params.orderBy);
  if (params.limit !== undefined && params.pageKey !== undefined) {
    // A semi-join filter (http/filters.ts joinedCondition): the page's ids are read from the list's table alone, where
    // the planner may start from the other table's matches (the app plans joins in the written order, so that beside
    // the list's other joins the semi-join would come last, after every row was joined). The rows are then read for
    // those ids (an InitPlan, then the primary key) and sorted again: the same rows in the same order.
    const ids = narrow(
      db
        .select({ id: sql`${params.pageKey}` })
        .from(counted.from)
        .$dynamic(),
      true,
    )
      .where(params.where)
      .orderBy(...params.orderBy)
      .limit(params.limit)
      .offset(params.offset);
    page = select.where(sql`${params.pageKey} = ANY (ARRAY(${ids}))`).orderBy(...params.orderBy);
  } else if (params.limit !== undefined) page = page.limit(params.limit).offset(params.offset);
  // The matching rows counted up to one past COUNT_CAP: a filter that leaves half a million rows costs the reading of
  // 10,001 index entries, not of the half million (the screen then says 'ponad 10 000').
  const matching = narrow(
    db
      .select({ one: sql<number>`1`.as('one') })
      .from(counted.from)
      .$dynamic(),
    false,
  );
  const total = db
    .select({ n: count() })
    .from(
      matching
        .where(params.where)
        .limit(COUNT_CAP + 1)
        .as('matching'),
    )
    .$dynamic();
  const kept = counted.keptCounts === undefined ? undefined : (defaultView(counted.keptCounts, params) ?? undefined);
  return { db, page, total, kept, keptTotal: counted.keptTotal };
}

/** Runs a list: the page, and the count unless the list is unpaginated or partial (then the rows are the total). */
export async function runList<R>(
  statements: {
    db: DbOrTx;
    /** The page's statement, or the page read another way (a search's ranked parts, modules/parties/ranked.ts). */
    page: PromiseLike<R>;
    total: PgSelect;
    kept?: DefaultView;
    keptTotal?: () => Promise<number>;
  },
  params: ListParams,
): Promise<{ rows: R; total: number }> {
  if (!params.paginated || params.partial) {
    const rows = await statements.page;
    return { rows, total: (rows as unknown[]).length };
  }
  // On PostgreSQL the two run at once on two pooled connections: the page costs nothing next to a large count.
  const { kept, keptTotal } = statements;
  const [rows, total] = await Promise.all([
    statements.page,
    kept ? keptCount(statements.db, kept) : keptTotal ? keptTotal() : cachedCount(statements.db, statements.total),
  ]);
  // Counted up to the cap only: the answer says its total is a lower bound (hydra.ts).
  if (!kept && !keptTotal && total > COUNT_CAP) params.totalCapped = true;
  return { rows, total };
}
