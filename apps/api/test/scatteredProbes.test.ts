import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { invoices, offers, orders, tasks } from '../src/db/schema/index.ts';
import { type FilterSpec, parseListQuery } from '../src/http/filters.ts';
import { invoiceFilters } from '../src/modules/invoices/filters.ts';
import { offerFilters } from '../src/modules/offers/repository.ts';
import { orderFilters } from '../src/modules/orders/filters.ts';
import { paymentFilters } from '../src/modules/payments/filters.ts';
import { taskFilters } from '../src/modules/tasks/repository.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';

/**
 * Issue 35: a scattered condition that reads another table (a joined record's text, the cockpit's search, the carrier's
 * link state) has a second form for the bounded walk, asked one row at a time (http/filters.ts `probes`). Both forms
 * must pick the same rows, or the walk's pages would differ from the matches sorted: checked here row by row over the
 * demo data, for every such filter, with fragments that match some rows and not all.
 */
describe.each(dbKinds)('the per-row forms of scattered conditions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemo(t.database.db, { scale: 200, bulk: kind === 'postgres', log: null });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A fragment of a column's middle value, which some rows contain and others not. */
  const fragmentOf = async (query: SQL) => {
    const [row] = await selectRows<{ v: string | null }>(t.database.db, query);
    const value = (row?.v ?? '').trim();
    expect(value.length, 'a value to take a fragment of').toBeGreaterThan(3);
    return value.slice(0, 4).toLowerCase();
  };

  async function compare(table: PgTable, spec: FilterSpec, query: Record<string, unknown>) {
    const params = parseListQuery(query, spec);
    expect(params.scatteredWhere, JSON.stringify(query)).toBeDefined();
    expect(params.scatteredProbe, JSON.stringify(query)).toBeDefined();
    const [row] = await selectRows<{ matched: number; rows: number; differ: number }>(
      t.database.db,
      sql`SELECT count(*) FILTER (WHERE coalesce(${params.scatteredWhere}, false))::int AS matched, count(*)::int AS rows,
            count(*) FILTER (WHERE coalesce(${params.scatteredWhere}, false) <> coalesce(${params.scatteredProbe}, false))::int AS differ
          FROM ${table}`,
    );
    return row as { matched: number; rows: number; differ: number };
  }

  it('picks the same orders for the joined parties, the owner and the carrier’s link', async () => {
    const company = await fragmentOf(sql`SELECT company_name AS v FROM customers ORDER BY id OFFSET 7 LIMIT 1`);
    const carrier = await fragmentOf(sql`SELECT company_name AS v FROM carriers ORDER BY id OFFSET 5 LIMIT 1`);
    const owner = await fragmentOf(sql`SELECT name AS v FROM users ORDER BY id LIMIT 1`);
    const cases: Record<string, string>[] = [
      { 'customer.companyName': company },
      { 'carrier.companyName': carrier },
      { customer: company },
      { carrier },
      { 'user.name': owner },
      { 'customer.nip': '1' },
      { portal: 'nieprzyjete' },
      { portal: 'brakCmr' },
      { portal: 'nieprzyjete,brakCmr' },
    ];
    let someMatched = false;
    for (const query of cases) {
      const got = await compare(orders, orderFilters, query);
      expect(got.differ, JSON.stringify(query)).toBe(0);
      if (got.matched > 0 && got.matched < got.rows) someMatched = true;
    }
    expect(someMatched).toBe(true);
  });

  it('picks the same orders for the cockpit’s search and party on both sides', async () => {
    const company = await fragmentOf(sql`SELECT company_name AS v FROM customers ORDER BY id OFFSET 3 LIMIT 1`);
    const carrier = await fragmentOf(sql`SELECT company_name AS v FROM carriers ORDER BY id OFFSET 2 LIMIT 1`);
    for (const side of ['customer', 'carrier'] as const) {
      const fragment = side === 'customer' ? company : carrier;
      for (const query of [{ search: fragment }, { search: '1/' }, { 'party.companyName': fragment }]) {
        const got = await compare(orders, paymentFilters(side), query);
        expect(got.differ, `${side} ${JSON.stringify(query)}`).toBe(0);
        expect(got.matched, `${side} ${JSON.stringify(query)} matches`).toBeGreaterThan(0);
        expect(got.matched).toBeLessThan(got.rows);
      }
    }
  });

  it('picks the same rows of the invoices, the tasks and the offers by their joined records', async () => {
    const owner = await fragmentOf(sql`SELECT name AS v FROM users ORDER BY id LIMIT 1`);
    const uuids = async (query: SQL) => (await selectRows<{ uuid: string }>(t.database.db, query)).map((r) => r.uuid);
    const twoOrders = await uuids(
      sql`SELECT o.uuid FROM orders o JOIN invoices i ON i.order_id = o.id ORDER BY o.id LIMIT 2`,
    );
    const twoCarriers = await uuids(
      sql`SELECT c.uuid FROM carriers c JOIN offers f ON f.carrier_id = c.id GROUP BY c.id ORDER BY c.id LIMIT 2`,
    );
    expect(twoOrders).toHaveLength(2);
    expect(twoCarriers).toHaveLength(2);
    const lists: [PgTable, FilterSpec, Record<string, unknown>][] = [
      [invoices, invoiceFilters, { 'orderEntity.uuid': twoOrders }],
      [tasks, taskFilters, { 'user.name': owner }],
      [offers, offerFilters, { 'carrier.uuid': twoCarriers }],
    ];
    for (const [table, spec, query] of lists) {
      const got = await compare(table, spec, query);
      expect(got.differ, JSON.stringify(query)).toBe(0);
      expect(got.matched, JSON.stringify(query)).toBeGreaterThan(0);
    }
  });
});
