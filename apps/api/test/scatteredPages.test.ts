import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { SCATTERED_COUNT_CAP, SCATTERED_WALK_ROWS } from '../src/http/listing.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

/**
 * Issue 35: a page filtered by a text inside a column (a scattered condition) is read a bounded way
 * (http/listing.ts `scatteredPageIds`): the first rows of the list's order searched first, then, when they do not hold
 * the page, the matches found on their own and sorted. Either way the page is the one the plain statement gives: here
 * against 6,000 users whose names hold the text near the start of the order (found by the walk), only near its end
 * (past the walk: the matches sorted), nowhere, and on pages past the walk.
 */
describe.each(dbKinds)('pages of a scattered filter on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    // Names in the order 'A…' to 'Z…': 'mazur' only among the last 300 of the name order, 'nowak' spread over all.
    await t.database.db.execute(sql`
      INSERT INTO users (login, name, password_hash, email)
      SELECT 'u' || g, chr(65 + (g * 26 / 6001)) || ' ' || CASE WHEN g > 5700 THEN 'Mazur ' WHEN g % 7 = 0 THEN 'Nowak ' ELSE 'Lis ' END || g,
             'x', 'u' || g || '@example.pl'
      FROM generate_series(1, 6000) g`);
    await t.database.db.execute(sql`ANALYZE users`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users?${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = res.json() as { 'hydra:member': { login: string }[]; 'hydra:totalItems': number };
    return { logins: body['hydra:member'].map((u) => u.login), total: body['hydra:totalItems'] };
  };
  /** The plain statement's answer: every match sorted as the list sorts (name, then id), one page of it. */
  const expected = async (text: string, order: 'asc' | 'desc', perPage: number, pageNo: number) =>
    (
      await selectRows<{ login: string }>(
        t.database.db,
        sql`SELECT login FROM users WHERE name ILIKE ${`%${text}%`}
            ORDER BY name ${sql.raw(order)}, id ${sql.raw(order)} LIMIT ${perPage} OFFSET ${(pageNo - 1) * perPage}`,
      )
    ).map((r) => r.login);

  it('has more rows than the walk reads, so that both ways are taken', async () => {
    const [n] = await selectRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users`);
    expect(n?.n).toBeGreaterThan(SCATTERED_WALK_ROWS * 2);
  });

  it('gives the plain statement’s pages, whether the walk finds them or the matches are sorted', async () => {
    for (const text of ['nowak', 'mazur', 'lis 59', 'kowalczyk']) {
      for (const order of ['asc', 'desc'] as const) {
        for (const [perPage, pageNo] of [
          [30, 1],
          [30, 3],
          [15, 40],
        ] as const) {
          const got = await page(
            `name=${encodeURIComponent(text)}&order[name]=${order}&itemsPerPage=${perPage}&page=${pageNo}`,
          );
          expect(got.logins, `${text} ${order} page ${pageNo}`).toEqual(await expected(text, order, perPage, pageNo));
        }
      }
    }
  });

  it('counts the total in bounded steps: exact below the cap, "more than" above it', async () => {
    const count = async (text: string) => {
      const [row] = await selectRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM users WHERE name ILIKE ${`%${text}%`}`,
      );
      return row?.n ?? 0;
    };
    // Spread and below the cap (the second walk, then the matches on their own), clustered at the end, none.
    for (const text of ['nowak', 'mazur', 'kowalczyk', 'nowak 7']) {
      const got = await page(`name=${encodeURIComponent(text)}&itemsPerPage=30`);
      expect(got.total, text).toBe(await count(text));
    }
    // Around the cap, at densities that take each step (the first walk, a second one sized by the first's density,
    // the matches on their own): exact below it, one past it above.
    for (const text of [' 1', ' 3', ' 59', '9', '00', 'r 1']) {
      const got = await page(`name=${encodeURIComponent(text)}&itemsPerPage=30`);
      expect(got.total, `'${text}'`).toBe(Math.min(await count(text), SCATTERED_COUNT_CAP + 1));
    }
    // More than the cap within the first walk.
    expect(await count('lis')).toBeGreaterThan(SCATTERED_COUNT_CAP);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users?name=lis&itemsPerPage=30',
      headers: bearer(token),
    });
    const body = res.json() as { 'hydra:totalItems': number; totalItemsCapped?: boolean };
    expect(body['hydra:totalItems']).toBe(SCATTERED_COUNT_CAP + 1);
    expect(body.totalItemsCapped).toBe(true);
  });

  it('keeps the list’s other conditions on both ways', async () => {
    // A text and a date: the walk reads the order with the date's condition, the matches are found with both.
    const got = await page('name=mazur&createdDate[after]=2000-01-01&itemsPerPage=30&page=2');
    expect(got.logins).toEqual(await expected('mazur', 'asc', 30, 2));
    expect(got.total).toBe(300);
  });
});
