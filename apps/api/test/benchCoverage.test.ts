import swagger from '@fastify/swagger';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casesOf, type Discovery, discoverLists, type ListCase, NOT_PROBED } from '../bench/lists.ts';
import { parseListQuery, sortKey } from '../src/http/filters.ts';
import { collection } from '../src/http/hydra.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 35: `npm run bench` measures every list of the API without anyone listing it. The lists are found by calling
 * every GET operation of the OpenAPI document (bench/lists.ts); this fails, naming the route, when a list cannot be
 * measured, or when an operation cannot be called to see whether it is one.
 */
describe('the bench measures every list', () => {
  let t: TestApp;
  let found: Discovery;
  const cases: ListCase[] = [];
  const missing: string[] = [];
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await seedDemo(t.database.db, { scale: 15 });
    // The carrier's page opens for 30 days after the unloading: a small seed's live orders unloaded months ago.
    await t.database.db.execute(sql`
      UPDATE orders SET unloading_date = now() + interval '2 days'
      WHERE id = (SELECT min(id) FROM orders WHERE status = 'aktywne' AND carrier_id IS NOT NULL)`);
    found = await discoverLists(t.app, t.database.db, t.config, await t.login());
    for (const list of found.lists) {
      const made = await casesOf(t.database.db, list);
      cases.push(...made.cases);
      missing.push(...made.missing.map((m) => `${list.route}: ${m}`));
    }
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('calls every GET operation: each answers, or is exempted with its reason', () => {
    expect(found.unanswered.map((u) => `${u.route} answered ${u.status}: ${u.body}`)).toEqual([]);
    for (const reason of Object.values(NOT_PROBED)) expect(reason.length).toBeGreaterThan(10);
  });

  it('finds the lists of staff and public callers, each with its cases', () => {
    const routes = new Set(found.lists.map((l) => l.route));
    for (const known of [
      '/api/orders',
      '/api/queries',
      '/api/customers',
      '/api/carriers',
      '/api/tasks',
      '/api/task_contact_tries',
      '/api/invoices',
      '/api/payments',
      '/api/receivables/balances',
      '/api/offers',
      '/api/users',
      '/api/public/queries',
      '/api/public/portal/{token}',
      '/api/bank_statements/{id}',
      '/api/orders/{id}/history',
      // Issue 37: the customer's tracking page and the panel's lists (read with a customer's login).
      '/api/public/track/{token}',
      '/api/panel/orders',
      '/api/panel/queries',
      '/api/panel/invoices',
    ]) {
      expect(routes, known).toContain(known);
    }
    for (const list of found.lists) {
      expect(cases.some((c) => c.route.startsWith(list.route) && c.name === 'default')).toBe(true);
    }
  });

  it('makes a case of every sortable column both ways, every filter and the search', () => {
    expect(missing).toEqual([]);
    const orders = cases.filter((c) => c.route === '/api/orders').map((c) => c.name);
    expect(orders).toContain('order[loadingDate]=asc');
    expect(orders).toContain('order[loadingDate]=desc');
    expect(orders).toContain('order[customer.companyName]=desc');
    expect(orders.some((n) => /^loadingCountry=[A-Z]{2}$/.test(n))).toBe(true);
    expect(orders.some((n) => n.startsWith('customerPrice=') || n.startsWith('customerPrice[gte]='))).toBe(true);
    const customers = cases.filter((c) => c.route === '/api/customers').map((c) => c.name);
    expect(customers).toContain('search=kow');
    expect(customers).toContain('debtor=true');
    expect(cases.filter((c) => c.route === '/api/payments?side=carrier').length).toBeGreaterThan(3);
    // Each case answers 200 (a value the list refuses would measure an error page).
    expect(cases.length).toBeGreaterThan(300);
  });

  it('every case answers 200', async () => {
    const token = await t.login();
    const refused: string[] = [];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url: c.url,
        headers: c.public ? {} : { authorization: `Bearer ${c.token ?? token}` },
      });
      if (res.statusCode !== 200) refused.push(`${c.route} · ${c.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(refused).toEqual([]);
  }, 300_000);
});

describe('a list added later', () => {
  it('is found with its sorts and filters, and a filter with no value to try is named', async () => {
    const t = await createTestApp('pglite');
    const app = Fastify();
    await app.register(swagger, { openapi: { info: { title: 'x', version: '1' } } });
    const widgets = {
      fields: {
        name: { column: sql`'x'`, type: 'string' as const, search: 'partial' as const, order: true },
      },
      custom: { colour: () => undefined },
      defaultOrder: [sortKey(sql`1`)],
      tiebreaker: sql`1`,
      itemsPerPage: 10,
    };
    app.get('/api/widgets', async (request) => {
      const params = parseListQuery(request.query as Record<string, string>, widgets);
      return collection(request.url, [], 0, params);
    });
    app.get('/api/widgets/:id', async () => ({ name: 'one' }));
    app.get('/api/docs/json', async () => app.swagger());
    await app.ready();
    try {
      const found = await discoverLists(app, t.database.db, t.config, 'no-token-needed');
      expect(found.lists.map((l) => l.route)).toEqual(['/api/widgets']);
      const made = await casesOf(t.database.db, found.lists[0] as (typeof found.lists)[number]);
      // A filter on no plain column is tried with a value of its type; a list's own parameter needs a value given.
      expect(made.cases.map((c) => c.name)).toEqual(['default', 'order[name]=asc', 'order[name]=desc', 'name=kowa']);
      expect(made.missing).toEqual(['colour: its own parameter has no value to try in bench/lists.ts CUSTOM_SAMPLES']);
    } finally {
      await app.close();
      await t.close();
    }
  }, 120_000);
});
