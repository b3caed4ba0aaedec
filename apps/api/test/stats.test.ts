import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { computeStats } from '../src/modules/stats/service.ts';
import { warsawDay as warsawToday } from '../src/warsawDay.ts';
import { orderOf, queryOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

/** A day of the month `offset` months from today's, 'YYYY-MM-DD'. */
function dayIn(offset: number, day: number): string {
  const [y, m] = warsawToday().split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + offset, day));
  return d.toISOString().slice(0, 10);
}
const lastDayOf = (offset: number) => {
  const first = dayIn(offset + 1, 1);
  return new Date(Date.parse(`${first}T00:00:00Z`) - 86400_000).toISOString().slice(0, 10);
};
const daysFromToday = (n: number) =>
  new Date(Date.parse(`${warsawToday()}T00:00:00Z`) + n * 86400_000).toISOString().slice(0, 10);

describe.each(dbKinds)('stats and payments on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let dispatcher: string;
  let dispatcherUuid: string;
  let customer: string;
  let carrier: string;
  const ids: Record<string, { uuid: string; '@id': string; number: string }> = {};
  const monthA = dayIn(0, 1).slice(0, 7);
  const monthB = dayIn(1, 1).slice(0, 7);
  const range = `from=${dayIn(0, 1)}&to=${lastDayOf(1)}`;

  const call = (token: string | null, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const api = (method: string, url: string, payload?: unknown) => call(admin, method, url, payload);
  const route = (loading: string) => ({ loadingDate: loading, unloadingDate: loading });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login();
    dispatcherUuid = (
      await api('POST', '/api/users', {
        login: 'anowak',
        name: 'Anna Nowak',
        plainPassword: 'haslo-anny-123',
        roles: ['ROLE_USER'],
      })
    ).json().uuid;
    dispatcher = await t.login('anowak', 'haslo-anny-123');
    customer = (
      await api('POST', '/api/customers', {
        companyName: 'Statystyczny Klient Sp. z o.o.',
        nip: '7831672591',
        city: 'Poznań',
        postalCode: '61-131',
        streetAddress: 'ul. Długa 1',
        country: 'PL',
      })
    ).json()['@id'];
    carrier = (await api('POST', '/api/carriers', { companyName: 'Trans-Stat', phone: '601222333' })).json()['@id'];
    const make = async (name: string, fields: Record<string, unknown>) => {
      const res = await api('POST', '/api/orders', orderOf(customer, { cargo: name, ...fields }));
      expect(res.statusCode, res.body).toBe(201);
      ids[name] = res.json();
    };
    await make('PLN', {
      ...route(dayIn(0, 10)),
      carrier,
      carrierPrice: 300000,
      customerDateOfPayment: daysFromToday(-10),
    });
    await make('EUR', {
      ...route(dayIn(1, 5)),
      customerPrice: 100000,
      customerPriceCurrency: 'eur',
      euroExchangeRate: 431,
      carrier,
      carrierPrice: 300000,
      carrierDateOfPayment: daysFromToday(-3),
      customerDateOfPayment: daysFromToday(5),
      user: `/api/users/${dispatcherUuid}`,
    });
    await make('OPEN', {
      ...route(dayIn(0, 12)),
      customerPrice: 200000,
      customerDateOfPaymentString: 'przed rozladunkiem',
    });
    await make('CANCELLED', { ...route(dayIn(0, 12)), status: 'anulowane', carrier, carrierPrice: 1000 });
    await make('DELETED', { ...route(dayIn(0, 12)), carrier, carrierPrice: 1000 });
    await make('LATER', { ...route(dayIn(14, 2)), carrier, carrierPrice: 1000 });
    expect((await api('POST', `/api/remove/${ids.DELETED?.uuid}`, { type: 'order', reason: 1 })).statusCode).toBe(200);

    // A query that becomes an order (with its offer), one that stays a query, one deleted.
    const q1 = (
      await api('POST', '/api/queries', queryOf(customer, { ...route(dayIn(0, 20)), customerPriceSuggested: 120000 }))
    ).json();
    await api('POST', '/api/offers', { query: q1['@id'], carrier, price: 100000, currency: 'pln' });
    const converted = await api('POST', `/api/queries/${q1.uuid}/changeType`);
    expect(converted.statusCode, converted.body).toBe(200);
    ids.CONVERTED = converted.json();
    await call(dispatcher, 'POST', '/api/queries', queryOf(customer, route(dayIn(0, 21))));
    const q3 = (await api('POST', '/api/queries', queryOf(customer, route(dayIn(0, 22))))).json();
    await api('POST', `/api/remove/${q3.uuid}`, { type: 'query', reason: 1 });
  });
  afterAll(() => t.close());

  it('sums a range in PLN (EUR at each order rate), by month and user, without cancelled or deleted orders', async () => {
    const res = await api('GET', `/api/stats?${range}`);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json();
    // Orders PLN, EUR (4310,00 zł), OPEN (no carrier price) and CONVERTED; queries: the converted one and anowak's.
    expect(stats).toMatchObject({
      queries: 2,
      orders: 4,
      conversions: 1,
      conversionRate: 5000,
      revenue: 350000 + 431000 + 200000 + 120000,
      cost: 300000 + 300000 + 100000,
      margin: 50000 + 131000 + 20000,
      // Over the orders with both prices: 2010 / 9010 = 22.31 %.
      marginPercent: 2231,
    });
    expect(stats.byMonth).toEqual([
      { month: monthA, queries: 2, orders: 3, conversions: 1, revenue: 670000, cost: 400000, margin: 70000 },
      { month: monthB, queries: 0, orders: 1, conversions: 0, revenue: 431000, cost: 300000, margin: 131000 },
    ]);
    // By name: 'Administrator', then 'Anna Nowak'.
    expect(stats.byUser).toEqual([
      expect.objectContaining({ queries: 1, orders: 3, conversions: 1, revenue: 670000, cost: 400000, margin: 70000 }),
      {
        user: { '@id': `/api/users/${dispatcherUuid}`, uuid: dispatcherUuid, name: 'Anna Nowak' },
        queries: 1,
        orders: 1,
        conversions: 0,
        revenue: 431000,
        cost: 300000,
        margin: 131000,
      },
    ]);
    const one = (await api('GET', `/api/stats?${range}&user=/api/users/${dispatcherUuid}`)).json();
    expect(one).toMatchObject({ queries: 1, orders: 1, revenue: 431000, conversionRate: 0 });
    // A month with nothing: zeros, no division by zero.
    const empty = (await api('GET', '/api/stats?from=2020-01-01&to=2020-01-31')).json();
    expect(empty).toMatchObject({ queries: 0, orders: 0, conversionRate: null, marginPercent: null, byUser: [] });
  });

  it('is for admins, and refuses bad or reversed dates in Polish', async () => {
    expect((await call(null, 'GET', `/api/stats?${range}`)).statusCode).toBe(401);
    expect((await call(dispatcher, 'GET', `/api/stats?${range}`)).statusCode).toBe(403);
    const bad = await api('GET', '/api/stats?from=2026-02-30&to=2026-03-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Nieprawidłowa data „from”: podaj datę w formacie RRRR-MM-DD.');
    const reversed = await api('GET', '/api/stats?from=2026-03-01&to=2026-02-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toBe('Data początkowa nie może być późniejsza niż data końcowa.');
    expect((await api('GET', '/api/stats?from=2026-03-01')).statusCode).toBe(400);
    expect((await api('GET', `/api/stats?${range}&user=nobody`)).statusCode).toBe(400);
  });

  it('lists receivables and payables, overdue first, with days, invoice and totals per currency', async () => {
    const list = async (query: string) => {
      const res = await api('GET', `/api/payments?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const overdue = await list('side=customer&state=overdue');
    expect(overdue['hydra:member'].map((p: { number: string }) => p.number)).toEqual([ids.PLN?.number]);
    expect(overdue['hydra:member'][0]).toMatchObject({
      amount: 350000,
      currency: 'pln',
      paymentDate: daysFromToday(-10),
      daysOverdue: 10,
      side: 'customer',
      party: { companyName: 'Statystyczny Klient Sp. z o.o.' },
    });
    expect(overdue.totals).toEqual([{ currency: 'pln', amount: 350000, count: 1 }]);
    const due = await list('side=customer&state=due');
    const dueNumbers = due['hydra:member'].map((p: { number: string }) => p.number);
    // Payments are not bound to a range (LATER too). The dated one before the textual term and the undated.
    expect(dueNumbers[0]).toBe(ids.EUR?.number);
    expect(dueNumbers).toHaveLength(4);
    expect(due['hydra:member'][0]).toMatchObject({
      daysOverdue: -5,
      amount: 100000,
      currency: 'eur',
      amountPln: 431000,
    });
    const all = await list('side=customer');
    expect(all['hydra:totalItems']).toBe(5);
    expect(all.totals).toEqual([
      { currency: 'eur', amount: 100000, count: 1 },
      { currency: 'pln', amount: 350000 + 200000 + 120000 + 350000, count: 4 },
    ]);
    const payables = await list('side=carrier&state=overdue');
    expect(payables['hydra:member']).toHaveLength(1);
    expect(payables['hydra:member'][0]).toMatchObject({ number: ids.EUR?.number, amount: 300000, daysOverdue: 3 });
    expect((await api('GET', '/api/payments?side=bank')).statusCode).toBe(400);
    expect((await api('GET', '/api/payments?state=soon')).statusCode).toBe(400);
    expect((await call(dispatcher, 'GET', '/api/payments')).statusCode).toBe(403);
  });

  it("finds a payment by the order's number, its customer or its carrier (the cockpit's 'Szukaj'), totals included", async () => {
    const other = (await api('POST', '/api/customers', { companyName: 'Żółty Odbiorca', nip: '5213214584' })).json();
    const otherCarrier = (await api('POST', '/api/carriers', { companyName: 'Szukany Przewoźnik' })).json();
    const found = (
      await api(
        'POST',
        '/api/orders',
        orderOf(other['@id'], { cargo: 'SEARCH', carrier: otherCarrier['@id'], carrierPrice: 123400 }),
      )
    ).json();
    const numbers = async (query: string) => {
      const res = await api('GET', `/api/payments?state=all&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return { numbers: body['hydra:member'].map((p: { number: string }) => p.number), totals: body.totals };
    };
    // By number, on either side (from its start).
    expect((await numbers(`side=carrier&search=${encodeURIComponent(found.number)}`)).numbers).toEqual([found.number]);
    expect((await numbers(`side=customer&search=${encodeURIComponent(ids.PLN?.number ?? '')}`)).numbers).toEqual([
      ids.PLN?.number,
    ]);
    // A payable by its customer (unaccented, any case), a receivable by its carrier; the totals are the search's.
    const payables = await numbers('side=carrier&search=zolty odbiorca');
    expect(payables).toEqual({ numbers: [found.number], totals: [{ currency: 'pln', amount: 123400, count: 1 }] });
    expect((await numbers('side=customer&search=Szukany Przewo')).numbers).toEqual([found.number]);
    // By the party's NIP or phone, as the pickers find them.
    expect((await numbers('side=carrier&search=521-321-45-84')).numbers).toEqual([found.number]);
    const byPhone = (await numbers('side=carrier&search=601 222 333')).numbers;
    expect(byPhone).toContain(ids.EUR?.number);
    expect(byPhone).not.toContain(found.number);
    expect((await numbers('side=carrier&search=nikt taki')).numbers).toEqual([]);
  });

  it('sums a search up to the cap and, beyond it, asks for a narrower filter instead of summing (issue 35)', async () => {
    const [found] = await selectRows<{ id: number }>(
      t.database.db,
      sql`SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.company_name = 'Żółty Odbiorca'`,
    );
    expect(found).toBeDefined();
    // 1,050 more unpaid orders of the same customer and carrier: more than the search's cap (1,000).
    const columns = (
      await selectRows<{ name: string }>(
        t.database.db,
        sql`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public'
            AND table_name = 'orders' AND is_generated = 'NEVER' AND column_name NOT IN ('id', 'uuid', 'number')`,
      )
    ).map((c) => `"${c.name}"`);
    const list = sql.raw(columns.join(', '));
    await t.database.db.execute(sql`
      INSERT INTO orders (number, ${list}) SELECT 'KOPIA/' || g, ${list}
      FROM orders, generate_series(1, 1050) g WHERE orders.id = ${found?.id}`);
    try {
      const res = await api('GET', '/api/payments?side=carrier&state=all&search=zolty odbiorca&itemsPerPage=30');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body['hydra:member']).toHaveLength(30);
      expect(body['hydra:totalItems']).toBe(1001);
      expect(body.totalItemsCapped).toBe(true);
      expect(body.totalsCapped).toBe(true);
      expect(body.totals).toEqual([]);
      // Narrowed below the cap: summed exactly again.
      const narrow = (await api('GET', '/api/payments?side=carrier&state=all&search=KOPIA/7')).json();
      expect(narrow.totalsCapped).toBeUndefined();
      // KOPIA/7, /70–/79, /700–/799.
      expect(narrow.totals).toEqual([{ currency: 'pln', amount: 123400 * 111, count: 111 }]);
    } finally {
      await t.database.db.execute(sql`DELETE FROM orders WHERE number LIKE 'KOPIA/%'`);
    }
  });

  it('marks a receivable paid with its VAT invoice in one go, once', async () => {
    const uuid = ids.PLN?.uuid as string;
    const draft = (await api('GET', `/api/orders/${uuid}/invoiceDraft?type=vat`)).json();
    const created = await api('POST', '/api/invoices', draft);
    expect(created.statusCode, created.body).toBe(201);
    const invoice = created.json();
    const before = (await api('GET', '/api/payments?side=customer&state=overdue')).json()['hydra:member'][0];
    expect(before.invoice).toEqual({ '@id': invoice['@id'], uuid: invoice.uuid, number: invoice.number });

    const res = await api('POST', `/api/payments/${uuid}/paid`, { side: 'customer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Płatność została oznaczona jako opłacona!');
    expect(res.json().order).toMatchObject({ customerPaid: true, customerPaidDate: warsawToday(), carrierPaid: false });
    expect((await api('GET', `/api/invoices/${invoice.uuid}`)).json()).toMatchObject({
      paid: true,
      paidDate: warsawToday(),
    });
    expect((await api('GET', '/api/payments?side=customer&state=overdue')).json()['hydra:totalItems']).toBe(0);
    // Marking it again (another request, without an idempotency key to replay) is refused.
    const again = await api('POST', `/api/payments/${uuid}/paid`, { side: 'customer', date: warsawToday() });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().detail).toBe('Ta płatność jest już oznaczona jako opłacona.');

    // A retry with the same Idempotency-Key (a lost answer) gets the first answer, not a 409.
    const retry = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/${ids.EUR?.uuid}/paid`,
        headers: { ...bearer(admin), 'idempotency-key': `pay-${kind}` },
        payload: { side: 'carrier', date: '2026-11-02' },
      });
    const carrierPaid = await retry();
    const replay = await retry();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(carrierPaid.json().order).toMatchObject({
      carrierPaid: true,
      carrierPaidDate: '2026-11-02',
      customerPaid: false,
    });
    expect((await api('POST', `/api/payments/${ids.CANCELLED?.uuid}/paid`, { side: 'customer' })).statusCode).toBe(409);
    expect((await api('POST', `/api/payments/${uuid}/paid`, { side: 'bank' })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call(dispatcher, 'POST', `/api/payments/${uuid}/paid`, { side: 'carrier' })).statusCode).toBe(403);
  });
  // Concurrent transactions need a server: the embedded database serves one connection at a time.
  (kind === 'postgres' ? it : () => undefined)(
    'moves orders between months in opposite directions at the same time, many times: no deadlock, the sums right',
    async () => {
      // Two owners, each with one order in this month and one in the next; each round moves every order to the
      // other month at once (A: this → next while B: next → this), so the monthly sums' rows are locked in opposite
      // orders by concurrent transactions unless the triggers take them in one order.
      const owners = [undefined, `/api/users/${dispatcherUuid}`];
      const pairs: { a: string; b: string }[] = [];
      for (const owner of owners) {
        const extra = owner ? { user: owner } : {};
        const made = await Promise.all(
          [dayIn(0, 6), dayIn(1, 6)].map(async (day) => {
            const res = await api(
              'POST',
              '/api/orders',
              orderOf(customer, { cargo: `Ruch ${day}`, ...route(day), ...extra }),
            );
            expect(res.statusCode, res.body).toBe(201);
            return res.json().uuid as string;
          }),
        );
        pairs.push({ a: made[0] as string, b: made[1] as string });
      }
      const db = t.database.db;
      const twoMonths = { from: dayIn(0, 1), to: lastDayOf(1) };
      const before = await computeStats(db, twoMonths, { fromRows: true });
      const statuses: number[] = [];
      for (let round = 0; round < 25; round++) {
        const [toA, toB] = round % 2 === 0 ? [dayIn(1, 7), dayIn(0, 7)] : [dayIn(0, 6), dayIn(1, 6)];
        const answers = await Promise.all(
          pairs.flatMap(({ a, b }) => [
            api('PUT', `/api/orders/${a}`, { ...route(toA), customerPrice: 350_000 + round }),
            api('PUT', `/api/orders/${b}`, { ...route(toB), customerPrice: 350_000 - round }),
          ]),
        );
        statuses.push(...answers.map((r) => r.statusCode));
      }
      // No write undone by a deadlock (503) or anything else: every move went through.
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      // The monthly sums agree with the rows, per owner too; the two months hold the same orders as before.
      for (const range of [
        twoMonths,
        { ...twoMonths, userUuid: dispatcherUuid },
        { from: dayIn(0, 1), to: lastDayOf(0) },
      ]) {
        expect(await computeStats(db, range)).toEqual(await computeStats(db, range, { fromRows: true }));
      }
      const after = await computeStats(db, twoMonths);
      expect(after.orders).toBe(before.orders);
    },
  );

  it('reads whole months from the monthly sums, which agree with the rows after every kind of change', async () => {
    const ok = <R extends { statusCode: number; body: string }>(res: R) => {
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res;
    };
    const moved = (await ok(await api('POST', '/api/orders', orderOf(customer, route(dayIn(0, 3)))))).json();
    // Another month, another price and currency, another owner; cancelled and back; deleted and restored.
    ok(await api('PUT', `/api/orders/${moved.uuid}`, { ...route(dayIn(1, 27)), customerPrice: 77_700 }));
    ok(await api('PUT', `/api/orders/${moved.uuid}`, { customerPriceCurrency: 'eur', euroExchangeRate: 428 }));
    ok(await api('PUT', `/api/orders/${moved.uuid}`, { carrier, carrierPrice: 50_000 }));
    ok(await api('PUT', `/api/orders/${moved.uuid}`, { user: `/api/users/${dispatcherUuid}` }));
    const flip = (await ok(await api('POST', '/api/orders', orderOf(customer, route(dayIn(0, 9)))))).json();
    ok(await api('PUT', `/api/orders/${flip.uuid}`, { status: 'anulowane' }));
    ok(await api('PUT', `/api/orders/${flip.uuid}`, { status: 'aktywne' }));
    ok(await api('POST', `/api/remove/${flip.uuid}`, { type: 'order', reason: 1 }));
    ok(await api('POST', `/api/restore/${flip.uuid}`, { type: 'order' }));
    // A conversion undone (the order back to a query) and done again; its order cancelled; a query deleted.
    const q = (await ok(await api('POST', '/api/queries', queryOf(customer, route(dayIn(0, 15)))))).json();
    const made = (await ok(await api('POST', `/api/queries/${q.uuid}/changeType`))).json();
    const back = (await ok(await api('POST', `/api/orders/${made.uuid}/changeType`))).json();
    const again = (await ok(await api('POST', `/api/queries/${back.uuid}/changeType`))).json();
    ok(await api('PUT', `/api/orders/${again.uuid}`, { status: 'anulowane' }));
    const q2 = (await ok(await api('POST', '/api/queries', queryOf(customer, route(dayIn(1, 2)))))).json();
    ok(await api('POST', `/api/queries/${q2.uuid}/changeType`));
    const gone = (await ok(await api('POST', '/api/queries', queryOf(customer, route(dayIn(1, 3)))))).json();
    ok(await api('POST', `/api/remove/${gone.uuid}`, { type: 'query', reason: 1 }));

    const db = t.database.db;
    const user = dispatcherUuid;
    for (const [from, to, userUuid] of [
      [dayIn(0, 1), lastDayOf(1), undefined],
      [dayIn(0, 1), lastDayOf(0), undefined],
      [dayIn(0, 10), dayIn(1, 20), undefined],
      [dayIn(-1, 15), lastDayOf(2), user],
      [dayIn(0, 1), lastDayOf(1), user],
    ] as [string, string, string | undefined][]) {
      const range = { from, to, ...(userUuid ? { userUuid } : {}) };
      const fromRows = await computeStats(db, range, { fromRows: true });
      expect(await computeStats(db, range), `${from}…${to} ${userUuid ?? ''}`).toEqual(fromRows);
    }
    // The whole months really come from the sums: the figures of the two months are there and not zero.
    const both = await computeStats(db, { from: dayIn(0, 1), to: lastDayOf(1) });
    expect(both.orders).toBeGreaterThan(0);
    expect(both.conversions).toBeGreaterThan(0);
  });
});
