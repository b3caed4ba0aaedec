import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, tapStatements } from '../src/db/client.ts';
import { SCATTERED_COUNT_CAP, setScatteredEstimateMinRows } from '../src/http/listing.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

/**
 * Issue 35: a scattered filter's total (a text inside a column) whose matches the first rows of the list's order do not
 * hold is not counted one by one when a random sample of the table's blocks says they are surely more than the cap
 * (http/listing.ts `sampledBeyondCap`): the list says 'ponad 1 000' as it would after counting. Matches that a sample
 * cannot vouch for — few, or all at one end of the table — are counted. Here 8,000 users in name order: 3,000 'A Lis …'
 * first, then 5,000 'B Wrona …' (past the walk, most of the table), and 100 'C Nowy …' at the end.
 */
describe.each(dbKinds)('a scattered total estimated from a sample on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    await t.database.db.execute(sql`
      INSERT INTO users (login, name, password_hash, email)
      SELECT 'e' || g, CASE WHEN g <= 3000 THEN 'A Lis ' WHEN g <= 7900 THEN 'B Wrona ' ELSE 'C Nowy ' END || g, 'x',
             'e' || g || '@example.pl'
      FROM generate_series(1, 8000) g`);
    await t.database.db.execute(sql`ANALYZE users`);
    // The tests' tables are small: the sample is allowed from 1,000 rows (100,000 in the app).
    setScatteredEstimateMinRows(1_000);
  }, 120_000);
  afterAll(async () => {
    setScatteredEstimateMinRows(100_000);
    await t?.close();
  });

  /** The list's total, and whether the matches were read on their own (the count the sample spares). */
  const total = async (name: string) => {
    const statements: string[] = [];
    tapStatements((text) => statements.push(text));
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users?name=${encodeURIComponent(name)}&itemsPerPage=30`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { 'hydra:totalItems': number; totalItemsCapped?: boolean };
      return {
        total: body['hydra:totalItems'],
        capped: body.totalItemsCapped === true,
        sampled: statements.some((s) => /TABLESAMPLE SYSTEM/.test(s)),
        counted: statements.some((s) => /OFFSET 0\) AS "users" LIMIT/.test(s)),
      };
    } finally {
      tapStatements(undefined);
    }
  };
  const count = async (text: string) =>
    (
      await selectRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM users WHERE name ILIKE ${`%${text}%`}`,
      )
    )[0]?.n ?? 0;

  it('says "more than the cap" without counting matches a sample finds in most of the table', async () => {
    expect(await count('wrona')).toBeGreaterThan(3 * SCATTERED_COUNT_CAP);
    const got = await total('wrona');
    expect(got).toEqual({ total: SCATTERED_COUNT_CAP + 1, capped: true, sampled: true, counted: false });
  });

  it('counts matches the sample cannot vouch for: few, or all at the end of the table', async () => {
    const got = await total('nowy');
    expect(got.sampled).toBe(true);
    expect(got.counted).toBe(true);
    expect(got.total).toBe(await count('nowy'));
    expect(got.total).toBe(100);
    // One user of the many: the sample finds none of it.
    const one = await total('wrona 4321');
    expect(one.total).toBe(1);
  });
});
