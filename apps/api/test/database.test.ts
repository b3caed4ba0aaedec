import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DbOrTx, migrateAndTidy, type RawQuery, selectRows } from '../src/db/client.ts';
import { REPEATS } from '../src/db/preparedStatements.ts';
import { carriers, customers, receivedInvoices } from '../src/db/schema/index.ts';
import { parseListQuery } from '../src/http/filters.ts';
import { listStatements } from '../src/http/listing.ts';
import { carrierFilters } from '../src/modules/carriers/repository.ts';
import { customerFilters } from '../src/modules/customers/repository.ts';
import { invoiceFilters } from '../src/modules/invoices/filters.ts';
import { invoiceListStatements } from '../src/modules/invoices/repository.ts';
import { receivedFilters } from '../src/modules/ksef/receivedFilters.ts';
import { archiveFilters } from '../src/modules/loadings/archive.ts';
import { orderFilters } from '../src/modules/orders/filters.ts';
import { orderListStatements } from '../src/modules/orders/repository.ts';
import { paymentFilters } from '../src/modules/payments/filters.ts';
import { paymentListStatements } from '../src/modules/payments/repository.ts';
import { publicFilters, publicPageStatement } from '../src/modules/public/repository.ts';
import { queryFilters } from '../src/modules/queries/filters.ts';
import { queryListStatements } from '../src/modules/queries/repository.ts';
import { dbKinds, freshDatabase } from './helpers.ts';

