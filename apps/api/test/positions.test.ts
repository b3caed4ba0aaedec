import { createHash } from 'node:crypto';
import { positionsMessages } from '@spedycja/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { selectRows } from '../src/db/client.ts';
import { carrierApiKeys, orderEtas, orders, portalEvents, positions, users } from '../src/db/schema/index.ts';
import { createRouter, purgePositions, recomputeStale } from '../src/modules/positions/repository.ts';
import { createSoftDeleteRegistry } from '../src/modules/softDelete/registry.ts';
import { orderOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

type Json = Record<string, unknown>;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** Poznań (the gazetteer's coordinates of the orders' loading place are close). */
const POZNAN = { lat: 52.4064, lon: 16.9252 };

describe.each(dbKinds)('positions and the ETA on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let dispatcher: string;
  let customer: { '@id': string };
  let carrier: { '@id': string; uuid: string };
  let key: string;
  let keyUuid: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { TELEGRAM_API_URL: 'http://127.0.0.1:9', TELEGRAM_POLL_SECONDS: '30' });
    admin = await t.login();
    await api('POST', '/api/users', {
      login: 'dyspozytor',
      name: 'Dyspozytor Nowak',
      plainPassword: 'haslo-dyspozytora-1',
      roles: ['ROLE_USER'],
    });
    dispatcher = await t.login('dyspozytor', 'haslo-dyspozytora-1');
    await t.database.db.update(users).set({ telegramUserId: '4242' }).where(eq(users.login, 'dyspozytor'));
    customer = (await api('POST', '/api/customers', { companyName: 'Klient GPS', city: 'Łódź', country: 'PL' })).json();
    carrier = (
      await api('POST', '/api/carriers', { companyName: 'Trans-GPS', email: 'gps@trans.example', country: 'PL' })
    ).json();
    const made = await api('POST', `/api/carriers/${carrier.uuid}/api_keys`, { name: 'Dostawca GPS' });
    expect(made.statusCode, made.body).toBe(201);
    key = made.json().key;
    keyUuid = made.json().uuid;
  }, 180_000);
  afterAll(() => t.close());

  function api(method: string, url: string, payload?: unknown, as = admin) {
    return t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(as),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  const send = (batch: unknown, apiKey = key, app = t.app) =>
    app.inject({ method: 'POST', url: '/api/positions', headers: { 'x-api-key': apiKey }, payload: batch as object });

  async function runningOrder(fields: Json = {}) {
    const res = await api(
      'POST',
      '/api/orders',
      orderOf(customer['@id'], {
        carrier: carrier['@id'],
        carrierPrice: 200000,
        truck: 'PO 12345',
        loadingDate: iso(Date.now() - 2 * HOUR),
        unloadingDate: iso(Date.now() + 30 * HOUR),
        ...fields,
      }),
      dispatcher,
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as { uuid: string; id: number; number: string };
    return order;
  }

  it('keeps the key as a hash, answers it once and lists it without it; a revoked key is refused', async () => {
    expect(key).toMatch(/^spk_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(carrierApiKeys).where(eq(carrierApiKeys.uuid, keyUuid));
    expect(row?.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(await t.database.db.select().from(carrierApiKeys))).not.toContain(key);
    const list = (await api('GET', `/api/carriers/${carrier.uuid}/api_keys`)).json();
    expect(list['hydra:member']).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(key);
    expect(list['hydra:member'][0].name).toBe('Dostawca GPS');

    const other = (await api('POST', `/api/carriers/${carrier.uuid}/api_keys`, { name: 'Stary' })).json();
    expect((await api('DELETE', `/api/api_keys/${other.uuid}`)).statusCode).toBe(204);
    const refused = await send({ positions: [{ plate: 'X1', lat: 52, lon: 16, at: iso(Date.now()) }] }, other.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe(positionsMessages.keyInvalid);
    expect((await api('DELETE', `/api/api_keys/${other.uuid}`)).statusCode).toBe(409);
    const noKey = await t.app.inject({ method: 'POST', url: '/api/positions', payload: { positions: [] } });
    expect(noKey.statusCode).toBe(401);
  });

  it('attaches telematics positions by plate and time, keeps an unknown plate waiting, refuses bad input', async () => {
    const order = await runningOrder();
    const now = Date.now();
    const res = await send({
      positions: [
        { plate: 'po-12345', ...POZNAN, at: iso(now - 10 * 60_000), speed: 80, heading: 270 },
        { plate: 'PO12345', ...POZNAN, at: iso(now - 5 * 60_000) },
        // Outside loading − 1 day … unloading + 1 day: not this order's.
        { plate: 'PO 12345', ...POZNAN, at: iso(now - 5 * 24 * HOUR) },
        { plate: 'WX 00001', ...POZNAN, at: iso(now) },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ attached: 2, waiting: 2 });
    const trail = (await api('GET', `/api/orders/${order.uuid}/positions`)).json();
    expect(trail.positions).toHaveLength(2);
    expect(trail.positions[0]).toMatchObject({ source: 'telematics', speed: 80, heading: 270 });
    const waiting = await t.database.db.select().from(positions).where(sql`${positions.orderId} IS NULL`);
    expect(waiting.map((p) => p.plate).sort()).toEqual(['PO 12345', 'WX 00001']);
    // The carrier's record counts the order as one it shared positions for (modules/carrierRecord), once.
    const [shared] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM carrier_record_events e JOIN orders o ON o.id = e.ref_id
          WHERE e.kind = 'positions' AND o.uuid = ${order.uuid}`,
    );
    expect(shared?.n).toBe(1);

    const bad = await send({ positions: [{ plate: 'PO 12345', lat: 91, lon: 16, at: iso(now) }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(positionsMessages.badCoordinates);
    const future = await send({ positions: [{ plate: 'PO 12345', lat: 52, lon: 16, at: iso(now + 2 * HOUR) }] });
    expect(future.statusCode).toBe(422);
    const many = Array.from({ length: 1001 }, () => ({ plate: 'PO 12345', ...POZNAN, at: iso(now) }));
    expect((await send({ positions: many })).statusCode).toBe(413);
    const count = await t.database.db.select({ id: positions.id }).from(positions);
    expect(count).toHaveLength(4);
  });

  it("takes the carrier link's position, computes the ETA and shows it on the order, its list and the filter", async () => {
    // Due at the loading in three hours, standing there already.
    const order = await runningOrder({ truck: 'PO LINK1', loadingDate: iso(Date.now() + 3 * HOUR) });
    const sent = await api('POST', `/api/orders/${order.uuid}/send/carrier`, undefined, dispatcher);
    expect(sent.statusCode, sent.body).toBe(200);
    const token = ((await api('GET', `/api/orders/${order.uuid}/portal`)).json().url as string).split('/p/')[1];
    const shared = await t.app.inject({
      method: 'POST',
      url: `/api/public/portal/${token}/positions`,
      payload: { ...POZNAN, accuracy: 12, at: iso(Date.now() - 60_000) },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const badShare = await t.app.inject({
      method: 'POST',
      url: `/api/public/portal/${token}/positions`,
      payload: { lat: 'x', lon: 200 },
    });
    expect(badShare.statusCode).toBe(422);
    const trail = (await api('GET', `/api/orders/${order.uuid}/positions`)).json();
    expect(trail.positions).toEqual([expect.objectContaining({ source: 'link', accuracy: 12 })]);
    // Heading to the loading in Poznań, standing there: on time.
    const eta = (await api('GET', `/api/orders/${order.uuid}/eta`)).json();
    expect(eta.eta).toMatchObject({ status: 'ok', minutesLate: 0, positionAge: 1 });
    expect(eta.basis).toMatchObject({ stop: 'loading', method: 'offline', speedKmh: 70 });
    const item = (await api('GET', `/api/orders/${order.uuid}`)).json();
    expect(item.eta.status).toBe('ok');
    const list = (await api('GET', `/api/orders?number=${encodeURIComponent(order.number)}`)).json();
    expect(list['hydra:member'][0].eta).toMatchObject({ status: 'ok' });
    const late = (await api('GET', '/api/orders?eta=opoznione')).json();
    expect(late['hydra:member'].map((o: Json) => o.uuid)).not.toContain(order.uuid);

    // The customer's tracking page: the nearest town and the ETA, never the trail or the coordinates.
    const made = await api('POST', `/api/orders/${order.uuid}/customer_link`, {});
    expect([200, 201]).toContain(made.statusCode);
    const trackToken = (made.json().url as string).split('/t/')[1];
    const track = await t.app.inject({ method: 'GET', url: `/api/public/track/${trackToken}` });
    expect(track.statusCode, track.body).toBe(200);
    expect(track.json().whereabouts).toMatchObject({ town: 'Poznań', country: 'PL', eta: { status: 'ok' } });
    expect(track.body).not.toContain('"lat"');
    expect(track.body).not.toContain('positions');

    // Unloaded: the page's sharing stops, the ETA goes.
    await api('PUT', `/api/orders/${order.uuid}`, { loadingFinished: true, unloadingFinished: true });
    const after = await t.app.inject({
      method: 'POST',
      url: `/api/public/portal/${token}/positions`,
      payload: { ...POZNAN },
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().detail).toBe(positionsMessages.unloaded);
  });

  it('flags a delay, notifies the owner once across two instances, and recomputes stale positions', async () => {
    // Loaded in Poznań, due in Berlin in one hour: 4+ hours of driving away.
    const order = await runningOrder({
      truck: 'PO LATE1',
      loadingDate: iso(Date.now() - 3 * HOUR),
      unloadingDate: iso(Date.now() + HOUR),
    });
    const [row] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.uuid, order.uuid));
    const orderId = row?.id as number;
    expect((await api('PUT', `/api/orders/${order.uuid}`, { loadingFinished: true }, dispatcher)).statusCode).toBe(200);
    const second = await buildApp({
      config: t.config,
      db: t.database.db,
      softDelete: createSoftDeleteRegistry(),
      logger: false,
    });
    await second.ready();
    try {
      const batch = (minutesAgo: number) => ({
        positions: [{ plate: 'PO LATE1', ...POZNAN, at: iso(Date.now() - minutesAgo * 60_000) }],
      });
      const both = await Promise.all([send(batch(3)), send(batch(2), key, second)]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect((await send(batch(1), key, second)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
    const eta = (await api('GET', `/api/orders/${order.uuid}/eta`)).json();
    expect(eta.eta.status).toBe('opoznienie');
    expect(eta.eta.minutesLate).toBeGreaterThan(150);
    // Three hours since loading and 4.6 hours to go: one 45-minute break on the way.
    expect(eta.basis).toMatchObject({ stop: 'unloading', breaks: 1, dailyRests: 0 });
    const events = await t.database.db.select().from(portalEvents).where(eq(portalEvents.orderId, orderId));
    expect(events.filter((e) => e.type === 'etaLate')).toHaveLength(1);
    const telegram = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM telegram_messages WHERE kind = 'portal' AND summary LIKE ${`${order.number}: Opóźnienie%`}`,
    );
    expect(telegram[0]?.n).toBe(1);
    // The drawer's badge: the owner's unseen event.
    const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.login, 'dyspozytor'));
    expect(events.find((e) => e.type === 'etaLate')?.notifyUserId).toBe(owner?.id);
    const notifications = (await api('GET', '/api/portal/notifications', undefined, dispatcher)).json();
    expect(notifications.count).toBeGreaterThanOrEqual(1);
    const late = (await api('GET', '/api/orders?eta=opoznione')).json();
    expect(late['hydra:member'].map((o: Json) => o.uuid)).toContain(order.uuid);

    // Stale: no position for two hours; the hourly job departs from now, and a second run notifies nothing more.
    await t.database.db.execute(sql`UPDATE positions SET at = at - interval '2 hours' WHERE order_id = ${orderId}`);
    await t.database.db.execute(
      sql`UPDATE order_etas SET position_at = position_at - interval '2 hours' WHERE order_id = ${orderId}`,
    );
    const deps = { router: createRouter(undefined) };
    expect(await recomputeStale(t.database.db, deps)).toBeGreaterThanOrEqual(1);
    await Promise.all([recomputeStale(t.database.db, deps), recomputeStale(t.database.db, deps)]);
    const stale = (await api('GET', `/api/orders/${order.uuid}/eta`)).json();
    expect(stale.eta.positionAge).toBeGreaterThanOrEqual(120);
    expect(new Date(stale.basis.departedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const again = await t.database.db.select().from(portalEvents).where(eq(portalEvents.orderId, orderId));
    expect(again.filter((e) => e.type === 'etaLate')).toHaveLength(1);
    const [kept] = await t.database.db.select().from(orderEtas).where(eq(orderEtas.orderId, orderId));
    expect(kept?.status).toBe('opoznienie');
  });

  it("reads the unloading's hour on its country's clock: 'ok' for Lisbon's hour, which Warsaw's would call late", async () => {
    // The window ends 75 minutes from now, written as the wall clock in Lisbon (as the order form takes it): an hour
    // earlier than Warsaw's clock all year (the EU changes its clocks at one instant).
    const end = Math.floor((Date.now() + 75 * 60_000) / 60_000) * 60_000;
    const lisbon = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Lisbon',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(end);
    // 00:00 is 'the whole day' (no hour): a minute later keeps it an hour.
    const [day, time] = lisbon.split(' ') as [string, string];
    const wall = `${day}T${time === '00:00' ? '00:01' : time}:00.000Z`;
    const order = await runningOrder({
      truck: 'PO LIZB1',
      loadingDate: iso(Date.now() - HOUR),
      unloadingCity: 'Lizbona',
      unloadingCountry: 'PT',
      unloadingDate: wall,
    });
    expect((await api('PUT', `/api/orders/${order.uuid}`, { loadingFinished: true }, dispatcher)).statusCode).toBe(200);
    const [stop] = await t.database.db
      .select({ lat: orders.unloadingLatitude, lon: orders.unloadingLongitude })
      .from(orders)
      .where(eq(orders.uuid, order.uuid));
    // 25 km north of the unloading place: 30 km by the offline road, about 26 minutes at 70 km/h.
    const near = { lat: (stop?.lat as number) + 25 / 111.2, lon: stop?.lon as number };
    const sent = await send({ positions: [{ plate: 'PO LIZB1', ...near, at: iso(Date.now() - 60_000) }] });
    expect(sent.json()).toMatchObject({ attached: 1 });
    const eta = (await api('GET', `/api/orders/${order.uuid}/eta`)).json();
    // Lisbon's hour is the instant 75 minutes from now (Warsaw's reading put it 15 minutes from now: 'opóźnienie').
    expect(new Date(eta.basis.windowEnd).getTime()).toBe(time === '00:00' ? end + 60_000 : end);
    expect(eta.eta).toMatchObject({ status: 'ok', minutesLate: 0 });
    expect(new Date(eta.eta.at).getTime()).toBeLessThan(end - 30 * 60_000);
  });

  it('deletes positions past the retention setting, and unknown plates after 24 hours', async () => {
    const order = await runningOrder({ truck: 'PO OLD01' });
    const [row] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.uuid, order.uuid));
    const orderId = row?.id as number;
    const now = Date.now();
    await t.database.db.insert(positions).values([
      { orderId, lat: 52, lon: 16, source: 'telematics', at: iso(now - 91 * 24 * HOUR) },
      { orderId, lat: 52, lon: 16, source: 'telematics', at: iso(now - 89 * 24 * HOUR) },
      {
        orderId: null,
        plate: 'ZZ 1',
        lat: 52,
        lon: 16,
        source: 'telematics',
        at: iso(now),
        receivedAt: iso(now - 25 * HOUR),
      },
      {
        orderId: null,
        plate: 'ZZ 2',
        lat: 52,
        lon: 16,
        source: 'telematics',
        at: iso(now),
        receivedAt: iso(now - HOUR),
      },
    ]);
    const purged = await purgePositions(t.database.db);
    expect(purged.old).toBe(1);
    expect(purged.unattached).toBe(1);
    expect((await api('PUT', '/api/settings/positionsRetentionDays', { value: '30' })).statusCode).toBe(200);
    expect((await purgePositions(t.database.db)).old).toBe(1);
    const left = await t.database.db.select().from(positions).where(eq(positions.orderId, orderId));
    expect(left).toHaveLength(0);
    const kept = await t.database.db.select().from(positions).where(eq(positions.plate, 'ZZ 2'));
    expect(kept).toHaveLength(1);
    expect((await api('PUT', '/api/settings/averageTruckSpeed', { value: '500' })).statusCode).toBe(422);
  });
});
