import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import {
  backfillCarrierRecords,
  median,
  notePositionsShared,
  recordWindow,
} from '../src/modules/carrierRecord/record.ts';
import { backfillOnce } from '../src/modules/carrierRecord/worker.ts';
import { warsawDay } from '../src/warsawDay.ts';
import { orderOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { multipart, SAMPLES } from './portalHelpers.ts';

type Ref = { '@id': string; uuid: string; id?: number };

/** The day `n` days from today (Warsaw), as the forms send it. */
const day = (n: number) => {
  const d = new Date(`${warsawDay()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

describe('the record helpers', () => {
  it('takes the median of odd and even samples, none of nothing', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([90, 30])).toBe(60);
  });
  it('reads 12 months: this one and the 11 before it', () => {
    expect(recordWindow('2026-11-29')).toMatchObject({ from: '2025-12-01' });
    expect(recordWindow('2026-01-05').months.at(-1)).toBe('2026-01-01');
    expect(recordWindow('2026-01-05').months[0]).toBe('2025-02-01');
  });
});

describe.each(dbKinds)("the carrier's record and ratings on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  let dispatcher: string;
  let customer: Ref;
  let carrier: Ref;
  let other: Ref;
  const orders: Ref[] = [];
  let converted: Ref;

  const api = (method: string, url: string, payload?: unknown, as?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...bearer(as ?? admin), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (method: string, url: string, payload?: unknown, as?: string) => {
    const res = await api(method, url, payload, as);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const db = () => t.database.db;
  const carrierCall = (token: string, tail: string, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/portal/${token}${tail}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** An order sent to the carrier's link `minutes` ago (its sending moved back), and its token. */
  async function sent(fields: Record<string, unknown>, minutesAgo: number) {
    const order = await ok('POST', '/api/orders', orderOf(customer['@id'], { carrier: carrier['@id'], ...fields }));
    await ok('POST', `/api/orders/${order.uuid}/send/carrier`, undefined, dispatcher);
    const url = (await ok('GET', `/api/orders/${order.uuid}/portal`)).url as string;
    await db().execute(
      sql`UPDATE portal_links SET sent_at = now() - make_interval(mins => ${minutesAgo})
        WHERE order_id = (SELECT id FROM orders WHERE uuid = ${order.uuid})`,
    );
    return { order: order as Ref, token: url.split('/p/')[1] as string };
  }
  const uploadCmr = (token: string) => {
    const body = multipart({ kind: 'cmr' }, { name: 'cmr.pdf', data: SAMPLES.pdf() });
    return t.app.inject({
      method: 'POST',
      url: `/api/public/portal/${token}/documents`,
      payload: body.payload,
      headers: body.headers,
    });
  };
  const record = () => ok('GET', `/api/carriers/${carrier.uuid}/record`);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login();
    await ok('POST', '/api/users', {
      login: 'oceniajacy',
      name: 'Anna Oceniająca',
      plainPassword: 'haslo-oceniajacej-1',
      roles: ['ROLE_USER'],
    });
    dispatcher = await t.login('oceniajacy', 'haslo-oceniajacej-1');
    customer = await ok('POST', '/api/customers', { companyName: 'Klient Rekordu', city: 'Łódź', country: 'PL' });
    carrier = await ok('POST', '/api/carriers', { companyName: 'Trans-Rekord', email: 'r@example.com', country: 'PL' });
    other = await ok('POST', '/api/carriers', { companyName: 'Bez Historii', email: 'b@example.com', country: 'PL' });

    // 1: accepted after 90 minutes; loaded on its day (no time: the whole day), unloaded 30 minutes after its time
    // (inside the hour's grace); the CMR today, 4 days after the unloading; the invoice received 3 days after it.
    const first = await sent({ loadingDate: day(-5), unloadingDate: `${day(-4)} 08:00` }, 90);
    expect((await carrierCall(first.token, '/accept')).statusCode).toBe(200);
    expect((await carrierCall(first.token, '/events', { type: 'loaded', at: `${day(-5)} 10:00` })).statusCode).toBe(
      200,
    );
    expect((await carrierCall(first.token, '/events', { type: 'unloaded', at: `${day(-4)} 08:30` })).statusCode).toBe(
      200,
    );
    expect((await uploadCmr(first.token)).statusCode).toBe(201);
    expect((await uploadCmr(first.token)).statusCode).toBe(201);
    // 2: accepted after 30 minutes; loaded 4 hours after its time (late), unloaded on time, then confirmed in the
    // office too (counted once); its CMR by the office, 2 days after the unloading.
    const second = await sent({ loadingDate: `${day(-3)} 08:00`, unloadingDate: `${day(-2)} 10:00` }, 30);
    expect((await carrierCall(second.token, '/accept')).statusCode).toBe(200);
    await carrierCall(second.token, '/events', { type: 'loaded', at: `${day(-3)} 12:00` });
    await carrierCall(second.token, '/events', { type: 'unloaded', at: `${day(-2)} 10:00` });
    await ok('POST', `/api/orders/${second.order.uuid}/unloadingConfirmation`, {
      unloadingFinished: true,
      unloadingDate: `${day(-2)} 10:00`,
      customerPaid: false,
    });
    const staffCmr = multipart({ kind: 'cmr' }, { name: 'cmr.pdf', data: SAMPLES.pdf() });
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${second.order.uuid}/documents`,
      payload: staffCmr.payload,
      headers: { ...staffCmr.headers, ...bearer(admin) },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    // 3: no link; the office confirms the loading on its planned day and the unloading a day after its date (late).
    const third = await ok(
      'POST',
      '/api/orders',
      orderOf(customer['@id'], { carrier: carrier['@id'], loadingDate: day(-3), unloadingDate: day(-2) }),
    );
    await ok('POST', `/api/orders/${third.uuid}/loadingConfirmation`, { loadingFinished: true, loadingDate: day(-3) });
    await ok('POST', `/api/orders/${third.uuid}/unloadingConfirmation`, {
      unloadingFinished: true,
      unloadingDate: day(-1),
      customerPaid: false,
    });
    orders.push(first.order, second.order, third);
    await ok('POST', '/api/carrier_invoices', {
      carrier: carrier['@id'],
      number: 'FV 1/REKORD',
      issueDate: day(-2),
      receivedDate: day(-1),
      netAmount: 100_000,
      vatAmount: 23_000,
      grossAmount: 123_000,
      orders: [{ order: first.order['@id'], amount: 100_000 }],
    });
    // Offers: two of this carrier's (one won by the order made from the query), one of another's.
    const query = await ok('POST', '/api/queries', { ...orderOf(customer['@id']), customerPrice: 300000 });
    const won = await ok('POST', '/api/offers', { query: query['@id'], carrier: carrier['@id'], price: 200000 });
    await ok('POST', '/api/offers', { query: query['@id'], carrier: carrier['@id'], price: 210000 });
    await ok('POST', '/api/offers', { query: query['@id'], carrier: other['@id'], price: 190000 });
    converted = await ok('POST', `/api/queries/${query.uuid}/changeType`, { offer: won['@id'] });
    // Positions shared for the first order, told twice: counted once.
    const [row] = await selectRows<{ id: number }>(db(), sql`SELECT id FROM orders WHERE uuid = ${first.order.uuid}`);
    expect(await notePositionsShared(db(), row?.id as number)).toBe(1);
    expect(await notePositionsShared(db(), row?.id as number)).toBe(0);
  }, 180_000);
  afterAll(() => t.close());

  it('keeps each figure of the seeded history as it happens', async () => {
    const r = await record();
    expect(r).toMatchObject({
      '@type': 'CarrierRecord',
      loadingOnTimeRate: 67,
      unloadingOnTimeRate: 67,
      onTimeRate: 67,
      medianAcceptMinutes: 60,
      medianCmrDays: 3,
      medianInvoiceDays: 3,
      offersMade: 2,
      offersWon: 1,
      ordersCarried: 3,
      positionsSharedRate: 33,
      rating: null,
      ratings: 0,
    });
    expect(r.months).toHaveLength(12);
    expect(r.months.reduce((n: number, m: { ordersCarried: number }) => n + m.ordersCarried, 0)).toBe(3);
    const months = await selectRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM carrier_record_months m JOIN carriers c ON c.id = m.carrier_id
        WHERE c.uuid = ${carrier.uuid}`,
    );
    expect(months[0]?.n).toBeLessThanOrEqual(2);
    const empty = await ok('GET', `/api/carriers/${other.uuid}/record`);
    expect(empty).toMatchObject({ offersMade: 1, offersWon: 0, onTimeRate: null, rating: null });
  });

  it('takes a rating after the unloading, once per order, editable by its author for 7 days', async () => {
    const [first, second] = orders as [Ref, Ref];
    const rate = (order: Ref, body: unknown, as = dispatcher) =>
      api('POST', `/api/orders/${order.uuid}/rating`, body, as);
    // Not unloaded yet: the order made from the query.
    expect((await rate(converted, { score: 5 })).json().detail).toBe('Przewoźnika można ocenić dopiero po rozładunku.');
    expect((await rate(first, { score: 6 })).statusCode).toBe(422);
    expect((await rate(first, { score: 4, tags: ['szybkość'] })).statusCode).toBe(422);
    const given = await rate(first, { score: 5, tags: ['punktualność', 'dokumenty'], comment: '  Bez zarzutu ' });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({
      score: 5,
      tags: ['punktualność', 'dokumenty'],
      comment: 'Bez zarzutu',
      author: { name: 'Anna Oceniająca' },
      order: { uuid: first.uuid },
    });
    expect(given.headers.etag).toBe('W/"1"');
    const twice = await rate(first, { score: 1 });
    expect(twice.statusCode).toBe(409);
    expect((await rate(second, { score: 2, tags: ['komunikacja'] }, admin)).statusCode).toBe(201);

    let r = await record();
    expect(r).toMatchObject({ rating: 3.5, ratings: 2 });
    expect(r.lastRatings.map((x: { score: number }) => x.score)).toEqual([2, 5]);
    const list = await ok('GET', `/api/carriers?order[rating]=desc&itemsPerPage=50`);
    const mine = list['hydra:member'].find((c: { uuid: string }) => c.uuid === carrier.uuid);
    expect(mine).toMatchObject({ rating: 3.5, onTimeRate: 67 });

    // Only the author; a stale If-Match is a 412; then the change, and its history line.
    const edit = (body: unknown, as: string, headers: Record<string, string> = {}) =>
      api('PUT', `/api/orders/${first.uuid}/rating`, body, as, headers);
    const notMine = await edit({ score: 1 }, admin);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().detail).toBe('Ocenę może zmienić tylko osoba, która ją wystawiła.');
    expect((await edit({ score: 4 }, dispatcher, { 'if-match': 'W/"7"' })).statusCode).toBe(412);
    const changed = await edit({ score: 4, tags: ['punktualność'] }, dispatcher, { 'if-match': 'W/"1"' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ score: 4, version: 2 });
    r = await record();
    expect(r.rating).toBe(3);
    const history = await ok('GET', `/api/orders/${first.uuid}/history`);
    const lines = history['hydra:member'].filter((h: { action: string }) => h.action === 'rating');
    expect(lines).toHaveLength(2);
    expect(lines[0].changes).toEqual([
      { field: 'rating', from: '5/5 · punktualność, dokumenty · „Bez zarzutu”', to: '4/5 · punktualność' },
    ]);
    expect(lines[0].user).toMatchObject({ name: 'Anna Oceniająca' });

    // Eight days later: closed.
    await db().execute(
      sql`UPDATE order_ratings SET created_at = now() - interval '8 days'
        WHERE order_id = (SELECT id FROM orders WHERE uuid = ${first.uuid})`,
    );
    const late = await edit({ score: 5 }, dispatcher);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('Ocenę można zmieniać tylko przez 7 dni od jej wystawienia.');
    expect((await record()).rating).toBe(3);
  });

  it('sorts and filters the carriers list by the kept rating and on-time %', async () => {
    const names = async (query: string) =>
      (await ok('GET', `/api/carriers?${query}`))['hydra:member'].map((c: { companyName: string }) => c.companyName);
    expect(await names('minRating=3')).toEqual(['Trans-Rekord']);
    expect(await names('minRating=3,5')).toEqual([]);
    const byRating = await names('order[rating]=asc');
    expect(byRating.indexOf('Bez Historii')).toBeLessThan(byRating.indexOf('Trans-Rekord'));
    const byOnTime = await names('order[onTimeRate]=desc');
    expect(byOnTime.indexOf('Trans-Rekord')).toBeLessThan(byOnTime.indexOf('Bez Historii'));
    // The kept figures are not an edit of the carrier: no version, no history line.
    const item = await ok('GET', `/api/carriers/${carrier.uuid}`);
    expect(item.version).toBe(1);
  });

  it('backfills the same record from the data alone (an office that had orders before)', async () => {
    await db().execute(sql`DELETE FROM carrier_record_events`);
    await db().execute(sql`DELETE FROM carrier_record_months`);
    await db().execute(sql`UPDATE carriers SET rating = NULL, on_time_rate = NULL`);
    expect(await backfillCarrierRecords(db())).toBeGreaterThan(0);
    const r = await record();
    // The office's confirmation wrote its date over the third order's planned unloading: now on time.
    expect(r).toMatchObject({
      loadingOnTimeRate: 67,
      unloadingOnTimeRate: 100,
      onTimeRate: 83,
      medianAcceptMinutes: 60,
      medianCmrDays: 3,
      medianInvoiceDays: 3,
      offersMade: 2,
      offersWon: 1,
      ordersCarried: 3,
      positionsSharedRate: 0,
      rating: 3,
      ratings: 2,
    });
    const again = await backfillCarrierRecords(db());
    expect(again).toBe(0);
    // Once per database: the mark.
    expect(await backfillOnce(db())).toBe(0);
    expect(await backfillOnce(db())).toBeNull();
  });

  it("counts a stop ticked in the order's form, against the window it had before the form changed its date", async () => {
    const order = await ok(
      'POST',
      '/api/orders',
      orderOf(customer['@id'], { carrier: other['@id'], loadingDate: `${day(-3)} 08:00`, unloadingDate: day(-2) }),
    );
    // The loading ticked with the real time, 3 hours after the planned one: late, though the order now says 11:00.
    await ok('PUT', `/api/orders/${order.uuid}`, { loadingFinished: true, loadingDate: `${day(-3)} 11:00` });
    await ok('PUT', `/api/orders/${order.uuid}`, { unloadingFinished: true });
    // Unticked and ticked again: still one loading, one unloading.
    await ok('PUT', `/api/orders/${order.uuid}`, { loadingFinished: false });
    await ok('PUT', `/api/orders/${order.uuid}`, { loadingFinished: true });
    const r = await ok('GET', `/api/carriers/${other.uuid}/record`);
    expect(r).toMatchObject({ loadingOnTimeRate: 0, unloadingOnTimeRate: 100, onTimeRate: 50, ordersCarried: 1 });
    const item = await ok('GET', `/api/carriers/${other.uuid}`);
    expect(item).toMatchObject({ onTimeRate: 50, rating: null, version: 1 });
  });
});
