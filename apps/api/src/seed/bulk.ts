import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client.ts';

/**
 * The benchmark's bulk load on PostgreSQL (issue 35: a million rows per resource took 38 minutes, row by row through
 * every index and trigger). For the load, the tables written lose their plain indexes, their foreign keys and their
 * triggers; afterwards the indexes are built once each (sorted, with a large maintenance_work_mem), the foreign keys
 * are added back (each checked by one join over the whole table: a wrong reference fails the seed) and what the
 * triggers keep is computed set-based, to the state the triggers would have left. Unique indexes stay: they are
 * constraints the seeder's ON CONFLICT relies on. PGlite (tests, the demo) loads as it always did.
 */

/** PostgreSQL proper, not the embedded PGlite. */
export async function isPostgresServer(db: Db): Promise<boolean> {
  const [row] = await selectRows<{ v: string }>(db, sql`SELECT version() AS v`);
  return !(row?.v ?? '').includes('PGlite');
}

/**
 * The database as the bulk load uses it: each statement in a transaction of its own with memory enough to sort and
 * hash a million rows in memory (the server's default work_mem, 4 MB, spills every such sort to disk). The setting
 * is the statement's own (SET LOCAL): the pool's connections keep theirs.
 */
export function withLoadMemory(db: Db): Db {
  const execute = (query: SQL | string) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL work_mem = '256MB'`);
      return tx.execute(typeof query === 'string' ? sql.raw(query) : query);
    });
  return new Proxy(db, {
    get: (target, property, receiver) => (property === 'execute' ? execute : Reflect.get(target, property, receiver)),
  });
}

/** Times each step and prints it (the seeding's breakdown). */
export class Steps {
  readonly times: [string, number][] = [];
  constructor(private readonly log: ((line: string) => void) | null) {}

  note(line: string) {
    this.log?.(`        ${line}`);
  }

  async run<T>(name: string, step: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    const result = await step();
    const seconds = (performance.now() - t0) / 1000;
    this.times.push([name, seconds]);
    this.log?.(`  seed: ${name.padEnd(46)} ${seconds.toFixed(1).padStart(7)} s`);
    return result;
  }
}

type Saved = {
  indexes: { table: string; name: string; statement: string }[];
  foreignKeys: string[];
  tables: string[];
};

/** Tables whose unique keys the load's own ON CONFLICT needs: they keep them. */
const KEEP_UNIQUE = ['invoice_reminders', 'bank_statement_lines'];

/**
 * Runs `load` with the tables' indexes (all but the primary keys), unique and foreign keys and user triggers off,
 * then restores them all (also when the load fails, so that a failed seed leaves the schema whole). Rows that break a
 * key make the restore, and so the seed, fail.
 */
export async function bulkLoad<T>(db: Db, tables: string[], steps: Steps, load: () => Promise<T>): Promise<T> {
  const saved = await steps.run('bulk: drop indexes, keys, triggers', () => dropForLoad(db, tables));
  let failed = true;
  try {
    const result = await load();
    failed = false;
    return result;
  } finally {
    await restoreAfterLoad(db, saved, steps).catch((error: unknown) => {
      // The load's own error is the one worth seeing; a restore failing after a good load is the seed's failure.
      if (!failed) throw error;
    });
  }
}

/** Runs the tasks on `workers` connections at once (PostgreSQL's two cores build and load side by side). */
export async function inParallel(tasks: (() => Promise<unknown>)[], workers = 2): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task) await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, tasks.length) }, worker));
}

async function dropForLoad(db: Db, tables: string[]): Promise<Saved> {
  const list = sql.raw(`ARRAY[${tables.map((t) => `'${t}'`).join(',')}]::text[]`);
  const keep = sql.raw(`ARRAY[${KEEP_UNIQUE.map((t) => `'${t}'`).join(',')}]::text[]`);
  // Foreign keys of the tables and to them (a unique key cannot go while a foreign key leans on it).
  const keys = await selectRows<{ table: string; name: string; def: string }>(
    db,
    sql`SELECT c.relname AS "table", k.conname AS name, pg_get_constraintdef(k.oid) AS def
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
        WHERE k.contype = 'f' AND c.relnamespace = 'public'::regnamespace
          AND (c.relname = ANY(${list}) OR r.relname = ANY(${list}))
        ORDER BY 1, 2`,
  );
  const uniques = await selectRows<{ table: string; name: string; def: string }>(
    db,
    sql`SELECT c.relname AS "table", k.conname AS name, pg_get_constraintdef(k.oid) AS def
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
        WHERE k.contype = 'u' AND c.relnamespace = 'public'::regnamespace AND c.relname = ANY(${list})
          AND NOT c.relname = ANY(${keep})
        ORDER BY 1, 2`,
  );
  const indexes = await selectRows<{ table: string; name: string; def: string }>(
    db,
    sql`SELECT c.relname AS "table", x.relname AS name, pg_get_indexdef(i.indexrelid) AS def
        FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class x ON x.oid = i.indexrelid
        WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY(${list}) AND NOT i.indisprimary
          AND (NOT i.indisunique OR NOT c.relname = ANY(${keep}))
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid)
        ORDER BY 1, 2`,
  );
  for (const k of keys) await db.execute(sql.raw(`ALTER TABLE "${k.table}" DROP CONSTRAINT "${k.name}"`));
  for (const u of uniques) await db.execute(sql.raw(`ALTER TABLE "${u.table}" DROP CONSTRAINT "${u.name}"`));
  for (const i of indexes) await db.execute(sql.raw(`DROP INDEX "${i.name}"`));
  for (const t of tables) await db.execute(sql.raw(`ALTER TABLE "${t}" DISABLE TRIGGER USER`));
  return {
    indexes: [
      ...uniques.map((u) => ({
        table: u.table,
        name: u.name,
        statement: `ALTER TABLE "${u.table}" ADD CONSTRAINT "${u.name}" ${u.def}`,
      })),
      ...indexes.map((i) => ({ table: i.table, name: i.name, statement: i.def })),
    ],
    foreignKeys: keys.map((k) => `ALTER TABLE "${k.table}" ADD CONSTRAINT "${k.name}" ${k.def}`),
    tables,
  };
}

/** One statement in a transaction of its own, so that its session's memory settings are the ones it gets. */
const withMemory = (db: Db, statement: string) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '1GB'`);
    await tx.execute(sql`SET LOCAL max_parallel_maintenance_workers = 0`);
    await tx.execute(sql.raw(statement));
  });