/** A Sort node that sorts every matching row; an Incremental Sort (rows presorted by an index) reads only what it shows. */
const fullSort = /(?<!Incremental )Sort {2}\(/;

type Statement = { toSQL(): { sql: string; params: unknown[] } };

/** The plan PostgreSQL picks when it may not read a whole table: whether an index gives the order, or a Sort is needed. */
async function planOf(db: DbOrTx, statement: Statement): Promise<string> {
  const { sql: text, params } = statement.toSQL();
  // EXPLAIN takes no bind parameters: the test's own values are written in as literals.
  const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    const result = (await tx.execute(sql.raw(`EXPLAIN ${inlined}`))) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

const partyPage = (db: DbOrTx, table: 'customers' | 'carriers', query: Record<string, string>) => {
  const p = parseListQuery(query, table === 'customers' ? customerFilters : carrierFilters);
  return db
    .select()
    .from(table === 'customers' ? customers : carriers)
    .where(p.where)
    .orderBy(...p.orderBy)
    .limit(p.limit ?? 30);
};

describe.each(dbKinds)('list plans (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
    // Enough rows, spread as in use (a few deleted, three statuses, several countries, two years of dates), for the
    // planner to choose as it does on a large table; on an empty one any plan is cheap.
    const spread = (from: number, to: number) =>
      sql.raw(`
      SELECT i, (ARRAY['aktywne','zakonczone','anulowane'])[1 + i % 3], (ARRAY['PL','DE','FR','CZ','NL'])[1 + i % 5],
        timestamptz '2025-01-01' + (i % 730) * interval '1 day', timestamptz '2025-01-03' + (i % 730) * interval '1 day',
        (i * 37) % 1000000, CASE WHEN i % 20 = 0 THEN 1 ELSE 0 END
      FROM generate_series(${from}, ${to}) AS i`);
    // In statements of 1,000 rows: the stats triggers add each row to its month's row, and within one statement every
    // such update walks the versions the statement made before it (20,000 in one took minutes on PGlite).
    for (let from = 1; from <= 20000; from += 1000) {
      await database.db.execute(
        sql`INSERT INTO orders (number, status, loading_country, loading_date, unloading_date, customer_price, deletion_reason)
            SELECT i || '/01/2026', s, c, l, u, p, d FROM (${spread(from, from + 999)}) AS t(i, s, c, l, u, p, d)`,
      );
      await database.db.execute(
        sql`INSERT INTO queries (status, loading_country, loading_date, unloading_date, deletion_reason)
            SELECT s, c, l, u, d FROM (${spread(from, from + 999)}) AS t(i, s, c, l, u, p, d)`,
      );
    }
    for (const table of ['customers', 'carriers']) {
      await database.db.execute(
        sql.raw(
          `INSERT INTO ${table} (company_name) SELECT 'Firma ' || md5(i::text) FROM generate_series(1, 20000) AS i`,
        ),
      );
    }
    await database.db.execute(sql`ANALYZE`);
    // 40,000 orders and queries on PGlite: about 100 s on a shared 2-core machine, a tenth more since the payments
    // cockpit's partial indexes and kept totals on the orders (issue 35).
  }, 240_000);
  afterAll(async () => database?.close());

  it("reads the orders table's usual page (country, status, dates, price, by loading date) from an index, unsorted", async () => {
    for (const direction of ['desc', 'asc']) {
      const params = parseListQuery(
        {
          status: 'aktywne',
          itemsPerPage: '8',
          loadingCountry: 'PL',
          'customerPrice[gte]': '400000',
          'loadingDate[after]': '2026-01-01',
          'order[loadingDate]': direction,
        },
        orderFilters,
      );
      const { page, total } = orderListStatements(database.db, params);
      const pagePlan = await planOf(database.db, page);
      expect(pagePlan).toMatch(/Index Scan( Backward)? using orders_country_(list|count)_idx/);
      expect(pagePlan).not.toMatch(fullSort);
      // The total from the index alone: no table rows read to count.
      expect(await planOf(database.db, total)).toMatch(/Index Only Scan using orders_country_(count|list)_idx/);
    }
  });

  it('sorts orders and queries by their dates from an index in either direction', async () => {
    for (const [field, direction] of [
      ['loadingDate', 'asc'],
      ['loadingDate', 'desc'],
      ['unloadingDate', 'desc'],
      ['createdDate', 'desc'],
    ]) {
      const params = parseListQuery({ [`order[${field}]`]: direction, itemsPerPage: '8' }, orderFilters);
      expect(await planOf(database.db, orderListStatements(database.db, params).page)).not.toMatch(fullSort);
    }
    for (const direction of ['asc', 'desc']) {
      const params = parseListQuery({ 'order[loadingDate]': direction, itemsPerPage: '30' }, queryFilters);
      expect(await planOf(database.db, queryListStatements(database.db, params).page)).not.toMatch(fullSort);
    }
  });

  it("reads the public page's loads from today on as one range of its index, however many past queries there are", async () => {
    const params = parseListQuery({ loadingCountry: 'PL', page: '3' }, publicFilters);
    const plan = await planOf(database.db, publicPageStatement(database.db, params));
    // The date is the index's condition (a range), not a filter over every past query.
    expect(plan).toMatch(/Index Scan using queries_public_idx/);
    expect(plan).toMatch(/Index Cond: \(COALESCE\(loading_date/i);
    expect(plan).not.toMatch(fullSort);
  });

  it("reads a month of the loadings calendar from its partial index, and the archive's page in unloading order", async () => {
    for (const side of ['loadingDate', 'unloadingDate']) {
      const params = parseListQuery(
        {
          [`${side}[gt]`]: '2025-05-31',
          [`${side}[lt]`]: '2025-07-01',
          showInCalendar: 'true',
          pagination: 'false',
          // The calendar asks its events in date order (the index's order: nothing to sort).
          [`order[${side}]`]: 'asc',
        },
        orderFilters,
      );
      const plan = await planOf(database.db, orderListStatements(database.db, params).page);
      // Every row of the month is sent (no page), so sorting them after the joins costs what reading them does.
      expect(plan).toMatch(side === 'loadingDate' ? /orders_calendar_loading_idx/ : /orders_calendar_unloading_idx/);
    }
    const archive = parseListQuery({}, archiveFilters);
    const plan = await planOf(database.db, orderListStatements(database.db, archive).page);
    // The page's ids in its own order (the latest unloading first, then the id ascending) from the index alone, the
    // finished mark and the status read there (INCLUDE); then only the page's rows, sorted again (a page, not a table).
    expect(plan).toMatch(/InitPlan[\s\S]*Index Only Scan using orders_archive_order_idx/);
    const sorts = plan.split('\n').filter((line) => /^\s*(->\s*)?(Incremental )?Sort {2}\(/.test(line));
    expect(sorts).toHaveLength(1);
    expect(Number(/rows=(\d+)/.exec(sorts[0] ?? '')?.[1])).toBeLessThanOrEqual(archive.itemsPerPage);
  });

  it("reads a number's first characters as typed ('1', '12', '120') in the list's order from their index, counted there", async () => {
    // A short start is held by many orders in runs along the order (12, 120–129, 1200–1299…): the index of that many
    // first characters with the id gives the page newest first and the total (migration 0084), for any length up to 3.
    await database.db.execute(sql`VACUUM orders`);
    for (const start of ['1', '12', '120']) {
      const { page, total } = orderListStatements(database.db, parseListQuery({ number: start }, orderFilters));
      const pagePlan = await planOf(database.db, page);
      expect(pagePlan, start).toMatch(new RegExp(`Index Scan Backward using orders_number_start${start.length}_idx`));
      expect(pagePlan, start).not.toMatch(fullSort);
      expect(await planOf(database.db, total), start).toMatch(
        new RegExp(`Index Only Scan using orders_number_start${start.length}_idx`),
      );
    }
  });

  it("takes a number prefix's page from its matches' ids in the prefix index alone, when they lie past the first rows", async () => {
    // The statement http/listing.ts `scatteredPageIds` sends when the walk of the list's first rows did not fill the
    // page: the matches on their own (fenced from the order), sorted for the page. Only their ids are read, from the
    // index (INCLUDE id, deletion mark: migration 0080), not every match from the table.
    const text = `SELECT "orders"."id" AS id FROM (SELECT * FROM "orders" WHERE ("orders"."number" LIKE '12%'
      AND "orders"."deletion_reason" = 0) OFFSET 0) AS "orders" ORDER BY "orders"."id" DESC NULLS FIRST LIMIT 30`;
    // The table as autovacuum leaves it in use (its visibility map set), where an index-only scan reads no row.
    await database.db.execute(sql`VACUUM orders`);
    const plan = await planOf(database.db, { toSQL: () => ({ sql: text, params: [] }) });
    expect(plan).toMatch(/Index Only Scan using orders_number_prefix_idx/);
  });

  it('counts an exact price, distance or loading type from its sort index alone, on the orders, the archive and the queries', async () => {
    // Such a total is counted up to 10,001 matches; the lists' base conditions (the deletion mark, the archive's status
    // and unloading) are read from the index too (INCLUDE: migration 0082), not from 10,001 rows of the table.
    await database.db.execute(sql`VACUUM orders`);
    await database.db.execute(sql`VACUUM queries`);
    const cases = [
      ['customerPrice', '37', 'customer_price'],
      ['carrierPrice', '37', 'carrier_price'],
      ['distance', '140', 'distance'],
      ['loadingType', 'z rampy', 'loading_type'],
    ] as const;
    for (const [field, value, column] of cases) {
      for (const filters of [orderFilters, archiveFilters]) {
        const { total } = orderListStatements(database.db, parseListQuery({ [field]: value }, filters));
        expect(await planOf(database.db, total), field).toMatch(
          new RegExp(`Index Only Scan using orders_${column}_sort_idx`),
        );
      }
    }
    for (const [field, value, column] of [
      ...cases.filter(([f]) => f !== 'carrierPrice'),
      ['customerPriceSuggested', '37', 'customer_price_suggested'] as const,
    ]) {
      const { total } = queryListStatements(database.db, parseListQuery({ [field]: value }, queryFilters));
      expect(await planOf(database.db, total), field).toMatch(
        new RegExp(`Index Only Scan using queries_${column}_sort_idx`),
      );
    }
  });

  it("reads the payments cockpit's page ids from the payment-date index alone, a loading-date filter there too", async () => {
    for (const side of ['customer', 'carrier'] as const) {
      for (const query of [{}, { 'loadingDate[after]': '2026-06-01' }]) {
        const params = parseListQuery({ side, ...query }, paymentFilters(side));
        const plan = await planOf(database.db, paymentListStatements(database.db, side, params).page);
        expect(plan, `${side} ${JSON.stringify(query)}`).toMatch(
          new RegExp(`InitPlan[\\s\\S]*Index Only Scan using orders_${side}_unpaid_idx`),
        );
      }
    }
  });

  it('sorts customers and carriers by company name from an index, by default and both ways', async () => {
    for (const table of ['customers', 'carriers'] as const) {
      for (const query of [{}, { 'order[companyName]': 'asc' }, { 'order[companyName]': 'desc' }] as Record<
        string,
        string
      >[]) {
        expect(await planOf(database.db, partyPage(database.db, table, query))).not.toMatch(fullSort);
      }
    }
  });
});

describe.each(dbKinds)('invoice list plans (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
    // Two years of invoices of three types, as the screens read them a month at a time.
    await database.db.execute(sql`
      INSERT INTO invoices (type, number, number_sort, created_date, sale_date, payment_date, vendor_name, vendor_nip,
        vendor_street_address, vendor_postal_code, vendor_city, customer_name, customer_nip, customer_street_address,
        customer_postal_code, customer_city, total_net, total_vat, total_gross)
      SELECT (ARRAY['vat','vat','vat','proforma','corrective'])[1 + i % 5], i || '/01/2026', i,
        date '2025-01-01' + i % 730, date '2025-01-01' + i % 730, date '2025-01-31' + i % 730,
        'S', '5260250274', 'u', '00-001', 'W', 'Klient ' || i, '1000000000', 'u', '00-001', 'P', i, 0, i
      FROM generate_series(1, 10000) AS i`);
    await database.db.execute(sql`ANALYZE`);
  });
  afterAll(async () => database?.close());

  it("reads a month's invoices of one type (the invoice screens) from an index, unsorted, counted from it alone", async () => {
    const params = parseListQuery(
      { type: 'vat', 'createdDate[after]': '2025-11-01', 'createdDate[before]': '2025-11-30', itemsPerPage: '15' },
      invoiceFilters,
    );
    const { page, total } = invoiceListStatements(database.db, params);
    const pagePlan = await planOf(database.db, page);
    expect(pagePlan).toMatch(/Index Scan( Backward)? using invoices_type_created_idx/);
    expect(pagePlan).not.toMatch(fullSort);
    expect(await planOf(database.db, total)).toMatch(/Index Only Scan using invoices_type_created_idx/);
  });

  it("reads the carriers' KSeF invoices of a currency from its index in the default order, counted from it alone", async () => {
    // A row holds the invoice's XML: counted from the table, 10,001 of them were 2,000 pages (migration 0083).
    await database.db.execute(sql`
      INSERT INTO received_invoices (ksef_number, invoice_number, seller_nip, issue_date, net_amount, vat_amount,
        gross_amount, currency, xml)
      SELECT 'K' || i, 'FV ' || i, '1000000000', date '2025-01-01' + i % 730, i, 0, i,
        CASE WHEN i % 10 = 0 THEN 'eur' ELSE 'pln' END, repeat('<Faktura/>', 100)
      FROM generate_series(1, 10000) AS i`);
    await database.db.execute(sql`VACUUM ANALYZE received_invoices`);
    for (const currency of ['pln', 'eur']) {
      const params = parseListQuery({ currency }, receivedFilters);
      const { page, total } = listStatements(
        database.db,
        params,
        database.db.select().from(receivedInvoices).$dynamic(),
        { from: receivedInvoices },
      );
      const pagePlan = await planOf(database.db, page);
      expect(pagePlan, currency).toMatch(/Index Scan Backward using received_invoices_currency_idx/);
      expect(pagePlan, currency).not.toMatch(fullSort);
      expect(await planOf(database.db, total), currency).toMatch(
        /Index Only Scan using received_invoices_currency_idx/,
      );
    }
  });

  it("reads a payment status's page ids from the open invoices' indexes alone, and counts them there", async () => {
    // The overdue page skips the latest open invoices not yet due: in the index (INCLUDE payment date and amount paid:
    // migration 0081), not in the table; likewise each other status's page and total.
    await database.db.execute(sql`VACUUM invoices`);
    for (const status of ['po_terminie', 'niezaplacona', 'czesciowo']) {
      const params = parseListQuery({ paymentStatus: status }, invoiceFilters);
      const { page, total } = invoiceListStatements(database.db, params);
      expect(await planOf(database.db, page), status).toMatch(
        /InitPlan[\s\S]*Index Only Scan Backward using invoices_(unpaid|part_paid)_created_idx/,
      );
      expect(await planOf(database.db, total), status).toMatch(/Index Only Scan using invoices_\w+_idx/);
    }
  });
});

