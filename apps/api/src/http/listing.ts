import { count, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, selectRows } from '../db/client.ts';
import { onTablesWritten } from '../db/writes.ts';
import { FEW_RECORDS, type ListParams } from './filters.ts';

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

async function cachedCount(db: DbOrTx, statement: PgSelect, run?: () => Promise<number>): Promise<number> {
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
    const total = run ? await run() : (((await statement) as { n: number }[])[0]?.n ?? 0);
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
/**
 * The cap of a total whose filter has a scattered condition (a text inside a column): its matches are checked row by
 * row in the table (a trigram index finds candidates, not answers), 10,001 of them 15–100 ms at 1,000,000 rows; 1,001
 * cost a tenth. The list then says 'ponad 1 000'.
 */
export const SCATTERED_COUNT_CAP = 1_000;

/** The cap a list's total is counted up to (see COUNT_CAP, SCATTERED_COUNT_CAP). */
export const countCapOf = (params: ListParams) => (params.scatteredWhere ? SCATTERED_COUNT_CAP : COUNT_CAP);

/**
 * How many rows of a list's order (with its other conditions) a page with a scattered condition is first looked for in;
 * about 5 ms of heap reads at 1,000,000 rows. A condition whose matches are at least one in seventy finds its first
 * page there.
 */
export const SCATTERED_WALK_ROWS = 2000;
/** The most rows of the order a second, longer walk reads (about 20 ms at 1,000,000 rows). */
export const SCATTERED_WALK_MAX = 8000;

/** A promise of work that starts only when it is awaited (a list's page a route may not read). */
function lazily<T>(run: () => Promise<T>): PromiseLike<T> {
  let started: Promise<T> | undefined;
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, awaited as the page's statement is
    then: (onFulfilled, onRejected) => {
      started ??= run();
      return started.then(onFulfilled, onRejected);
    },
  };
}

const fewAnswers = new WeakMap<ListParams, Promise<boolean>>();

/**
 * The planner's estimate of the records a joined condition meets (EXPLAIN with the request's values: the trigram
 * index's statistics), so that the exact question is asked only where they may be few.
 */
async function estimatedRows(db: DbOrTx, statement: SQL): Promise<number> {
  const [plan] = await selectRows<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
    db,
    sql`EXPLAIN (FORMAT JSON) ${statement}`,
  );
  return Number(plan?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? Number.POSITIVE_INFINITY);
}

/**
 * Whether a list's scattered matches are surely few (`ListParams.scatteredFew`), asked once for its page and its total
 * (which run at once).
 */
function matchesAreFew(db: DbOrTx, params: ListParams): Promise<boolean> {
  const checks = params.scatteredFew;
  if (!checks) return Promise.resolve(false);
  let answer = fewAnswers.get(params);
  if (!answer) {
    answer = (async () => {
      for (const { records, check } of checks) {
        if ((await estimatedRows(db, records)) > FEW_RECORDS) continue;
        const [row] = await selectRows<{ few: boolean }>(db, check);
        if (row?.few === true) return true;
      }
      return false;
    })();
    fewAnswers.set(params, answer);
  }
  return answer;
}

/**
 * The ids of a page whose filter has a scattered condition (http/filters.ts `scattered`: a text inside a column, a
 * joined record's text), in the list's order. Left to the planner, such a page is either the order's index walked until
 * the page is full (right when matches are many and spread; a fragment whose matches all sort late walked the whole
 * table: 2.2 s at 1,000,000 customers for 'trans') or every match found and sorted (right when they are few); the
 * planner picks by an estimate that is a guess. Here both are bounded: first the first SCATTERED_WALK_ROWS rows of the
 * order (the index of the list's order with its other conditions) are searched; when they do not hold the page, the
 * matches are found on their own (an OFFSET 0 fence: planned without the order, so from their indexes) and sorted.
 * The cost is then at most the walk plus the matches, never the table walked in vain.
 */
