import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, tapStatements } from '../src/db/client.ts';
import { FEW_RECORDS } from '../src/http/filters.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

/**
 * Issue 35: a filter on a joined record whose records are few (a NIP's fragment) is answered from its matches on their
 * own, without the bounded walk of the list's first rows, which would find none of them there; one whose records are
 * many (a common fragment of names) still walks. The answers are the plain statement's either way.
 */
describe.each(dbKinds)('a joined filter whose records are few, on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    // 3,000 customers: 2,000 'Dense' companies, three with NIPs that share '99900', the rest plain.
    await t.database.db.execute(sql`
      INSERT INTO customers (company_name, nip)
      SELECT CASE WHEN g <= 2000 THEN 'Dense Trans ' || g ELSE 'Firma ' || g END,
             CASE WHEN g IN (2500, 2700, 2900) THEN '99900' || lpad(g::text, 5, '0') ELSE '52600' || lpad(g::text, 5, '0') END
      FROM generate_series(1, 3000) g`);
    // 6,000 orders spread over the customers, the few customers' ones among the oldest.
    for (let from = 1; from <= 6000; from += 1000) {
      await t.database.db.execute(sql`
        INSERT INTO orders (number, status, customer_id)
        SELECT g || '/01/2026', 'aktywne', (SELECT id FROM customers ORDER BY id OFFSET (g * 7) % 3000 LIMIT 1)
        FROM generate_series(${from}::int, ${from + 999}::int) g`);
    }
    await t.database.db.execute(sql`ANALYZE customers`);
    await t.database.db.execute(sql`ANALYZE orders`);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  async function listed(query: string) {
    const statements: string[] = [];
    tapStatements((text) => statements.push(text));
    try {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: bearer(token) });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const body = res.json() as { 'hydra:member': { number: string }[]; 'hydra:totalItems': number };
      return { numbers: body['hydra:member'].map((o) => o.number), total: body['hydra:totalItems'], statements };
    } finally {
      tapStatements(undefined);
    }
  }

  const walked = (statements: string[]) => statements.some((s) => /LIMIT \$\d+ OFFSET \$\d+\)\s*AS "orders"/i.test(s));
  const askedFew = (statements: string[]) => statements.some((s) => /\bAS few\b/.test(s));

  it('finds a NIP fragment that few customers hold from its matches, without walking the list', async () => {
    const got = await listed('customer.nip=99900&itemsPerPage=30');
    const expected = await selectRows<{ number: string }>(
      t.database.db,
      sql`SELECT o.number FROM orders o JOIN customers c ON c.id = o.customer_id
          WHERE c.nip LIKE '%99900%' AND o.deletion_reason = 0 ORDER BY o.id DESC LIMIT 30`,
    );
    const [count] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.nip LIKE '%99900%'`,
    );
    expect(count?.n).toBeGreaterThan(0);
    expect(got.numbers).toEqual(expected.map((r) => r.number));
    expect(got.total).toBe(count?.n);
    expect(askedFew(got.statements)).toBe(true);
    expect(walked(got.statements)).toBe(false);
  });

  it('walks the list for a fragment that many customers hold, without asking whether they are few', async () => {
    const [dense] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM customers WHERE company_name ILIKE '%dense%'`,
    );
    expect(dense?.n).toBeGreaterThan(FEW_RECORDS);
    const got = await listed('customer.companyName=dense&itemsPerPage=30');
    const expected = await selectRows<{ number: string }>(
      t.database.db,
      sql`SELECT o.number FROM orders o JOIN customers c ON c.id = o.customer_id
          WHERE c.company_name ILIKE '%dense%' AND o.deletion_reason = 0 ORDER BY o.id DESC LIMIT 30`,
    );
    expect(got.numbers).toEqual(expected.map((r) => r.number));
    expect(walked(got.statements)).toBe(true);
    expect(askedFew(got.statements)).toBe(false);
  });
});