describe.each(dbKinds)('migrations (%s)', (kind) => {
  it('vacuums and analyzes a table a migration rewrote, so that its index-only scans read no table pages', async () => {
    const database = await freshDatabase(kind);
    try {
      const { db } = database;
      await db.execute(sql`INSERT INTO customers (company_name) SELECT 'Firma ' || i FROM generate_series(1, 3000) i`);
      await db.execute(sql`VACUUM (ANALYZE) customers`);
      const query: RawQuery = async (text) => ({ rows: await selectRows(db, sql.raw(text)) });
      // A migration that rewrites customers as 0041 did (a stored generated column: a new table, an empty visibility
      // map) and is recorded as applied, run through the start's migrate-and-tidy; whichever migration is the latest.
      await migrateAndTidy(query, async () => {
        await db.execute(
          sql`ALTER TABLE customers ADD COLUMN tidy_probe text GENERATED ALWAYS AS (lower(company_name)) STORED`,
        );
        await db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('tidy-probe', 1)`);
      });
      const [table] = await selectRows<{ relpages: number; relallvisible: number }>(
        db,
        sql`SELECT relpages, relallvisible FROM pg_class WHERE relname = 'customers'`,
      );
      expect(table?.relpages).toBeGreaterThan(0);
      expect(table?.relallvisible).toBe(table?.relpages);
      const [stats] = await selectRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'customers' AND attname = 'tidy_probe'`,
      );
      expect(stats?.n).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('tidies nothing when a start applied no migration', async () => {
    const database = await freshDatabase(kind);
    try {
      const { db } = database;
      const query: RawQuery = async (text) => ({ rows: await selectRows(db, sql.raw(text)) });
      await migrateAndTidy(query, async () => {
        await db.execute(
          sql`ALTER TABLE customers ADD COLUMN tidy_probe text GENERATED ALWAYS AS (lower(company_name)) STORED`,
        );
        await db.execute(sql`INSERT INTO customers (company_name) VALUES ('Firma')`);
      });
      const [stats] = await selectRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'customers' AND attname = 'tidy_probe'`,
      );
      expect(stats?.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(dbKinds.includes('postgres'))('PostgreSQL connections', () => {
  it('sends a list page it repeats as a named statement, parsed once per connection; a search by pattern never', async () => {
    const database = await freshDatabase('postgres');
    try {
      const ordersPage = parseListQuery({ status: 'aktywne', itemsPerPage: '30' }, orderFilters);
      // One transaction: one connection, whose prepared statements pg_prepared_statements lists.
      const prepared = await database.db.transaction(async (tx) => {
        // Sent more often than REPEATS: from then on by name.
        for (let i = 0; i <= REPEATS; i++) {
          await orderListStatements(tx, ordersPage).page;
          await partyPage(tx, 'customers', { search: 'trans' });
        }
        return selectRows<{ name: string; statement: string }>(
          tx,
          sql`select name, statement from pg_prepared_statements`,
        );
      });
      const pageText = orderListStatements(database.db, ordersPage).page.toSQL().sql;
      expect(prepared.find((p) => p.statement === pageText)?.name).toMatch(/^app_/);
      // The search was sent as often, by pattern; none of its texts is kept.
      expect(partyPage(database.db, 'customers', { search: 'trans' }).toSQL().sql).toMatch(/\blike\b/i);
      expect(prepared.filter((p) => /\blike\b/i.test(p.statement))).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('drops an idle connection the server closes and answers the next query on a new one', async () => {
    const database = await freshDatabase('postgres');
    try {
      const before = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      const pid = before.rows[0]?.pid;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      // The pool sees its idle connection closed (the 'error' event) before the next query.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      expect(after.rows[0]?.one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
