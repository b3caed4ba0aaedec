import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbOrTx, selectRows } from '../src/db/client.ts';
import { DELETE_WRITES, onTablesWritten, TRIGGER_WRITES, UPDATE_TRIGGER_WRITES } from '../src/db/writes.ts';
import type { ListParams } from '../src/http/filters.ts';
import { forgetCounts, runList } from '../src/http/listing.ts';
import { CUSTOMER, orderOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(dbKinds)('counted totals on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let customerIri: string;
  let customerId: number;
  beforeAll(async () => {
    t = await createTestApp(kind, { LIST_COUNT_CACHE_SECONDS: '2' });
    admin = await t.login();
    customerIri = (await api('POST', '/api/customers', { ...CUSTOMER, companyName: 'Liczony Klient' })).json()['@id'];
    const [row] = await selectRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM customers WHERE company_name = 'Liczony Klient'`,
    );
    customerId = row?.id ?? 0;
  });
  afterAll(() => t.close());

  function api(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) {
    return t.app.inject({ method, url, headers: { ...bearer(admin), ...headers }, ...(payload ? { payload } : {}) });
  }
  const total = async (query: string) => (await api('GET', `/api/orders?${query}`)).json()['hydra:totalItems'];
  /**
   * An order written beside the API (a script, another instance), which this server does not hear of: straight
   * through the driver's client, past drizzle (whose statements this process watches).
   */
  const writeBeside = (number: string, customer: number | null = null) =>
    (
      t.database.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } }
    ).$client.query(`INSERT INTO orders (number, cargo, customer_id) VALUES ($1, 'Obok API', $2)`, [number, customer]);
  // A filter beyond the default views (only a status), whose total is counted and kept for a while; every order here
  // is unpaid.
  const COUNTED = 'status=wszystkie&customerPaid=false';
  const newOrder = async (cargo: string) => {
    const response = await api('POST', '/api/orders', orderOf(customerIri, { cargo }));
    expect(response.statusCode).toBe(201);
    return response.json();
  };

  it('counts a filter once while nothing is written, and anew after a write to its table through the API', async () => {
    const carrier = (
      await api('POST', '/api/carriers', { companyName: 'Liczony Przewoźnik', email: 'liczony@example.com' })
    ).json();
    expect(
      (await api('POST', '/api/orders', orderOf(customerIri, { cargo: 'Liczone', carrier: carrier['@id'] })))
        .statusCode,
    ).toBe(201);
    expect(await total(COUNTED)).toBe(1);
    expect(await total('status=wszystkie&mailSentToCarrier=true')).toBe(0);

    await writeBeside('900/01/2026');
    // The same filter again: the total counted a moment ago.
    expect(await total(COUNTED)).toBe(1);
    // An order written through the API forgets the orders' totals: the one written beside is counted too.
    await newOrder('Drugie');
    expect(await total(COUNTED)).toBe(3);
    expect(await total('status=wszystkie&mailSentToCarrier=true')).toBe(0);

    await writeBeside('901/01/2026');
    await newOrder('Jeszcze jedno');
    expect(await total(COUNTED)).toBe(5);
  });

  it('keeps the orders totals through a task write, and counts them anew after an orders write', async () => {
    const before = await total(COUNTED);
    await writeBeside('903/01/2026');
    const task = await api(
      'POST',
      '/api/tasks',
      { phone: '600100200', comment: 'Oddzwonić', contactDate: new Date().toISOString() },
      { 'idempotency-key': 'liczenie-zadanie-1' },
    );
    expect(task.statusCode).toBe(201);
    // The task changed no order: the total counted before it stands (the order written beside is not seen yet).
    expect(await total(COUNTED)).toBe(before);
    // An edit of an order (PUT with If-Match) forgets the orders' totals: both orders are counted.
    const order = await newOrder('Do edycji');
    expect(await total(COUNTED)).toBe(before + 2);
    await writeBeside('904/01/2026');
    const edited = await api(
      'PUT',
      `/api/orders/${order.uuid}`,
      { ...orderOf(customerIri, { cargo: 'Po edycji' }) },
      { 'if-match': `"${order.version}"` },
    );
    expect(edited.statusCode).toBe(200);
    expect(await total(COUNTED)).toBe(before + 3);
  });

  it('forgets the totals whose count joins a written table: a customer write recounts orders filtered by customer', async () => {
    const byCustomer = 'status=wszystkie&customer.companyName=Liczony';
    const all = await total(COUNTED);
    const mine = await total(byCustomer);
    expect(mine).toBeGreaterThan(0);
    await writeBeside('905/01/2026', customerId);
    expect(await api('POST', '/api/customers', { ...CUSTOMER, companyName: 'Inny Klient' })).toMatchObject({
      statusCode: 201,
    });
    // The count of all orders reads only orders: kept. The count filtered by the customer's name joins customers.
    expect(await total(COUNTED)).toBe(all);
    expect(await total(byCustomer)).toBe(mine + 1);
  });

  it('announces what a request wrote once, after it was answered, with everything its statements and triggers wrote', async () => {
    const heard: string[][] = [];
    onTablesWritten((tables) => heard.push([...tables]));
    const response = await api(
      'POST',
      '/api/tasks',
      { phone: '600100201', comment: 'Jedno ogłoszenie', contactDate: new Date().toISOString() },
      { 'idempotency-key': 'liczenie-zadanie-2' },
    );
    expect(response.statusCode).toBe(201);
    const mentioningTasks = heard.filter((tables) => tables.includes('tasks'));
    // One announcement for the whole request (its body read, its transaction committed), not one per statement.
    expect(mentioningTasks).toHaveLength(1);
    expect(mentioningTasks[0]).toEqual(expect.arrayContaining(['tasks', 'record_history', 'idempotency_keys']));
    expect(mentioningTasks[0]).not.toContain('orders');
  });

  it('counts again when the totals are older than LIST_COUNT_CACHE_SECONDS, for writes it did not see', async () => {
    // An orders write first: the total below is counted now (the earlier tests left orders written beside unseen).
    await newOrder('Świeżo policzone');
    const before = await total(COUNTED);
    await writeBeside('902/01/2026');
    expect(await total(COUNTED)).toBe(before);
    await sleep(2100);
    expect(await total(COUNTED)).toBe(before + 1);
  });

  it('reads the default views from the counts the triggers keep: writes beside the API, status changes, deletions', async () => {
    const client = (t.database.db as unknown as { $client: { query(text: string): Promise<unknown> } }).$client;
    const truth = async (where: string) =>
      (
        await selectRows<{ n: number }>(t.database.db, sql.raw(`SELECT count(*)::int AS n FROM orders WHERE ${where}`))
      )[0]?.n;
    const agrees = async () => {
      expect(await total('status=wszystkie')).toBe(await truth('deletion_reason = 0'));
      expect(await total('status=aktywne')).toBe(await truth(`deletion_reason = 0 AND status = 'aktywne'`));
      expect(await total('status=zakonczone')).toBe(await truth(`deletion_reason = 0 AND status = 'zakonczone'`));
      expect(await total('')).toBe(await truth('deletion_reason = 0'));
      // With the loading country as the lists ask for it (any case, repeated, empty: any country).
      expect(await total('status=aktywne&loadingCountry=pl')).toBe(
        await truth(`deletion_reason = 0 AND status = 'aktywne' AND loading_country = 'PL'`),
      );
      expect(await total('status=wszystkie&loadingCountry=PL&loadingCountry=de')).toBe(
        await truth(`deletion_reason = 0 AND loading_country IN ('PL', 'DE')`),
      );
      expect(await total('status=zakonczone&loadingCountry=')).toBe(
        await truth(`deletion_reason = 0 AND status = 'zakonczone'`),
      );
    };
    await agrees();
    const before = await total('status=aktywne');
    // Beside the API (no cache to forget): seen at once.
    await writeBeside('910/01/2026');
    await client.query(`INSERT INTO orders (number, cargo) SELECT '911/' || g, 'Hurtem' FROM generate_series(1, 30) g`);
    expect(await total('status=aktywne')).toBe(before + 31);
    await client.query(`UPDATE orders SET status = 'zakonczone' WHERE cargo = 'Hurtem' AND number LIKE '911/1%'`);
    await client.query(`UPDATE orders SET loading_country = 'PL' WHERE cargo = 'Hurtem' AND number LIKE '911/2%'`);
    await client.query(`UPDATE orders SET loading_country = 'DE' WHERE cargo = 'Hurtem' AND number LIKE '911/1%'`);
    await client.query(`UPDATE orders SET cargo = 'Hurtem bez zmiany statusu' WHERE cargo = 'Hurtem'`);
    await agrees();
    await client.query(`UPDATE orders SET loading_country = 'CZ' WHERE number = '911/20'`);
    await client.query(`UPDATE orders SET deletion_reason = 1 WHERE number = '911/2'`);
    await client.query(`DELETE FROM orders WHERE number = '911/3'`);
    await agrees();
    // A soft delete and a status change through the API.
    const order = await newOrder('Do usunięcia');
    expect(await total('status=aktywne')).toBe(await truth(`deletion_reason = 0 AND status = 'aktywne'`));
    await client.query(`UPDATE orders SET deletion_reason = 2 WHERE uuid = '${order.uuid}'`);
    await agrees();
    // Enough changes for a reader to fold them into one row per status: the totals stay.
    for (let i = 0; i < 220; i++)
      await client.query(
        `UPDATE orders SET status = CASE status WHEN 'aktywne' THEN 'zakonczone' ELSE 'aktywne' END WHERE number = '911/4'`,
      );
    await agrees();
    // Folded: one row per status and country there is.
    const [rows] = await selectRows<{ n: number; groups: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM status_counts WHERE table_name = 'orders') AS n,
                 (SELECT count(DISTINCT (status, loading_country))::int FROM orders WHERE deletion_reason = 0) AS groups`,
    );
    expect(rows?.n).toBe(rows?.groups);
    await agrees();
    // A TRUNCATE (a test's reset, a restore script) leaves no counts behind.
    await client.query('TRUNCATE orders CASCADE');
    await agrees();
    await writeBeside('912/01/2026');
    expect(await total('status=aktywne')).toBe(1);
  });

  it('reads the unfiltered totals of customers, carriers, tasks and offers from kept counts, right after any write', async () => {
    const client = (t.database.db as unknown as { $client: { query(text: string): Promise<unknown> } }).$client;
    const count = async (query: string) =>
      (await selectRows<{ n: number }>(t.database.db, sql.raw(`SELECT count(*)::int AS n FROM ${query}`)))[0]?.n ?? 0;
    const listed = async (path: string) => (await api('GET', path)).json()['hydra:totalItems'];
    const agrees = async () => {
      expect(await listed('/api/customers')).toBe(await count('customers'));
      expect(await listed('/api/carriers')).toBe(await count('carriers'));
      expect(await listed('/api/tasks')).toBe(await count('tasks WHERE deletion_reason = 0'));
      expect(await listed('/api/tasks?status=wszystkie')).toBe(await count('tasks WHERE deletion_reason = 0'));
      expect(await listed('/api/tasks?status=niewykonane')).toBe(
        await count(`tasks WHERE deletion_reason = 0 AND status = 'niewykonane'`),
      );
      expect(await listed('/api/offers')).toBe(await count('offers WHERE active'));
    };
    await agrees();
    // Beside the API (no cache would forget its totals): inserts, edits that move a task or an offer, deletions.
    await client.query(`INSERT INTO customers (company_name) SELECT 'Obok ' || g FROM generate_series(1, 3) g`);
    await client.query(`INSERT INTO carriers (company_name) VALUES ('Obok przewoźnik')`);
    await client.query(
      `INSERT INTO tasks (contact_date, status) SELECT now(), s FROM unnest(ARRAY['niewykonane', 'wykonane', 'niewykonane']) s`,
    );
    await client.query(`INSERT INTO queries (cargo) VALUES ('Obok oferty')`);
    await client.query(
      `INSERT INTO offers (query_id, price, active)
       SELECT (SELECT max(id) FROM queries), 1000 * g, g % 2 = 0 FROM generate_series(1, 4) g`,
    );
    await agrees();
    await client.query(
      `UPDATE tasks SET status = 'wykonane' WHERE status = 'niewykonane' AND id = (SELECT max(id) FROM tasks)`,
    );
    await client.query(
      `UPDATE tasks SET deletion_reason = 1 WHERE id = (SELECT min(id) FROM tasks WHERE deletion_reason = 0)`,
    );
    await client.query(`UPDATE offers SET active = NOT active WHERE price IN (1000, 2000)`);
    await client.query(`DELETE FROM customers WHERE company_name = 'Obok 2'`);
    await client.query(`DELETE FROM offers WHERE price = 4000`);
    await agrees();
    // The totals are the kept ones, not a count: a change row the triggers did not write moves them.
    await client.query(`INSERT INTO status_counts (table_name, status, n) VALUES ('customers', 'wszystkie', 1000)`);
    expect(await listed('/api/customers')).toBe((await count('customers')) + 1000);
    // A filter is counted as before.
    expect(await listed('/api/customers?companyName=Obok')).toBe(
      await count(`customers WHERE company_name ILIKE '%Obok%'`),
    );
    await client.query(`INSERT INTO status_counts (table_name, status, n) VALUES ('customers', 'wszystkie', -1000)`);
    await agrees();
  });

  it("knows every table the database's triggers and foreign keys write when a table is written", async () => {
    // The triggers' functions and the functions they call, and what they write.
    const functions = await selectRows<{ name: string; source: string }>(
      t.database.db,
      sql`SELECT p.proname AS name, p.prosrc AS source FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = 'public'`,
    );
    const sourceOf = new Map(functions.map((f) => [f.name, f.source]));
    const writesOf = (name: string, seen = new Set<string>()): string[] => {
      if (seen.has(name)) return [];
      seen.add(name);
      const source = sourceOf.get(name) ?? '';
      const direct = [...source.matchAll(/\b(?:insert\s+into|(?<!\b(?:do|for)\s+)update|delete\s+from)\s+(\w+)/gi)];
      const called = [...source.matchAll(/\b(\w+)\s*\(/g)].map((m) => m[1] as string).filter((f) => sourceOf.has(f));
      return [...direct.map((m) => (m[1] as string).toLowerCase()), ...called.flatMap((f) => writesOf(f, seen))];
    };
    // tgtype: INSERT 4, DELETE 8, UPDATE 16, TRUNCATE 32.
    const triggers = await selectRows<{ table: string; fn: string; other: boolean }>(
      t.database.db,
      sql`SELECT c.relname AS table, p.proname AS fn, (g.tgtype & 44) <> 0 AS other FROM pg_trigger g
          JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_proc p ON p.oid = g.tgfoid WHERE NOT g.tgisinternal`,
    );
    const fromTriggers: Record<string, string[]> = {};
    for (const { table, fn } of triggers) fromTriggers[table] = [...(fromTriggers[table] ?? []), ...writesOf(fn)];
    // What only triggers of UPDATE write (a rename's kept names).
    const onOther: Record<string, string[]> = {};
    for (const { table, fn, other } of triggers) {
      if (other) onOther[table] = [...(onOther[table] ?? []), ...writesOf(fn)];
    }
    const updateOnly = Object.fromEntries(
      Object.entries(fromTriggers).map(([table, written]) => [
        table,
        written.filter((w) => !(onOther[table] ?? []).includes(w)),
      ]),
    );
    const asSorted = (map: Record<string, Iterable<string>>) =>
      Object.fromEntries(
        Object.entries(map)
          .filter(([, v]) => [...v].length > 0)
          .map(([k, v]) => [k, [...new Set(v)].sort()])
          .sort(),
      );
    expect(asSorted(TRIGGER_WRITES)).toEqual(asSorted(fromTriggers));
    expect(asSorted(UPDATE_TRIGGER_WRITES)).toEqual(asSorted(updateOnly));

    const keys = await selectRows<{ referencing: string; referenced: string; action: string }>(
      t.database.db,
      sql`SELECT a.relname AS referencing, b.relname AS referenced, c.confdeltype AS action FROM pg_constraint c
          JOIN pg_class a ON a.oid = c.conrelid JOIN pg_class b ON b.oid = c.confrelid
          WHERE c.contype = 'f' AND c.confdeltype IN ('c', 'n', 'd')`,
    );
    // No foreign key changes the referencing rows when a key is updated: only deletions spread.
    const onUpdate = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND confupdtype IN ('c', 'n', 'd')`,
    );
    expect(onUpdate[0]?.n).toBe(0);
    const fromKeys: Record<string, string[]> = {};
    for (const k of keys) {
      const effect = `${k.referencing}:${k.action === 'c' ? 'delete' : 'update'}`;
      fromKeys[k.referenced] = [...(fromKeys[k.referenced] ?? []), effect];
    }
    const declared = Object.fromEntries(
      Object.entries(DELETE_WRITES).map(([table, effects]) => [table, effects.map((e) => `${e.table}:${e.kind}`)]),
    );
    expect(asSorted(declared)).toEqual(asSorted(fromKeys));
  });
});

describe('a recount shared', () => {
  it('runs one count for the requests that ask for the same total after the same writes, and a new one after a write', async () => {
    let counts = 0;
    const countStatement = {
      toSQL: () => ({ sql: 'select count(*) from "shared_recount_table"', params: [] }),
      // biome-ignore lint/suspicious/noThenProperty: a stand-in for drizzle's thenable statement
      then(resolve: (rows: { n: number }[]) => void) {
        counts++;
        setTimeout(() => resolve([{ n: 42 }]), 30);
      },
    } as unknown as PgSelect;
    const page = Promise.resolve([]) as unknown as PgSelect;
    const params = { paginated: true, partial: false } as ListParams;
    const db = {} as DbOrTx;
    const list = () => runList({ db, page, total: countStatement }, params);

    const totals = await Promise.all([list(), list(), list()]);
    expect(totals.map((r) => r.total)).toEqual([42, 42, 42]);
    expect(counts).toBe(1);
    forgetCounts(['shared_recount_table']);
    await Promise.all([list(), list()]);
    expect(counts).toBe(2);
  });
});