async function scatteredPageIds(db: DbOrTx, from: PgTable, params: ListParams, limit: number): Promise<unknown[]> {
  const table = sql.identifier(getTableName(from));
  const order = sql.join(params.orderBy, sql`, `);
  const steady = params.steadyWhere ? sql` WHERE ${params.steadyWhere}` : sql``;
  // The subquery takes the table's own name, so that the conditions and the order, written on the table, read its rows.
  /** The matches among `rows` rows of the order after its first `skip`, at most `matches` of them, in the order. */
  const walk = (rows: number, skip: number, matches: number) =>
    selectRows<{ id: unknown }>(
      db,
      sql`SELECT ${params.rowKey} AS id FROM (SELECT * FROM ${from}${steady} ORDER BY ${order} LIMIT ${rows} OFFSET ${skip})
          AS ${table} WHERE ${params.scatteredProbe ?? params.scatteredWhere} ORDER BY ${order} LIMIT ${matches}`,
    );
  const wanted = params.offset + limit;
  if (!(await matchesAreFew(db, params))) {
    let walked = await walk(SCATTERED_WALK_ROWS, 0, wanted);
    // Some matches, too few: as many rows again as their density says the page needs (with a margin), within
    // SCATTERED_WALK_MAX. A postal code's 1 % holds 20 of page 1's 30 in the first 2,000 rows: 4,500 rows (10 ms) read,
    // instead of sorting its 10,000 matches at 1,000,000 rows. The walk goes on after the rows already asked (passed in
    // the index, not asked the condition again).
    if (walked.length > 0 && walked.length < wanted) {
      const rows = Math.ceil(((SCATTERED_WALK_ROWS * wanted) / walked.length) * 1.5);
      if (rows <= SCATTERED_WALK_MAX) {
        const more = await walk(rows - SCATTERED_WALK_ROWS, SCATTERED_WALK_ROWS, wanted - walked.length);
        walked = [...walked, ...more];
      }
    }
    if (walked.length === wanted) return walked.slice(params.offset).map((r) => r.id);
  }
  const found = await selectRows<{ id: unknown }>(
    db,
    sql`SELECT ${params.rowKey} AS id FROM (SELECT * FROM ${from} WHERE ${params.where} OFFSET 0) AS ${table}
        ORDER BY ${order} LIMIT ${limit} OFFSET ${params.offset}`,
  );
  return found.map((r) => r.id);
}

/**
 * The most rows of the order a total's second walk reads, when the first walk's density says they hold the cap. Past
 * it the matches found on their own cost less: at 1,000,000 orders a walk reads 2–4 µs a row (the row, and a joined
 * record's probe), so 6,000 rows are 12–25 ms, while the matches of a condition with an index (a trigram index, a
 * joined record's key) are 10–20 ms up to the cap however many they are (`orders?user.name=fili`: 8 % of the orders,
 * 80 ms walked to 14,429 rows, 11 ms on their own).
 */
export const SCATTERED_COUNT_WALK_MAX = 6_000;

/**
 * A scattered condition's matches estimated from a random sample of the table's blocks, taken only where the table
 * holds at least this many rows (below it the matches on their own cost little).
 */
let scatteredEstimateMinRows = 100_000;
/** For tests: the table size from which a scattered total may be estimated. */
export function setScatteredEstimateMinRows(rows: number) {
  scatteredEstimateMinRows = rows;
}
/** About as many rows as a sample reads (whole blocks, chosen at random; each asked the condition as the walk asks). */
export const SCATTERED_SAMPLE_ROWS = 1_200;
/** The fewest matches in the sample that an estimate stands on (fewer: the matches are counted). */
export const SCATTERED_SAMPLE_MIN_MATCHES = 20;
/** How far past the cap the estimate must be for the total to be given as 'more than the cap' uncounted. */
export const SCATTERED_ESTIMATE_MARGIN = 3;

/**
 * Whether a scattered condition's matches are surely more than `cap`, from a random sample of the table's blocks
 * (TABLESAMPLE SYSTEM, REPEATABLE so that the same filter gets the same answer): at least SCATTERED_SAMPLE_MIN_MATCHES
 * matches in it, and SCATTERED_ESTIMATE_MARGIN times the cap extrapolated. The sample is the whole table's, not the
 * head of the list's order: a new customer's name, all of whose orders are the latest, is not taken for a common one.
 * Used where the first rows of the order did not hold the cap and finding every match would cost more (a fragment that
 * 33,000 customers' names hold: 72 ms at 1,000,000 orders, the sample 4–10 ms).
 */
