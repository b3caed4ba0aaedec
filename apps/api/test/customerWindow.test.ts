import { CUSTOMER_DENIED_KEYS, customerWindowMessages, TRACK_STATUSES, type TrackStatus } from '@spedycja/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { selectRows } from '../src/db/client.ts';
import {
  customerMilestones,
  mailOutbox,
  orderDocuments,
  orders as ordersTable,
  panelInvitations,
  users,
} from '../src/db/schema/index.ts';
import { hashTrackToken } from '../src/modules/customerWindow/token.ts';
import { createSoftDeleteRegistry } from '../src/modules/softDelete/registry.ts';
import { invoiceOf, orderOf, queryOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { multipart, SAMPLES } from './portalHelpers.ts';
import { decodedBody, startSmtp, type TestSmtp } from './smtp.ts';

type Json = Record<string, unknown>;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  }
  return into;
}

describe.each(dbKinds)("the customer's window on %s", (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: string;
  const customerA = { '@id': '', uuid: '' };
  const customerB = { '@id': '', uuid: '' };
  let carrier: Json;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, {
      SMTP_URL: smtp.url,
      TELEGRAM_API_URL: 'http://127.0.0.1:9',
      LOGIN_MAX_FAILURES: '5',
    });
    admin = await t.login();
    for (const [target, fields] of [
      [customerA, { companyName: 'Klient A Sp. z o.o.', nip: '7831672591', email: 'a@klient-a.example' }],
      [
        customerB,
        { companyName: 'Klient B S.A.', nip: '5260250274', email: 'b@klient-b.example', language: 'Angielski' },
      ],
    ] as const) {
      const res = await api('POST', '/api/customers', { city: 'Poznań', country: 'PL', ...fields });
      expect(res.statusCode, res.body).toBe(201);
      Object.assign(target, res.json());
    }
    carrier = (
      await api('POST', '/api/carriers', {
        companyName: 'Tajny Przewoźnik',
        email: 'p@przewoznik.example',
        country: 'PL',
      })
    ).json();
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  function api(method: string, url: string, payload?: unknown, as: string | null = admin, headers: Json = {}) {
    return t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(as ? bearer(as) : {}), ...(headers as Record<string, string>) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  let seq = 0;
  async function order(customer: { '@id': string }, fields: Json = {}) {
    const res = await api(
      'POST',
      '/api/orders',
      orderOf(customer['@id'], {
        cargo: `Palety ${++seq}`,
        carrier: carrier['@id'],
        carrierPrice: 250000,
        customerPrice: 987654,
        additionalInfo: 'NOTATKA WEWNĘTRZNA',
        orderAdditionalInfo: 'Uwagi do zlecenia dla przewoźnika',
        driverName: 'Jan Kowalski',
        driverPhone: '600700800',
        truck: 'PO12345',
        trailer: 'PO6789X',
        loadingDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        unloadingDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
        ...fields,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { uuid: string; '@id': string; number: string; id: number };
  }
  async function trackLink(orderUuid: string) {
    const res = await api('POST', `/api/orders/${orderUuid}/customer_link`, {});
    expect([200, 201], res.body).toContain(res.statusCode);
    const url = res.json().url as string;
    return { url, token: url.split('/t/')[1] as string };
  }
  const track = (token: string, tail = '', ip = '10.1.0.1') =>
    t.app.inject({ method: 'GET', url: `/api/public/track/${token}${tail}`, remoteAddress: ip });
  async function carrierToken(orderUuid: string) {
    expect((await api('POST', `/api/orders/${orderUuid}/send/carrier`)).statusCode).toBe(200);
    const url = (await api('GET', `/api/orders/${orderUuid}/portal`)).json().url as string;
    const token = url.split('/p/')[1] as string;
    expect((await t.app.inject({ method: 'POST', url: `/api/public/portal/${token}/accept` })).statusCode).toBe(200);
    return token;
  }
  const carrierEvent = (token: string, type: 'loaded' | 'unloaded', app = t.app) =>
    app.inject({ method: 'POST', url: `/api/public/portal/${token}/events`, payload: { type } });

  it('gives each order a link of 256 random bits kept as a hash; the page shows what the customer may see and never the carrier, its price, the margin or the notes', async () => {
    const o = await order(customerA);
    const { url, token } = await trackLink(o.uuid);
    expect(url).toMatch(/^http:\/\/[^/]+\/t\/[A-Za-z0-9_-]{43}$/);
    const stored = JSON.stringify(await selectRows(t.database.db, sql`SELECT * FROM customer_links`));
    expect(stored).not.toContain(token);
    expect(stored).toContain(hashTrackToken(token));
    // The same link on a second ask; a rotation makes a new one and the old one dies.
    expect((await trackLink(o.uuid)).token).toBe(token);

    const res = await track(token);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.number).toBe(o.number);
    expect(view.status).toBe('toLoading');
    expect(view.route.loading.city).toBe('Poznań');
    expect(view.language).toBe('pl');
    // The vehicle only when the settings allow it (off by default).
    expect(view.vehicle).toBeNull();
    const denied = [...keysOf(view)].filter((k) => (CUSTOMER_DENIED_KEYS as readonly string[]).includes(k));
    expect(denied).toEqual([]);
    for (const secret of ['Tajny Przewoźnik', '250000', '2500', '987654', 'NOTATKA', 'Uwagi do zlecenia', 'Kowalski']) {
      expect(res.body).not.toContain(secret);
    }
    // The office sees the opening.
    const state = (await api('GET', `/api/orders/${o.uuid}/customer_link`)).json();
    expect(state.firstOpenedAt).not.toBeNull();
    expect(state.views).toBe(1);

    // With the customer's consent to show the vehicle: plates and the driver's first name and phone.
    expect((await api('PUT', `/api/customers/${customerA.uuid}`, { trackShowVehicle: true })).statusCode).toBe(200);
    const shown = (await track(token)).json();
    expect(shown.vehicle).toEqual({
      truckPlate: 'PO12345',
      trailerPlate: 'PO6789X',
      driverFirstName: 'Jan',
      driverPhone: '+48 600700800',
    });
    expect(JSON.stringify(shown)).not.toContain('Kowalski');
    expect((await api('PUT', `/api/customers/${customerA.uuid}`, { trackShowVehicle: null })).statusCode).toBe(200);

    const rotated = await api('POST', `/api/orders/${o.uuid}/customer_link`, { rotate: true });
    expect(rotated.statusCode).toBe(201);
    expect((await track(token)).statusCode).toBe(404);
  });

  it('answers a wrong, expired, revoked or malformed token with one Polish 404, and never opens another order', async () => {
    const a = await order(customerA);
    const b = await order(customerB);
    const { token: ta } = await trackLink(a.uuid);
    const { token: tb } = await trackLink(b.uuid);
    expect((await track(ta)).json().number).toBe(a.number);
    expect((await track(tb)).json().number).toBe(b.number);
    // Another order's document through this order's link: 404.
    expect((await track(ta, `/documents/${b.uuid}`)).statusCode).toBe(404);
    expect((await track(ta, `/documents/${a.uuid}`)).headers['content-type']).toBe('application/pdf');
    for (const bad of [
      'x',
      'a'.repeat(43),
      `${ta.slice(0, 42)}${ta.endsWith('A') ? 'B' : 'A'}`,
      '../../etc/passwd',
      "1' OR '1'='1",
    ]) {
      const res = await track(encodeURIComponent(bad));
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().detail).toBe(customerWindowMessages.linkInvalid);
    }
    // Revoked.
    expect((await api('POST', `/api/orders/${a.uuid}/customer_link/revoke`)).statusCode).toBe(200);
    expect((await track(ta)).statusCode).toBe(404);
    expect((await api('POST', `/api/orders/${a.uuid}/customer_link/revoke`)).statusCode).toBe(409);
    // Expired: 30 days after the unloading.
    await t.database.db.execute(
      sql`UPDATE orders SET loading_date = now() - interval '40 days', unloading_date = now() - interval '31 days' WHERE uuid = ${b.uuid}`,
    );
    const expired = await track(tb);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().detail).toBe(customerWindowMessages.linkInvalid);
    expect((await api('GET', `/api/orders/${b.uuid}/customer_link`)).json().expired).toBe(true);
    // History of the office's changes.
    const history = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM record_history WHERE record_uuid = ${a.uuid} AND changes::text LIKE '%customerLink%'`,
    );
    expect(history[0]?.n).toBe(2);
  });

  it("gives the order confirmation PDF its own 'Widoczny dla klienta': visible by default, hidden on the page and its documents route when switched off, a history line per change", async () => {
    const o = await order(customerA);
    const { token } = await trackLink(o.uuid);
    const orderDocs = (view: Json) => (view.documents as Json[]).filter((d) => d.kind === 'order');
    // As before: shown and downloadable.
    expect((await api('GET', `/api/orders/${o.uuid}/customer_link`)).json().orderPdfVisible).toBe(true);
    expect(orderDocs((await track(token)).json())).toHaveLength(1);
    expect((await track(token, `/documents/${o.uuid}`)).statusCode).toBe(200);
    // Hidden: not listed, its route a 404; the link itself stays the same.
    const hidden = await api('POST', `/api/orders/${o.uuid}/customer_link`, { orderPdfVisible: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().orderPdfVisible).toBe(false);
    expect(hidden.json().url).toContain(token);
    expect(orderDocs((await track(token)).json())).toHaveLength(0);
    expect((await track(token, `/documents/${o.uuid}`)).statusCode).toBe(404);
    // The same value again changes nothing and writes nothing.
    expect((await api('POST', `/api/orders/${o.uuid}/customer_link`, { orderPdfVisible: false })).statusCode).toBe(200);
    // Shown again.
    expect(
      (await api('POST', `/api/orders/${o.uuid}/customer_link`, { orderPdfVisible: true })).json().orderPdfVisible,
    ).toBe(true);
    expect(orderDocs((await track(token)).json())).toHaveLength(1);
    expect((await track(token, `/documents/${o.uuid}`)).statusCode).toBe(200);
    const history = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM record_history WHERE record_uuid = ${o.uuid} AND changes::text LIKE '%orderPdfVisibleToCustomer%'`,
    );
    expect(history[0]?.n).toBe(2);
    // Set on an order without a link: no link is issued, the switch is kept for the first one.
    const fresh = await order(customerA);
    const set = await api('POST', `/api/orders/${fresh.uuid}/customer_link`, { orderPdfVisible: false });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().active).toBe(false);
    expect(set.json().url).toBeNull();
    const later = await trackLink(fresh.uuid);
    expect(orderDocs((await track(later.token)).json())).toHaveLength(0);
    expect((await track(later.token, `/documents/${fresh.uuid}`)).statusCode).toBe(404);
  });

  it('stops a guesser by address', async () => {
    const ip = '10.9.9.9';
    let last = 0;
    for (let i = 0; i < 610; i++) last = (await track('b'.repeat(43), '', ip)).statusCode;
    expect(last).toBe(429);
  }, 120_000);

  it('mails the customer each milestone once with the link — sent, loaded, unloaded, CMR — also when two instances hear it twice', async () => {
    const o = await order(customerA);
    const sent = await api('POST', `/api/orders/${o.uuid}/send/customer`);
    expect(sent.statusCode, sent.body).toBe(200);
    const token = await carrierToken(o.uuid);
    // A second instance of the app on the same database, and the carrier reporting twice at once through both.
    const second = await buildApp({
      config: t.config,
      db: t.database.db,
      softDelete: createSoftDeleteRegistry(),
      logger: false,
    });
    await second.ready();
    try {
      const loaded = await Promise.all([carrierEvent(token, 'loaded'), carrierEvent(token, 'loaded', second)]);
      expect(loaded.map((r) => r.statusCode)).toEqual([200, 200]);
      const unloaded = await Promise.all([carrierEvent(token, 'unloaded', second), carrierEvent(token, 'unloaded')]);
      expect(unloaded.map((r) => r.statusCode)).toEqual([200, 200]);
    } finally {
      await second.close();
    }
    // The CMR arrives after unloading: released at once (the default setting), mailed once.
    const upload = multipart({ kind: 'cmr' }, { name: 'cmr.pdf', data: SAMPLES.pdf(), type: 'application/pdf' });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/public/portal/${token}/documents`,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(up.statusCode, up.body).toBe(201);
    // The office confirming loading afterwards mails nothing more.
    expect((await api('PUT', `/api/orders/${o.uuid}`, { loadingFinished: true })).statusCode).toBe(200);

    const rows = await t.database.db.select().from(customerMilestones).where(eq(customerMilestones.orderId, o.id));
    expect(rows.map((r) => r.milestone).sort()).toEqual(['cmr', 'loaded', 'sent', 'unloaded']);
    await t.app.outbox.flush();
    const toCustomer = smtp.received.filter((m) => m.to.includes('a@klient-a.example'));
    const bodies = toCustomer.map((m) => decodedBody(m.raw)).filter((b) => b.includes(o.number));
    const link = (await api('GET', `/api/orders/${o.uuid}/customer_link`)).json();
    expect(link.url).toMatch(/\/t\//);
    // The confirmation carries the link; then one short mail per milestone.
    expect(bodies.length).toBe(4);
    for (const body of bodies) expect(body).toContain(link.url);
    expect(bodies.filter((b) => b.includes('załadowany')).length).toBe(1);
    expect(bodies.filter((b) => b.includes('rozładowany')).length).toBe(1);
    expect(bodies.filter((b) => b.includes('CMR do pobrania')).length).toBe(1);
    expect(link.milestones.map((m: Json) => m.mail)).toEqual(['sent', 'sent', 'sent', 'sent']);

    const view = (await track(link.url.split('/t/')[1])).json();
    expect(view.status).toBe('unloaded');
    expect(view.timeline.map((e: Json) => e.type)).toEqual(['loaded', 'unloaded']);
    const cmr = view.documents.find((d: Json) => d.kind === 'cmr');
    expect(cmr).toBeTruthy();
    const file = await t.app.inject({ method: 'GET', url: cmr.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it("mails only the customer's chosen milestones; releases a CMR by hand when automatic release is off", async () => {
    expect((await api('PUT', `/api/customers/${customerB.uuid}`, { milestoneMails: 'cmr' })).statusCode).toBe(200);
    expect((await api('PUT', '/api/settings/customerCmrAutoRelease', { value: 'nie' })).statusCode).toBe(200);
    const bad = await api('PUT', `/api/customers/${customerB.uuid}`, { milestoneMails: 'loaded,hacked' });
    expect(bad.statusCode).toBe(422);
    try {
      const o = await order(customerB);
      const token = await carrierToken(o.uuid);
      expect((await carrierEvent(token, 'loaded')).statusCode).toBe(200);
      expect((await carrierEvent(token, 'unloaded')).statusCode).toBe(200);
      const upload = multipart({ kind: 'cmr' }, { name: 'cmr.pdf', data: SAMPLES.pdf(), type: 'application/pdf' });
      const doc = (await api('POST', `/api/orders/${o.uuid}/documents`, undefined, admin, upload.headers).then(
        () => null,
      )) as null;
      expect(doc).toBeNull();
      const staffUpload = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${o.uuid}/documents`,
        payload: upload.payload,
        headers: { ...upload.headers, ...bearer(admin) },
      });
      expect(staffUpload.statusCode, staffUpload.body).toBe(201);
      const { token: tt } = await trackLink(o.uuid);
      expect((await track(tt)).json().documents.filter((d: Json) => d.kind === 'cmr')).toEqual([]);
      const uuid = staffUpload.json().uuid as string;
      expect((await track(tt, `/documents/${uuid}`)).statusCode).toBe(404);
      const released = await api('PUT', `/api/documents/${uuid}`, { visibleToCustomer: true });
      expect(released.statusCode, released.body).toBe(200);
      expect((await track(tt)).json().documents.filter((d: Json) => d.kind === 'cmr').length).toBe(1);
      const [row] = await t.database.db.select().from(orderDocuments).where(eq(orderDocuments.uuid, uuid));
      expect(row?.visibleToCustomer).toBe(true);
      const state = (await api('GET', `/api/orders/${o.uuid}/customer_link`)).json();
      // Loading and unloading were reached but not mailed; the CMR was.
      expect(state.milestones.map((m: Json) => [m.milestone, m.mail === 'none' ? 'none' : 'mailed'])).toEqual([
        ['loaded', 'none'],
        ['unloaded', 'none'],
        ['cmr', 'mailed'],
      ]);
      const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'b@klient-b.example'));
      // English, by the customer's language.
      expect(mails.filter((m) => m.subject.includes(o.number)).map((m) => m.subject)).toEqual([
        `Order ${o.number}: CMR available`,
      ]);
    } finally {
      await api('PUT', '/api/settings/customerCmrAutoRelease', { value: 'tak' });
    }
  });

  // The panel: invitation, password, login, its screens, and two customers against each other.
  async function invite(customer: { uuid: string }, email: string) {
    const res = await api('POST', `/api/customers/${customer.uuid}/panel_users`, { email, name: `Osoba ${email}` });
    expect(res.statusCode, res.body).toBe(201);
    const mail = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).at(-1);
    const token = /\/panel\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] as string;
    expect(token).toBeTruthy();
    return { panelUser: res.json(), token };
  }
  const accept = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: `/api/panel/invitations/${token}/accept`, payload: { password } });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

  it('invites a person: the one-time link sets the password within 72 hours; the person signs in with the e-mail; disabling ends the session', async () => {
    const { panelUser, token } = await invite(customerA, 'anna@klient-a.example');
    expect(panelUser.active).toBe(true);
    expect(panelUser.passwordSetAt).toBeNull();
    // Not before the password is set.
    expect((await login('anna@klient-a.example', '!invited')).statusCode).toBe(401);
    expect((await accept(token, 'krótkie')).statusCode).toBe(422);
    const ok = await accept(token, 'Haslo-Anny-123');
    expect(ok.statusCode, ok.body).toBe(200);
    // Single-use.
    expect((await accept(token, 'Inne-Haslo-456')).statusCode).toBe(404);
    const signed = await login('Anna@klient-a.example', 'Haslo-Anny-123');
    expect(signed.statusCode).toBe(200);
    const { token: access, refreshToken } = signed.json();
    expect((await api('GET', '/api/panel/me', undefined, access)).json().customer.companyName).toBe(
      'Klient A Sp. z o.o.',
    );
    // Staff see the person, the customers list marks the customer.
    const list = (await api('GET', `/api/customers/${customerA.uuid}/panel_users`)).json();
    expect(list['hydra:member'][0].passwordSetAt).not.toBeNull();
    expect((await api('GET', `/api/customers/${customerA.uuid}`)).json().panelUsers).toBe(1);
    // The person is no staff user.
    expect((await api('GET', '/api/users')).json()['hydra:member'].map((u: Json) => u.login)).not.toContain(
      'anna@klient-a.example',
    );

    // Disabled: the next request is refused, the refresh token too, and a login.
    expect((await api('PUT', `/api/panel_users/${panelUser.uuid}`, { active: false })).statusCode).toBe(200);
    expect((await api('GET', '/api/panel/me', undefined, access)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refreshToken } })).statusCode,
    ).toBe(401);
    expect((await login('anna@klient-a.example', 'Haslo-Anny-123')).statusCode).toBe(401);
    expect((await api('PUT', `/api/panel_users/${panelUser.uuid}`, { active: true })).statusCode).toBe(200);
    expect((await login('anna@klient-a.example', 'Haslo-Anny-123')).statusCode).toBe(200);

    // An expired invitation is refused.
    const late = await invite(customerA, 'piotr@klient-a.example');
    await t.database.db.update(panelInvitations).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect((await accept(late.token, 'Haslo-Piotra-123')).statusCode).toBe(404);
    // The same address again: one login per address.
    expect(
      (await api('POST', `/api/customers/${customerB.uuid}/panel_users`, { email: 'anna@klient-a.example', name: 'X' }))
        .statusCode,
    ).toBe(409);
  });

  it('limits failed panel logins as staff logins', async () => {
    const { token } = await invite(customerB, 'limit@klient-b.example');
    expect((await accept(token, 'Haslo-Limit-123')).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await login('limit@klient-b.example', 'zle-haslo')).statusCode);
    expect(codes.at(-1)).toBe(429);
    expect((await login('limit@klient-b.example', 'Haslo-Limit-123')).statusCode).toBe(429);
  });

  it("shows the panel's five screens with the customer's own rows only; a new query reaches the caretaker; nothing of the other customer, ever", async () => {
    const dispatcherRes = await api('POST', '/api/users', {
      login: 'opiekun',
      name: 'Opiekun Klienta',
      plainPassword: 'Haslo-Opiekuna-1',
      roles: ['ROLE_USER'],
    });
    expect(dispatcherRes.statusCode).toBe(201);
    await t.database.db.update(users).set({ telegramUserId: '777' }).where(eq(users.login, 'opiekun'));
    const caretaker = await t.login('opiekun', 'Haslo-Opiekuna-1');
    const oa = (
      await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: bearer(caretaker),
        payload: orderOf(customerA['@id'], { cargo: 'Towar klienta A', carrier: carrier['@id'], carrierPrice: 111100 }),
      })
    ).json();
    const ob = await order(customerB, { cargo: 'Towar klienta B' });
    const qb = (
      await api('POST', '/api/queries', queryOf(customerB['@id'], { customerPriceSuggested: 420000 }))
    ).json();
    const qa = (
      await api(
        'POST',
        '/api/queries',
        queryOf(customerA['@id'], { customerPriceSuggested: 310000, user: dispatcherRes.json()['@id'] }),
      )
    ).json();
    const ia = (
      await api(
        'POST',
        '/api/invoices',
        invoiceOf(customerA['@id'], { orderEntity: oa['@id'], paymentDate: inDays(60) }),
      )
    ).json();
    const ib = (await api('POST', '/api/invoices', invoiceOf(customerB['@id'], { orderEntity: ob['@id'] }))).json();
    expect(ia.uuid && ib.uuid).toBeTruthy();

    const { token: inv } = await invite(customerA, 'ola@klient-a.example');
    expect((await accept(inv, 'Haslo-Oli-1234')).statusCode).toBe(200);
    const a = (await login('ola@klient-a.example', 'Haslo-Oli-1234')).json().token as string;
    const { token: invB } = await invite(customerB, 'bob@klient-b.example');
    // The invitation page in the customer's language: the English-speaking customer's link says so.
    const mailTo = async (to: string) =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).at(-1)?.text ?? '';
    expect(await mailTo('bob@klient-b.example')).toMatch(/\/panel\/invite\/[\w-]+\?lang=en\n/);
    expect(await mailTo('ola@klient-a.example')).toMatch(/\/panel\/invite\/[\w-]+\n/);
    expect((await accept(invB, 'Haslo-Boba-1234')).statusCode).toBe(200);
    const b = (await login('bob@klient-b.example', 'Haslo-Boba-1234')).json().token as string;

    // Zlecenia.
    const orders = (await api('GET', '/api/panel/orders', undefined, a)).json();
    expect(orders['@type']).toBe('hydra:Collection');
    const numbers = orders['hydra:member'].map((o: Json) => o.number);
    expect(numbers).toContain(oa.number);
    expect(numbers).not.toContain(ob.number);
    expect([...keysOf(orders)].filter((k) => (CUSTOMER_DENIED_KEYS as readonly string[]).includes(k))).toEqual([]);
    // The order's view, as the tracking page's; another customer's order is a 404.
    const one = await api('GET', `/api/panel/orders/${oa.uuid}`, undefined, a);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().trackUrl).toMatch(/^\/t\//);
    expect(one.body).not.toContain('Tajny Przewoźnik');
    expect(one.json().invoices.map((i: Json) => i.number)).toEqual([ia.number]);
    // The order confirmation PDF follows its own 'Widoczny dla klienta' in the panel too.
    const pdfIn = (view: Json) => (view.documents as Json[]).some((d) => d.kind === 'order');
    expect(pdfIn(one.json())).toBe(true);
    expect((await api('POST', `/api/orders/${oa.uuid}/customer_link`, { orderPdfVisible: false })).statusCode).toBe(
      200,
    );
    expect(pdfIn((await api('GET', `/api/panel/orders/${oa.uuid}`, undefined, a)).json())).toBe(false);
    expect((await api('POST', `/api/orders/${oa.uuid}/customer_link`, { orderPdfVisible: true })).statusCode).toBe(200);
    expect((await api('GET', `/api/panel/orders/${ob.uuid}`, undefined, a)).statusCode).toBe(404);
    // A filter on the other customer's NIP finds nothing; other filters as the office's list.
    const byNip = (await api('GET', '/api/panel/orders?customer.nip=5260250274', undefined, a)).json();
    expect(byNip['hydra:totalItems']).toBe(0);
    const filtered = await api('GET', '/api/panel/orders?cargo=klienta&order[loadingDate]=desc', undefined, a);
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json()['hydra:member'].every((o: Json) => String(o.cargo).includes('klienta A'))).toBe(true);
    // The panel's filter row: the address dialogs (street, city, country) and a sort on a visible column.
    const byPlace = await api(
      'GET',
      `/api/panel/orders?loadingStreetAddress=${encodeURIComponent('zzz-nie-ma')}&order[cargo]=asc`,
      undefined,
      a,
    );
    expect(byPlace.statusCode, byPlace.body).toBe(200);
    expect(byPlace.json()['hydra:totalItems']).toBe(0);
    const byCountry = await api('GET', '/api/panel/orders?loadingCountry=pl&order[unloadingCity]=desc', undefined, a);
    expect(byCountry.json()['hydra:totalItems']).toBe(orders['hydra:totalItems']);
    // Filters the panel does not offer are ignored, never a way into the carrier's data.
    const leak = (await api('GET', '/api/panel/orders?carrierPrice[gte]=111100&carrier.nip=1', undefined, a)).json();
    expect(leak['hydra:totalItems']).toBe(orders['hydra:totalItems']);
    expect((await api('GET', '/api/panel/orders?loadingDate[after]=wczoraj', undefined, a)).statusCode).toBe(400);
    // Sorted by the status as the customer sees it, along the order's life: a just accepted order before an unloaded
    // one (the office's confirmation here; the carrier's report counts the same), and back the other way.
    // Made by the customer's caretaker as the other: the panel's new query below goes to the latest order's owner.
    const unloaded = (
      await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: bearer(caretaker),
        payload: orderOf(customerA['@id'], { cargo: 'Rozładowany towar klienta A' }),
      })
    ).json();
    await t.database.db
      .update(ordersTable)
      .set({ loadingFinished: true, unloadingFinished: true })
      .where(eq(ordersTable.uuid, unloaded.uuid));
    const byStatus = async (direction: string): Promise<[string, TrackStatus][]> =>
      (await api('GET', `/api/panel/orders?order[status]=${direction}`, undefined, a))
        .json()
        ['hydra:member'].map((o: Json) => [o.number, o.status]);
    const rank = (rows: [string, TrackStatus][]) => rows.map(([, status]) => TRACK_STATUSES.indexOf(status));
    const ascending = await byStatus('asc');
    expect(new Set(ascending.map(([, status]) => status)).size).toBeGreaterThan(1);
    expect(rank(ascending)).toEqual([...rank(ascending)].sort((x, y) => x - y));
    expect(ascending.findIndex(([n]) => n === oa.number)).toBeLessThan(
      ascending.findIndex(([n]) => n === unloaded.number),
    );
    const descending = await byStatus('desc');
    expect(rank(descending)).toEqual([...rank(descending)].sort((x, y) => y - x));
    expect(descending.findIndex(([n]) => n === unloaded.number)).toBeLessThan(
      descending.findIndex(([n]) => n === oa.number),
    );
    expect((await api('GET', '/api/panel/orders?order[status]=w-bok', undefined, a)).statusCode).toBe(400);

    // Zapytania, with the price quoted.
    const queries = (await api('GET', '/api/panel/queries', undefined, a)).json()['hydra:member'];
    expect(queries.map((q: Json) => q.uuid)).toContain(qa.uuid);
    expect(queries.map((q: Json) => q.uuid)).not.toContain(qb.uuid);
    expect(queries.find((q: Json) => q.uuid === qa.uuid).priceQuoted).toBe(310000);

    // Faktury, the PDF, the balance.
    const invoices = (await api('GET', '/api/panel/invoices', undefined, a)).json()['hydra:member'];
    expect(invoices.map((i: Json) => i.uuid)).toEqual([ia.uuid]);
    expect(invoices[0].dueAmount).toBeGreaterThan(0);
    const pdf = await api('GET', `/api/panel/invoices/${ia.uuid}/pdf`, undefined, a);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await api('GET', `/api/panel/invoices/${ib.uuid}/pdf`, undefined, a)).statusCode).toBe(404);
    const balance = (await api('GET', '/api/panel/balance', undefined, a)).json();
    expect(balance.balances).toEqual([{ currency: 'pln', due: invoices[0].dueAmount, overdue: 0 }]);

    // Nowe zapytanie: once per Idempotency-Key, for the office marked 'od klienta', the caretaker told.
    const payload = {
      cargo: 'Maszyny z panelu',
      loadingCity: 'Gniezno',
      loadingCountry: 'PL',
      loadingDate: '2026-12-10',
      unloadingCity: 'Praga',
      unloadingCountry: 'CZ',
      cargoWeight: 1200,
      customer: customerB['@id'],
      customerPrice: 1,
      user: '/api/users/00000000-0000-4000-8000-000000000000',
    };
    const key = { 'idempotency-key': 'panel-query-1' };
    const created = await api('POST', '/api/panel/queries', payload, a, key);
    expect(created.statusCode, created.body).toBe(201);
    const again = await api('POST', '/api/panel/queries', payload, a, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const office = (await api('GET', `/api/queries/${created.json().uuid}`)).json();
    expect(office.customer['@id']).toBe(customerA['@id']);
    expect(office.customerPrice).toBeNull();
    expect(office.user.name).toBe('Opiekun Klienta');
    expect(office.fromCustomer).toBe(true);
    expect(office.createdBy.name).toBe('Osoba ola@klient-a.example');
    expect(office.createdBy.login).toBe('ola@klient-a.example');
    const tasks = (await t.app.inject({ method: 'GET', url: '/api/tasks', headers: bearer(caretaker) })).json();
    expect(tasks['hydra:member'].some((task: Json) => String(task.comment).includes('Klient A'))).toBe(true);
    const telegram = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM telegram_messages WHERE kind = 'panel' AND chat_id = '777'`,
    );
    expect(telegram[0]?.n).toBe(1);
    const history = await selectRows<{ user_name: string }>(
      t.database.db,
      sql`SELECT user_name FROM record_history WHERE record_uuid = ${created.json().uuid} AND action = 'create'`,
    );
    expect(history.map((h) => h.user_name)).toEqual(['Osoba ola@klient-a.example']);
    expect((await api('POST', '/api/panel/queries', { cargo: '' }, a)).statusCode).toBe(422);

    // B never sees A's query.
    const bQueries = (await api('GET', '/api/panel/queries', undefined, b)).json()['hydra:member'];
    expect(bQueries.map((q: Json) => q.uuid)).not.toContain(created.json().uuid);

    // A customer's token on staff routes: 403; a staff token on the panel's: 403.
    for (const url of ['/api/orders', `/api/orders/${oa.uuid}`, '/api/customers', '/api/invoices', '/api/users']) {
      expect((await api('GET', url, undefined, a)).statusCode, url).toBe(403);
    }
    expect((await api('GET', '/api/panel/orders')).statusCode).toBe(403);
    // A panel login is no one's owner in the office: a staff form naming it is refused.
    const [ola] = await t.database.db
      .select({ uuid: users.uuid })
      .from(users)
      .where(eq(users.login, 'ola@klient-a.example'));
    const owned = await api('POST', '/api/queries', queryOf(customerA['@id'], { user: `/api/users/${ola?.uuid}` }));
    expect(owned.statusCode).toBe(422);
  });

  it("attaches the released CMR to the VAT invoice's mail on 'Dołącz CMR'; without one released it says so", async () => {
    const o = await order(customerA);
    const invoice = (await api('POST', '/api/invoices', invoiceOf(customerA['@id'], { orderEntity: o['@id'] }))).json();
    const refused = await api('POST', `/api/invoices/${invoice.uuid}/send`, { attachCmr: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations[0].message).toBe(customerWindowMessages.noReleasedCmr);
    const upload = multipart(
      { kind: 'cmr' },
      { name: 'cmr-do-faktury.pdf', data: SAMPLES.pdf(), type: 'application/pdf' },
    );
    const doc = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${o.uuid}/documents`,
      payload: upload.payload,
      headers: { ...upload.headers, ...bearer(admin) },
    });
    expect(doc.statusCode).toBe(201);
    expect((await api('PUT', `/api/documents/${doc.json().uuid}`, { visibleToCustomer: true })).statusCode).toBe(200);
    const sent = await api('POST', `/api/invoices/${invoice.uuid}/send`, { attachCmr: true });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.outbox.flush();
    const mail = smtp.received
      .filter((m) => m.raw.includes(invoice.number.replace(/\//g, '_')) || m.raw.includes(invoice.number))
      .at(-1);
    expect(mail?.raw).toContain('cmr-do-faktury.pdf');
    expect(mail?.raw).toMatch(/application\/pdf/);
  });

  it("reaches 'loaded' and 'unloaded' from the loadings' confirmations too, once", async () => {
    const o = await order(customerA);
    for (let i = 0; i < 2; i++) {
      const loaded = await api('POST', `/api/orders/${o.uuid}/loadingConfirmation`, { loadingFinished: true });
      expect(loaded.statusCode, loaded.body).toBe(200);
    }
    const unloaded = await api('POST', `/api/orders/${o.uuid}/unloadingConfirmation`, {
      unloadingFinished: true,
      customerPaid: false,
    });
    expect(unloaded.statusCode, unloaded.body).toBe(200);
    const rows = await t.database.db.select().from(customerMilestones).where(eq(customerMilestones.orderId, o.id));
    expect(rows.map((r) => r.milestone).sort()).toEqual(['loaded', 'unloaded']);
    const { token } = await trackLink(o.uuid);
    const view = (await track(token)).json();
    expect(view.status).toBe('unloaded');
    expect(view.timeline.map((e: Json) => e.by)).toEqual(['office', 'office']);
  });
});
