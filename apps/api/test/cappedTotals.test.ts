import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 35: a filtered list's total is counted up to 10,000 rows (http/listing.ts COUNT_CAP), a text filter's up to
 * 1,000 (SCATTERED_COUNT_CAP); beyond, the answer says its total is a lower bound and the screen reads 'ponad 10 000'
 * or 'ponad 1 000'. Below the cap the total is exact.
 */
describe('totals counted up to a cap', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = await t.login();
    await t.database.db.execute(sql`
      INSERT INTO users (login, name, password_hash, email)
      SELECT 'kierowca' || g, 'Kierowca ' || g, 'x', 'kierowca' || g || '@example.pl' FROM generate_series(1, 10050) g`);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users?${query}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      'hydra:totalItems': number;
      totalItemsCapped?: boolean;
      'hydra:member': unknown[];
      'hydra:view'?: { 'hydra:last'?: string };
    };
  };

  it('says "more than 10,000" for a filter that matches more, and pages on', async () => {
    const body = await list('createdDate[after]=2000-01-01&itemsPerPage=30');
    expect(body['hydra:totalItems']).toBe(10_001);
    expect(body.totalItemsCapped).toBe(true);
    expect(body['hydra:member']).toHaveLength(30);
    // Past the counted 10,001: the rows are still there (10,051 match: page 335 holds 30 of them).
    const far = await list('createdDate[after]=2000-01-01&itemsPerPage=30&page=335');
    expect(far['hydra:member']).toHaveLength(30);
  });

  it('says "more than 1,000" for a text filter that matches more, and pages on', async () => {
    const body = await list('name=Kierowca&itemsPerPage=30');
    expect(body['hydra:totalItems']).toBe(1_001);
    expect(body.totalItemsCapped).toBe(true);
    expect(body['hydra:member']).toHaveLength(30);
    const far = await list('name=Kierowca&itemsPerPage=30&page=335');
    expect(far['hydra:member']).toHaveLength(30);
  });

  it('counts exactly below the cap', async () => {
    const body = await list('name=Kierowca 100&itemsPerPage=30');
    // 100, 1000–1009, 10000–10050 minus those above 10050: 1 + 11 (1000..1009 and 100 itself counted once) …
    const expected = [...Array(10050).keys()]
      .map((i) => `Kierowca ${i + 1}`)
      .filter((n) => n.includes('Kierowca 100')).length;
    expect(body['hydra:totalItems']).toBe(expected);
    expect(body.totalItemsCapped).toBeUndefined();
  });
});