async function sampledBeyondCap(db: DbOrTx, from: PgTable, params: ListParams, cap: number): Promise<boolean> {
  const table = getTableName(from);
  const [size] = await selectRows<{ rows: number }>(
    db,
    sql`SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = ${`"${table}"`}::regclass`,
  );
  const rows = Number(size?.rows ?? -1);
  if (!(rows >= scatteredEstimateMinRows)) return false;
  const percent = Math.min(100, (100 * SCATTERED_SAMPLE_ROWS) / rows);
  const matches = sql.join(
    [params.steadyWhere, params.scatteredProbe ?? params.scatteredWhere].filter((c): c is SQL => c !== undefined),
    sql` AND `,
  );
  const [sample] = await selectRows<{ sampled: number; matched: number }>(
    db,
    sql`SELECT count(*)::int AS sampled, count(*) FILTER (WHERE ${matches})::int AS matched
        FROM ${from} TABLESAMPLE SYSTEM (${sql.raw(percent.toFixed(6))}) REPEATABLE (35)`,
  );
  const sampled = Number(sample?.sampled ?? 0);
  const matched = Number(sample?.matched ?? 0);
  if (sampled === 0 || matched < SCATTERED_SAMPLE_MIN_MATCHES) return false;
  return (matched / sampled) * rows >= SCATTERED_ESTIMATE_MARGIN * (cap + 1);
}

/**
 * The rows matching a list's conditions (their `columns`), up to `cap` + 1 of them: a total counted up to its cap, the
 * cockpit's sums. `count`: the total up to `cap` + 1 (one past the cap: more than it match, counted or surely
 * estimated; `rows` then holds only some of them, none when estimated).
 * With a scattered condition, counted as its page is read (`scatteredPageIds`), in bounded steps: left to the planner,
 * a fragment that a quarter of the parties contain had every matching party read first (the cockpit's `search=kow`:
 * 3.9 s at 1,000,000 rows), then every match summed. Here the first SCATTERED_WALK_ROWS rows of the order are asked one
 * by one (the probes); when they hold more than the cap, that is the answer (the total is then 'more than'); when they
 * hold so many that SCATTERED_COUNT_WALK_MAX rows would hold the cap, as many rows as their density says; else, on a
 * large table, a random sample of its blocks says whether the matches are surely more than the cap
 * (`sampledBeyondCap`); else, or when those do not either, the matches are found on their own (fenced from the order),
 * which are then fewer than one in five.
 * `ordered`: the list's order is on its own table (no joined record's column), so that it can be walked.
 */
export async function cappedMatches<T>(
  db: DbOrTx,
  from: PgTable,
  params: ListParams,
  columns: SQL,
  cap: number,
  ordered = true,
): Promise<{ rows: T[]; count: number }> {
  const table = sql.identifier(getTableName(from));
  const where = params.where ? sql` WHERE ${params.where}` : sql``;
  const answer = (rows: T[]) => ({ rows, count: rows.length });
  if (!params.scatteredWhere) {
    return answer(await selectRows<T>(db, sql`SELECT ${columns} FROM ${from}${where} LIMIT ${cap + 1}`));
  }
  const few = await matchesAreFew(db, params);
  if (ordered && !few) {
    const order = sql.join(params.countOrder ?? params.orderBy, sql`, `);
    const steady = params.steadyWhere ? sql` WHERE ${params.steadyWhere}` : sql``;
    const probe = params.scatteredProbe ?? params.scatteredWhere;
    /** The matches among `rows` rows of the order after its first `skip`, at most `matches` of them. */
    const walk = (rows: number, skip: number, matches: number) =>
      selectRows<T>(
        db,
        sql`SELECT ${columns} FROM (SELECT * FROM ${from}${steady} ORDER BY ${order} LIMIT ${rows} OFFSET ${skip})
            AS ${table} WHERE ${probe} LIMIT ${matches}`,
      );
    const found = await walk(SCATTERED_WALK_ROWS, 0, cap + 1);
    if (found.length > cap) return answer(found);
    if (found.length > 0) {
      const rows = Math.ceil(((SCATTERED_WALK_ROWS * (cap + 1)) / found.length) * 1.2);
      if (rows <= SCATTERED_COUNT_WALK_MAX) {
        // On from the rows already asked: a fragment in 40 % of the cockpit's rows (search=kow) asked 2,000 rows and
        // then 2,508 again (16 + 15 ms at 1,000,000 orders); now the 508 after them.
        const more = await walk(rows - SCATTERED_WALK_ROWS, SCATTERED_WALK_ROWS, cap + 1 - found.length);
        if (found.length + more.length > cap) return answer([...found, ...more]);
      }
    }
  }
  if (!few && (await sampledBeyondCap(db, from, params, cap))) return { rows: [], count: cap + 1 };
  return answer(
    await selectRows<T>(
      db,
      sql`SELECT ${columns} FROM (SELECT * FROM ${from}${where} OFFSET 0) AS ${table} LIMIT ${cap + 1}`,
    ),
  );
}

