import { describe, expect, it } from 'vitest';
import { type PlanNode, planProblems, tableSizes } from '../bench/plans.ts';
import { freshDatabase } from './helpers.ts';

/** Issue 35: the bench fails a page whose plan reads or sorts a whole table of more than 10,000 rows. */
describe("the plans' check", () => {
  it('names a Seq Scan and a Sort over a whole big table, and passes the same page read through an index', async () => {
    const database = await freshDatabase('pglite');
    const client = (database.db as unknown as { $client: { query: (t: string) => Promise<{ rows: unknown[] }> } })
      .$client;
    try {
      await client.query('CREATE TABLE bench_wide (id serial PRIMARY KEY, v int NOT NULL, w int NOT NULL)');
      await client.query('INSERT INTO bench_wide (v, w) SELECT g % 977, g FROM generate_series(1, 20000) g');
      await client.query('CREATE TABLE bench_small (id serial PRIMARY KEY, v int NOT NULL)');
      await client.query('INSERT INTO bench_small (v) SELECT g FROM generate_series(1, 500) g');
      await client.query('ANALYZE bench_wide');
      await client.query('ANALYZE bench_small');
      const sizes = await tableSizes((text) => client.query(text));
      expect(sizes.get('bench_wide')).toBe(20000);
      const plan = async (query: string) =>
        ((await client.query(`EXPLAIN (FORMAT JSON) ${query}`)).rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })[
          'QUERY PLAN'
        ][0]?.Plan as PlanNode;

      const unindexed = planProblems(await plan('SELECT * FROM bench_wide ORDER BY v LIMIT 30'), sizes);
      expect(unindexed.join('\n')).toContain('Seq Scan on bench_wide (20,000 rows)');
      expect(unindexed.join('\n')).toMatch(/Sort of 20,000 rows by v/);
      // A small table may be read whole.
      expect(planProblems(await plan('SELECT * FROM bench_small ORDER BY v LIMIT 30'), sizes)).toEqual([]);

      await client.query('CREATE INDEX bench_wide_v ON bench_wide (v, id)');
      await client.query('ANALYZE bench_wide');
      expect(planProblems(await plan('SELECT * FROM bench_wide ORDER BY v, id LIMIT 30'), sizes)).toEqual([]);
      expect(planProblems(await plan('SELECT * FROM bench_wide WHERE v = 5 ORDER BY id LIMIT 30'), sizes)).toEqual([]);
      // A filter the index does not serve, sorted by another column: every matching row sorted.
      expect(
        planProblems(await plan('SELECT * FROM bench_wide WHERE w > 10 ORDER BY w - v LIMIT 30'), sizes),
      ).not.toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('reads the plan tree: nested nodes, sorts of few rows, incremental sorts', () => {
    const sizes = new Map([
      ['orders', 1_000_000],
      ['users', 40],
    ]);
    const nested: PlanNode = {
      'Node Type': 'Limit',
      Plans: [
        {
          'Node Type': 'Nested Loop',
          Plans: [
            { 'Node Type': 'Index Scan', 'Relation Name': 'orders', 'Plan Rows': 30 },
            { 'Node Type': 'Seq Scan', 'Relation Name': 'users', 'Plan Rows': 40 },
          ],
        },
      ],
    };
    expect(planProblems(nested, sizes)).toEqual([]);
    const hashed: PlanNode = {
      'Node Type': 'Limit',
      Plans: [
        {
          'Node Type': 'Hash Join',
          Plans: [{ 'Node Type': 'Seq Scan', 'Relation Name': 'orders', 'Plan Rows': 1_000_000 }],
        },
      ],
    };
    expect(planProblems(hashed, sizes)).toEqual(['Seq Scan on orders (1,000,000 rows)']);
    const fewSorted: PlanNode = { 'Node Type': 'Sort', 'Plan Rows': 200, 'Sort Key': ['x'] };
    expect(planProblems(fewSorted, sizes)).toEqual([]);
    expect(planProblems({ 'Node Type': 'Incremental Sort', 'Plan Rows': 1_000_000 }, sizes)).toEqual([]);
  });
});
