import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDb, selectRows } from '../src/db/client.ts';
import { migrationsFolder } from '../src/paths.ts';
import { dbKinds } from './helpers.ts';

/**
 * Issue 38: `invoice_payments` and `carrier_payments` move into the one ledger (`payments`) with nothing lost. A
 * database is migrated up to the migration before the move, filled as issue 26 left such tables (receipts, part
 * payments, a cancelled one with its reason, a booked statement line, payments to carriers, each with its history),
 * then migrated to the end: every row, amount, uuid, version, cancellation and history line is there, and the two
 * names still answer as views.
 */
const MOVE = '0059_payments_ledger_move';

/** The migrations folder up to (not including) the move. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function emptyDatabase(kind: 'pglite' | 'postgres'): Promise<{ database: Database; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDb({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const baseUrl = process.env.TEST_DATABASE_URL as string;
  const name = `ledger_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDb({ url: url.toString(), poolSize: 2 });
  return {
    database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

type Figures = { n: number; sum: string; cancelled: number; uuids: string; versions: string; lines: number };

describe.each(dbKinds)('the payments ledger migration on %s', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let before: { in: Figures; out: Figures; history: number };

  beforeAll(async () => {
    ({ database, drop } = await emptyDatabase(kind));
    const folder = migrationsBefore(MOVE);
    const { db } = database;
    if (kind === 'pglite') await migratePglite(db as never, { migrationsFolder: folder });
    else await migratePg(db as never, { migrationsFolder: folder });

    // Issue 26's data: a customer's two invoices, a carrier's two orders, their payments.
    await db.execute(
      sql`INSERT INTO customers (company_name, nip, country) VALUES ('Płatnik Sp. z o.o.', '7831672591', 'PL')`,
    );
    await db.execute(
      sql`INSERT INTO carriers (company_name, nip, country) VALUES ('Przewozy Łukasz Gęś', '7740001454', 'PL')`,
    );
    await db.execute(sql`
      INSERT INTO invoices (type, number, number_sort, created_date, sale_date, currency, customer_id, total_net,
        total_vat, total_gross, vendor_name, vendor_nip, vendor_street_address, vendor_postal_code, vendor_city,
        customer_name, customer_nip, customer_street_address, customer_postal_code, customer_city)
      SELECT 'vat', n || '/11/2026', n, '2026-11-02', '2026-11-02', 'pln', (SELECT id FROM customers LIMIT 1), 100000,
        23000, 123000, 'Spedycja Przykład Sp. z o.o.', '5260250274', 'ul. Transportowa 1', '00-001', 'Warszawa',
        'Płatnik Sp. z o.o.', '7831672591', 'ul. Długa 5', '61-131', 'Poznań'
      FROM generate_series(1, 2) n`);
    await db.execute(sql`
      INSERT INTO orders (number, customer_id, carrier_id, carrier_price, carrier_price_currency, status)
      SELECT n || '/11/2026', (SELECT id FROM customers LIMIT 1), (SELECT id FROM carriers LIMIT 1), 250000, 'pln',
        'zakonczone'
      FROM generate_series(1, 2) n`);
    // As the API books them: inside a transaction that names its user, so that the history triggers write lines.
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('app.user_uuid', '7b0c4d3e-0000-4000-8000-000000000001', true),
                   set_config('app.user_name', 'Księgowa', true)`,
      );
      for (const statement of [
        sql`INSERT INTO invoice_payments (invoice_id, date, amount, currency, method, note, statement_line_id)
          SELECT i.id, '2026-11-10', 50000, 'pln', 'przelew', 'Pierwsza rata', 7 FROM invoices i`,
        sql`INSERT INTO invoice_payments (invoice_id, date, amount, currency, method)
          SELECT i.id, '2026-11-20', 73000, 'pln', 'kompensata' FROM invoices i WHERE i.number = '1/11/2026'`,
        sql`UPDATE invoice_payments SET cancelled_at = now(), cancel_reason = 'Pomyłka w kwocie'
          WHERE id = (SELECT max(id) FROM invoice_payments)`,
        sql`INSERT INTO carrier_payments (order_id, date, amount, currency, method, note)
          SELECT o.id, '2026-11-15', 250000, 'pln', 'przelew', 'Zapłacone' FROM orders o`,
        sql`UPDATE carrier_payments SET cancelled_at = now(), cancel_reason = 'Zwrot przelewu'
          WHERE id = (SELECT min(id) FROM carrier_payments)`,
      ]) {
        await tx.execute(statement);
      }
    });
    const figures = async (table: string, where = 'TRUE'): Promise<Figures> => {
      const [row] = await selectRows<Figures>(
        db,
        sql.raw(`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS sum,
          count(cancelled_at)::int AS cancelled, string_agg(uuid::text || ':' || coalesce(cancel_reason, ''), ',' ORDER BY uuid) AS uuids,
          string_agg(version::text, ',' ORDER BY uuid) AS versions, count(statement_line_id)::int AS lines
          FROM ${table} WHERE ${where}`),
      );
      return row as Figures;
    };
    const [history] = await selectRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM record_history WHERE resource IN ('invoice_payments', 'carrier_payments')`,
    );
    before = {
      in: await figures('invoice_payments'),
      out: await figures('carrier_payments'),
      history: history?.n ?? 0,
    };
    expect(before.in).toMatchObject({ n: 3, sum: '173000', cancelled: 1, lines: 2 });
    expect(before.out).toMatchObject({ n: 2, sum: '500000', cancelled: 1 });
    expect(before.history).toBeGreaterThanOrEqual(7);

    await database.migrate();
    (globalThis as Record<string, unknown>).__ledgerFigures = figures;
  }, 180_000);
  afterAll(async () => {
    await drop?.();
  });

  it('moves every row with its amount, uuid, version, cancellation and statement line; the history stays', async () => {
    const figures = (globalThis as Record<string, unknown>).__ledgerFigures as (
      table: string,
      where?: string,
    ) => Promise<Figures>;
    expect(await figures('payments', "direction = 'in'")).toEqual(before.in);
    expect(await figures('payments', "direction = 'out'")).toEqual(before.out);
    // The old names answer as views of the ledger, with the same figures.
    expect(await figures('invoice_payments')).toEqual(before.in);
    expect(await figures('carrier_payments')).toEqual(before.out);
    const { db } = database;
    const [history] = await selectRows<{ n: number; orphans: number }>(
      db,
      sql`SELECT count(*)::int AS n,
            count(*) FILTER (WHERE record_uuid NOT IN (SELECT uuid FROM payments))::int AS orphans
          FROM record_history WHERE resource IN ('invoice_payments', 'carrier_payments', 'payments')`,
    );
    // Nothing added by the move, nothing lost, every line still names a payment of the ledger.
    expect(history).toEqual({ n: before.history, orphans: 0 });
    // The counterparties: the invoice's customer, the order's carrier.
    const [parties] = await selectRows<{ customers: number; carriers: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE direction = 'in' AND customer_id IS NOT NULL)::int AS customers,
            count(*) FILTER (WHERE direction = 'out' AND carrier_id IS NOT NULL)::int AS carriers FROM payments`,
    );
    expect(parties).toEqual({ customers: 3, carriers: 2 });
    // A write through an old name lands in the ledger with that name's direction.
    await db.execute(sql`
      INSERT INTO invoice_payments (invoice_id, date, amount, currency)
      SELECT id, '2026-11-25', 100, 'pln' FROM invoices LIMIT 1`);
    const [written] = await selectRows<{ direction: string }>(
      db,
      sql`SELECT direction FROM payments ORDER BY id DESC LIMIT 1`,
    );
    expect(written?.direction).toBe('in');
  });
});