/**
 * The rows of `matching` (a select of the list's table with the joins its filters need) under the list's conditions,
 * counted up to one past the list's cap (`countCapOf`): a list's total.
 */
export function cappedCount(db: DbOrTx, matching: PgSelect, params: ListParams) {
  return db
    .select({ n: count() })
    .from(
      matching
        .where(params.where)
        .limit(countCapOf(params) + 1)
        .as('matching'),
    )
    .$dynamic();
}

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
  /** The page's rows, when they are read otherwise than by `page` (a scattered condition's bounded reads). */
  let read: PromiseLike<Awaited<Q>> | undefined;
  const filterJoined = (counted.joins ?? []).some(
    (join) =>
      join.prefix === undefined ||
      uses(
        join.prefix,
        [...params.present].filter((name) => !params.joinedFilters?.has(name)),
      ),
  );
  const orderJoined = (counted.joins ?? []).some(
    (join) => join.prefix !== undefined && uses(join.prefix, params.sortedBy),
  );
  const joinNeeded = filterJoined || orderJoined;
  if (params.limit !== undefined && params.scatteredWhere && params.rowKey && !joinNeeded) {
    const { rowKey, limit } = params;
    // `page` stays the one statement (its plan is what the tests read); the builder is reused for the rows by id.
    const rowsOf = async (): Promise<unknown> => {
      const ids = await scatteredPageIds(db, counted.from, params, limit);
      return ids.length === 0 ? [] : await select.where(inArray(rowKey as SQL, ids)).orderBy(...params.orderBy);
    };
    // The rows the page's own statement would give (a Q's result), read by id.
    read = lazily(rowsOf) as PromiseLike<Awaited<Q>>;
  } else if (params.limit !== undefined && params.pageKey !== undefined) {
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
  const total = cappedCount(db, matching, params);
  const kept = counted.keptCounts === undefined ? undefined : (defaultView(counted.keptCounts, params) ?? undefined);
  // A scattered condition's total in bounded steps, as its page (cappedMatches); the tables joined for a filter
  // (`narrow`) leave it to the plain statement.
  const countScattered =
    params.scatteredWhere && !filterJoined
      ? async () =>
          (await cappedMatches(db, counted.from, params, sql`1 AS one`, countCapOf(params), !orderJoined)).count
      : undefined;
  return { db, page, read, total, countScattered, kept, keptTotal: counted.keptTotal };
}

/** Runs a list: the page, and the count unless the list is unpaginated or partial (then the rows are the total). */
export async function runList<R>(
  statements: {
    db: DbOrTx;
    /** The page's statement, or the page read another way (a search's ranked parts, modules/parties/ranked.ts). */
    page: PromiseLike<R>;
    /** The page read in bounded steps (a scattered condition), in place of `page`. */
    read?: PromiseLike<R>;
    total: PgSelect;
    /** The total counted another way than by `total` (a scattered condition's bounded steps), cached as it. */
    countScattered?: () => Promise<number>;
    kept?: DefaultView;
    keptTotal?: () => Promise<number>;
  },
  params: ListParams,
): Promise<{ rows: R; total: number }> {
  if (!params.paginated || params.partial) {
    const rows = await (statements.read ?? statements.page);
    return { rows, total: (rows as unknown[]).length };
  }
  // On PostgreSQL the two run at once on two pooled connections: the page costs nothing next to a large count.
  const { kept, keptTotal } = statements;
  const [rows, total] = await Promise.all([
    statements.read ?? statements.page,
    kept
      ? keptCount(statements.db, kept)
      : keptTotal
        ? keptTotal()
        : cachedCount(statements.db, statements.total, statements.countScattered),
  ]);
  // Counted up to the cap only: the answer says its total is a lower bound (hydra.ts).
  if (!kept && !keptTotal && total > countCapOf(params)) params.totalCapped = true;
  return { rows, total };
}