async function restoreAfterLoad(db: Db, saved: Saved, steps: Steps) {
  await steps.run('bulk: enable triggers', async () => {
    for (const t of saved.tables) await db.execute(sql.raw(`ALTER TABLE "${t}" ENABLE TRIGGER USER`));
  });
  // Two builds at a time (one a core), the largest tables' first; the unique keys with them.
  const sizes = new Map(
    (
      await selectRows<{ table: string; bytes: number }>(
        db,
        sql`SELECT relname AS "table", pg_relation_size(oid)::float8 AS bytes FROM pg_class
            WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'`,
      )
    ).map((r) => [r.table, Number(r.bytes)]),
  );
  const builds = [...saved.indexes].sort((a, b) => (sizes.get(b.table) ?? 0) - (sizes.get(a.table) ?? 0));
  const took: [string, number][] = [];
  await steps.run(`bulk: ${builds.length} indexes and unique keys built (2 at a time)`, () =>
    inParallel(
      builds.map((b) => async () => {
        const t0 = performance.now();
        await withMemory(db, b.statement);
        took.push([b.name, performance.now() - t0]);
      }),
    ),
  );
  steps.note(
    `slowest builds: ${took
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
  // One at a time: each takes its two tables' locks, and two at once could wait for each other.
  await steps.run(`bulk: ${saved.foreignKeys.length} foreign keys checked`, async () => {
    for (const statement of saved.foreignKeys) await withMemory(db, statement);
  });
}

/**
 * What the triggers of orders, queries and received invoices keep, computed from the rows as their migrations did
 * (0023 stats_monthly, 0040 status_counts): the same sums the triggers would have added up row by row.
 */
export async function recomputeKept(db: Db) {
  await inParallel([() => statusCounts(db), () => stats(db), () => carrierInvoiceDates(db)]);
  await inParallel([() => moneyKept(db), () => listKept(db)]);
  await carrierRecordKept(db);
}

/**
 * Issue 39: the carriers' kept rating and on-time % spread as an office's would be (some carriers without any), so
 * that the list's sorts and 'min. ocena' are measured on realistic values; and the backfill marked done, so that the
 * server started over these rows does not rebuild a record of generated orders (modules/carrierRecord/worker.ts).
 */
async function carrierRecordKept(db: Db) {
  await db.execute(sql`
    UPDATE carriers SET
      rating = CASE WHEN id % 5 < 3 THEN 100 + (id * 37) % 401 END,
      on_time_rate = CASE WHEN id % 4 < 3 THEN (id * 53) % 101 END`);
  await db.execute(sql`INSERT INTO carrier_record_backfill (id) VALUES (1) ON CONFLICT DO NOTHING`);
}

/**
 * The money lists' kept values (migration 0045_money_kept_values: its backfill): invoices per month, customers'
 * balances and the earliest date they owe since (0049), open payments per day, a statement's line counts.
 */
async function moneyKept(db: Db) {
  await db.execute(sql`DELETE FROM invoice_month_totals`);
  await db.execute(sql`
    INSERT INTO invoice_month_totals (type, currency, month, n, total_net, total_vat, total_gross)
      SELECT type, currency, date_trunc('month', created_date)::date, count(*), sum(total_net), sum(total_vat),
        sum(total_gross)
      FROM invoices GROUP BY 1, 2, 3`);
  await db.execute(sql`DELETE FROM customer_balances`);
  await db.execute(sql`
    INSERT INTO customer_balances (customer_id, currency, due, n)
      SELECT customer_id, currency, sum(due_amount), count(*) FROM invoices
      WHERE type = 'vat' AND NOT paid AND due_amount > 0 AND customer_id IS NOT NULL
      GROUP BY customer_id, currency`);
  // customers.debt_since (migration 0049): the earliest payment date among each customer's open VAT invoices.
  await db.execute(sql`
    UPDATE customers c SET debt_since = d.since
      FROM (SELECT c2.id, min(i.payment_date) AS since FROM customers c2
            LEFT JOIN invoices i ON i.customer_id = c2.id AND i.type = 'vat' AND NOT i.paid AND i.due_amount > 0
            GROUP BY c2.id) d
      WHERE c.id = d.id AND c.debt_since IS DISTINCT FROM d.since`);
  await db.execute(sql`DELETE FROM cashflow_day_totals`);
  await db.execute(sql`
    INSERT INTO cashflow_day_totals (side, currency, day, held, in_batch, n, amount)
      SELECT 'in', currency, payment_date, false, false, count(*), sum(due_amount) FROM invoices
        WHERE NOT paid AND type = 'vat' AND due_amount > 0 GROUP BY currency, payment_date
      UNION ALL SELECT 'out', currency, due_date, held, batch_id IS NOT NULL, count(*), sum(due_amount)
        FROM carrier_invoices WHERE due_amount > 0 AND deletion_reason = 0 AND type = 'vat'
        GROUP BY currency, due_date, held, batch_id IS NOT NULL`);
  await db.execute(sql`DELETE FROM payment_day_totals`);
  await db.execute(sql`
    INSERT INTO payment_day_totals (side, currency, day, n, amount)
      SELECT 'customer', customer_price_currency, (customer_date_of_payment AT TIME ZONE 'UTC')::date, count(*),
        coalesce(sum(customer_price), 0)
      FROM orders WHERE NOT customer_paid AND deletion_reason = 0 AND status IN ('aktywne', 'zakonczone')
      GROUP BY 2, 3
      UNION ALL SELECT 'carrier', carrier_price_currency, (carrier_payment_due AT TIME ZONE 'UTC')::date, count(*),
        coalesce(sum(carrier_price), 0)
      FROM orders WHERE NOT carrier_paid AND deletion_reason = 0 AND status IN ('aktywne', 'zakonczone')
      GROUP BY 2, 3`);
  await db.execute(sql`
    UPDATE bank_statements s SET line_count = c.lines, booked_count = c.booked
      FROM (SELECT statement_id, count(*) AS lines, count(booked_at) AS booked FROM bank_statement_lines
            GROUP BY statement_id) c
      WHERE s.id = c.statement_id`);
}

/** The other lists' kept totals and the tasks' assignee names (migration 0047_kept_counts: its backfill). */
async function listKept(db: Db) {
  await db.execute(sql`DELETE FROM status_counts WHERE table_name IN ('customers', 'carriers', 'tasks', 'offers')`);
  await db.execute(sql`
    INSERT INTO status_counts (table_name, status, n)
      SELECT 'customers', 'wszystkie', count(*) FROM customers
      UNION ALL SELECT 'carriers', 'wszystkie', count(*) FROM carriers
      UNION ALL SELECT 'tasks', status, count(*) FROM tasks WHERE deletion_reason = 0 GROUP BY status
      UNION ALL SELECT 'offers', 'aktywne', count(*) FROM offers WHERE active`);
  await db.execute(sql`
    UPDATE tasks SET assignee_name = u.name FROM users u
    WHERE u.id = tasks.user_id AND tasks.assignee_name IS DISTINCT FROM u.name`);
}

async function statusCounts(db: Db) {
  await db.execute(sql`DELETE FROM status_counts WHERE table_name IN ('orders', 'queries')`);
  await db.execute(sql`
    INSERT INTO status_counts (table_name, status, country, n)
      SELECT 'orders', status, loading_country, count(*) FROM orders WHERE deletion_reason = 0
      GROUP BY status, loading_country
      UNION ALL SELECT 'queries', status, loading_country, count(*) FROM queries WHERE deletion_reason = 0
      GROUP BY status, loading_country`);
}

async function stats(db: Db) {
  await db.execute(sql`DELETE FROM stats_monthly`);
  await db.execute(sql`
    INSERT INTO stats_monthly (month, user_id, orders, revenue, cost, margin, margin_revenue)
      SELECT date_trunc('month', loading_date AT TIME ZONE 'UTC')::date, coalesce(user_id, 0), count(*),
             coalesce(sum(customer_price_pln), 0), coalesce(sum(carrier_price_pln), 0), coalesce(sum(margin), 0),
             coalesce(sum(customer_price_pln) FILTER (WHERE margin IS NOT NULL), 0)
      FROM orders
      WHERE deletion_reason = 0 AND status IN ('aktywne', 'zakonczone') AND loading_date IS NOT NULL
      GROUP BY 1, 2`);
  await db.execute(sql`
    INSERT INTO stats_monthly AS s (month, user_id, queries, conversions)
      SELECT date_trunc('month', q.created_at AT TIME ZONE 'Europe/Warsaw')::date, coalesce(q.user_id, 0), count(*),
             count(*) FILTER (WHERE q.status = 'zamienione' AND o.id IS NOT NULL)
      FROM queries q
      LEFT JOIN orders o ON o.uuid = q.order_uuid AND o.query_uuid = q.uuid AND o.deletion_reason = 0
        AND o.status IN ('aktywne', 'zakonczone')
      WHERE q.deletion_reason = 0
      GROUP BY 1, 2
      ON CONFLICT (month, user_id) DO UPDATE SET queries = EXCLUDED.queries, conversions = EXCLUDED.conversions`);
}

async function carrierInvoiceDates(db: Db) {
  // The carrier's invoice payment date on its order (trigger received_invoices_due): the latest invoice matched.
  await db.execute(sql`
    UPDATE orders o SET carrier_invoice_payment_date = r.payment_date
    FROM (SELECT DISTINCT ON (order_id) order_id, payment_date FROM received_invoices WHERE order_id IS NOT NULL
          ORDER BY order_id, id DESC) r
    WHERE r.order_id = o.id AND o.carrier_invoice_payment_date IS DISTINCT FROM r.payment_date`);
}

/**
 * ANALYZE of tables just loaded, before the next statement joins them: without statistics the planner takes a
 * million-row table for an empty one and joins it in a nested loop (the conversions' sum ran for minutes).
 */
export async function analyzeTables(db: Db, tables: string[]) {
  await inParallel(tables.map((t) => () => db.execute(sql.raw(`ANALYZE "${t}"`))));
}

/**
 * ANALYZE of every table; on PostgreSQL two tables at a time, and not again the tables the load analysed already
 * unless an index on an expression (its statistics come with the index) was built on them since.
 */
export async function analyze(db: Db, parallel: boolean, analysed: string[] = []) {
  if (!parallel) {
    await db.execute(sql`ANALYZE`);
    return;
  }
  const done = sql.raw(`ARRAY[${analysed.map((t) => `'${t}'`).join(',')}]::text[]`);
  const tables = await selectRows<{ name: string }>(
    db,
    sql`SELECT relname AS name FROM pg_class c WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'
          AND (NOT relname = ANY(${done})
            OR EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indexprs IS NOT NULL))
        ORDER BY pg_relation_size(oid) DESC`,
  );
  await inParallel(tables.map((t) => () => db.execute(sql.raw(`ANALYZE "${t.name}"`))));
}
