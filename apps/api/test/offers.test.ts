import { publicOfferMessages } from '@spedycja/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import type { Database } from '../src/db/client.ts';
import { createOutbox } from '../src/mail/outbox.ts';
import { createMailTransport } from '../src/mail/transport.ts';
import { CUSTOMER, queryOf, SHIPMENT } from './fixtures.ts';
import { ADMIN, bearer, dbKinds, freshDatabase, testConfig } from './helpers.ts';
import { decodedBody, startSmtp, type TestSmtp } from './smtp.ts';

describe.each(dbKinds)('offers and the public offer page on %s', (kind) => {
  let app: FastifyInstance;
  let database: Database;
  let smtp: TestSmtp;
  let token: string;
  let queryIri: string;
  let queryUuid: string;
  let customerIri: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://spedycja.example' });
    database = await freshDatabase(kind);
    await bootstrap(database.db, config);
    const outbox = createOutbox(
      database.db,
      createMailTransport({ smtpUrl: smtp.url, dataDir: config.dataDir }),
      config.mailFrom,
    );
    app = await buildApp({ config, db: database.db, outbox, logger: false });
    token = (
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: ADMIN.username, password: ADMIN.password },
      })
    ).json().token;
    customerIri = (await api('POST', '/api/customers', CUSTOMER)).json()['@id'];
    const q = (
      await api('POST', '/api/queries', {
        ...SHIPMENT,
        customer: customerIri,
        cargo: 'Stal w kręgach',
        loadingCity: 'Katowice',
        loadingCountry: 'PL',
        loadingDate: '2026-12-03',
        unloadingCity: 'Wiedeń',
        unloadingCountry: 'AT',
        unloadingDate: '2026-12-05',
        customerPrice: 500000,
        additionalInfo: 'Notatka wewnętrzna: klient płaci po 60 dniach',
      })
    ).json();
    queryIri = q['@id'];
    queryUuid = q.uuid;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await smtp.close();
  });

  function api(method: string, url: string, payload?: unknown, headers: Record<string, string> = bearer(token)) {
    return app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  const bestOffer = async () => {
    const q = (await api('GET', `/api/queries/${queryUuid}`)).json();
    return [q.bestOffer, q.bestOfferCurrency];
  };

  it('adds staff offers (201) with defaults and keeps the lowest as the best offer, EUR through the rate', async () => {
    const carrier = (await api('POST', '/api/carriers', { companyName: 'Trans-Bud', phone: '604111222' })).json();
    const pln = await api('POST', '/api/offers', { query: queryIri, carrier: carrier['@id'], price: 420000 });
    expect(pln.statusCode).toBe(201);
    expect(pln.json()).toMatchObject({
      acquiredBy: 'brak',
      currency: 'pln',
      price: 420000,
      active: true,
      carrier: { companyName: 'Trans-Bud' },
    });
    expect(await bestOffer()).toEqual([420000, 'pln']);
    // 1 000 EUR × 4,30 = 4 300 PLN: more than 4 200 PLN.
    const eur = (
      await api('POST', '/api/offers', { query: queryIri, price: 100000, currency: 'eur', acquiredBy: 'trans' })
    ).json();
    expect(await bestOffer()).toEqual([420000, 'pln']);
    // 950 EUR × 4,30 = 4 085 PLN: now the best.
    await api('PUT', `/api/offers/${eur.uuid}`, { price: 95000 });
    expect(await bestOffer()).toEqual([95000, 'eur']);
    // The best-offer filter compares in PLN: 950 EUR is 4 085 PLN, not 950.
    const inPln = async (q: string) =>
      (await api('GET', `/api/queries?${q}`)).json()['hydra:member'].map((x: { uuid: string }) => x.uuid);
    expect(await inPln('bestOffer[lte]=410000')).toContain(queryUuid);
    expect(await inPln('bestOffer[lte]=100000')).not.toContain(queryUuid);
    // A stronger euro changes which is cheaper.
    const settings = (await api('GET', '/api/settings')).json()['hydra:member'];
    const rate = settings.find((s: { key: string }) => s.key === 'euroExchangeRate');
    await api('PUT', `/api/settings/${rate.uuid}`, { value: '450' });
    expect(await bestOffer()).toEqual([420000, 'pln']);
    await api('PUT', `/api/settings/${rate.uuid}`, { value: '430' });
    expect(await bestOffer()).toEqual([95000, 'eur']);
    expect((await api('DELETE', `/api/offers/${eur.uuid}`)).statusCode).toBe(204);
    expect(await bestOffer()).toEqual([420000, 'pln']);
    const list = (await api('GET', `/api/offers?query.uuid=${queryUuid}`)).json();
    expect(list['hydra:totalItems']).toBe(1);
  });

  it('filters queries by best offer', async () => {
    const hit = (await api('GET', '/api/queries?bestOffer[lte]=430000')).json()['hydra:member'];
    expect(hit.map((q: { uuid: string }) => q.uuid)).toEqual([queryUuid]);
    expect((await api('GET', '/api/queries?bestOffer[lte]=100')).json()['hydra:totalItems']).toBe(0);
  });

  it('shows open queries publicly without customer, prices or notes', async () => {
    const res = await api('GET', '/api/public/queries', undefined, {});
    expect(res.statusCode).toBe(200);
    const [q] = res.json()['hydra:member'];
    expect(q).toMatchObject({
      uuid: queryUuid,
      cargo: 'Stal w kręgach',
      loadingCity: 'Katowice',
      unloadingCountry: 'AT',
    });
    const text = JSON.stringify(res.json());
    for (const secret of ['customerPrice', 'bestOffer', 'additionalInfo', 'Notatka', '500000', 'customer"', 'user']) {
      expect(text).not.toContain(secret);
    }
    expect((await api('GET', '/api/public/queries?loadingCountry=de', undefined, {})).json()['hydra:member']).toEqual(
      [],
    );
    // A load whose date has passed is no longer offered to carriers.
    await api(
      'POST',
      '/api/queries',
      queryOf(customerIri, {
        cargo: 'Wczorajszy',
        loadingCity: 'Opole',
        loadingDate: '2020-01-02',
        unloadingDate: '2020-01-03',
      }),
    );
    const shown = (await api('GET', '/api/public/queries?itemsPerPage=50', undefined, {})).json()['hydra:member'];
    expect(shown.map((x: { cargo: string }) => x.cargo)).not.toContain('Wczorajszy');
  });

  it('places a public offer, e-mails a single-use link, and activates the offer when it is opened', async () => {
    const payload = {
      query: queryIri,
      email: 'przewoznik@example.pl',
      phonePrefix: '48',
      phone: '600700800',
      price: 390000,
      currency: 'pln',
    };
    const res = await api('POST', '/api/public/offers', payload, {});
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(publicOfferMessages.success);
    // Not active yet: not the best offer and not among the staff's offers, but the query shows it is waiting.
    expect(await bestOffer()).toEqual([420000, 'pln']);
    expect((await api('GET', `/api/offers?query.uuid=${queryUuid}`)).json()['hydra:totalItems']).toBe(1);
    expect((await api('GET', `/api/queries/${queryUuid}`)).json().pendingOffers).toBe(1);
    const pending = (await api('GET', `/api/offers?query.uuid=${queryUuid}&active=false`)).json()['hydra:member'];
    expect(pending).toMatchObject([{ active: false, email: 'przewoznik@example.pl', price: 390000 }]);

    await app.outbox.flush();
    const mail = smtp.received.find((m) => m.to.includes('przewoznik@example.pl'));
    expect(mail).toBeDefined();
    const body = decodedBody(mail?.raw ?? '');
    expect(body).toContain('Katowice (Polska) → Wiedeń (Austria)');
    expect(body).toContain('3 900,00 zł');
    const link = /https:\/\/spedycja\.example\/verify\?token=([\w-]+)/.exec(body);
    expect(link).not.toBeNull();
    const verify = await api('POST', '/api/public/offers/verify', { token: link?.[1] }, {});
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ status: 'verified', message: publicOfferMessages.verified });
    expect(await bestOffer()).toEqual([390000, 'pln']);
    expect((await api('GET', `/api/queries/${queryUuid}`)).json().pendingOffers).toBe(0);
    const again = await api('POST', '/api/public/offers/verify', { token: link?.[1] }, {});
    expect(again.json().status).toBe('already');
    const offers = (await api('GET', `/api/offers?query.uuid=${queryUuid}`)).json()['hydra:member'];
    expect(offers.find((o: { email: string }) => o.email === 'przewoznik@example.pl')).toMatchObject({
      active: true,
      acquiredBy: 'strona',
    });
  });

  it('refuses a forged link with 410', async () => {
    const res = await api('GET', '/api/public/offers/verify?token=this-is-not-a-real-token', undefined, {});
    expect(res.statusCode).toBe(410);
    expect(res.json().detail).toBe(publicOfferMessages.linkInvalid);
  });

  it('validates the public form: e-mail, phone 5–15 digits, pln/eur, price', async () => {
    const res = await api(
      'POST',
      '/api/public/offers',
      { query: queryIri, email: 'zly', phone: '12', price: null, currency: 'usd' },
      {},
    );
    expect(res.statusCode).toBe(422);
    const fields = res
      .json()
      .violations.map((v: { propertyPath: string }) => v.propertyPath)
      .sort();
    expect(fields).toEqual(['currency', 'email', 'phone', 'price']);
  });

  it('refuses an offer on a deleted or inactive query', async () => {
    const other = (
      await api(
        'POST',
        '/api/queries',
        queryOf(customerIri, {
          cargo: 'Zamknięte',
          loadingCity: 'Gdańsk',
          unloadingCity: 'Ryga',
          unloadingCountry: 'LV',
          status: 'nieaktywne',
        }),
      )
    ).json();
    const res = await api(
      'POST',
      '/api/public/offers',
      { query: other['@id'], email: 'a@example.pl', phone: '600700801', price: 1000, currency: 'eur' },
      {},
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0]).toEqual({ propertyPath: 'query', message: publicOfferMessages.queryClosed });
  });

  it('rate-limits offers per e-mail', async () => {
    const payload = { query: queryIri, email: 'spam@example.pl', phone: '600700802', price: 1000, currency: 'pln' };
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await app.inject({ method: 'POST', url: '/api/public/offers', payload, remoteAddress: `10.9.0.${i}` }))
          .statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('rate-limits offers per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const payload = { query: queryIri, email: `ip${i}@example.pl`, phone: '600700803', price: 1000, currency: 'pln' };
      codes.push(
        (await app.inject({ method: 'POST', url: '/api/public/offers', payload, remoteAddress: '10.8.8.8' }))
          .statusCode,
      );
    }
    expect(codes[20]).toBe(429);
    const limited = await app.inject({
      method: 'POST',
      url: '/api/public/offers',
      payload: { query: queryIri, email: 'x@example.pl', phone: '600700804', price: 1, currency: 'pln' },
      remoteAddress: '10.8.8.8',
    });
    expect(limited.json().detail).toBe(publicOfferMessages.tooMany);
  });

  it("marks an offer whose carrier's OCP has ended or ends before the query's unloading day", async () => {
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
    const query = (
      await api('POST', '/api/queries', {
        ...SHIPMENT,
        customer: customerIri,
        loadingDate: day(10),
        unloadingDate: day(20),
      })
    ).json();
    const carrierWith = async (ocpValidTo: string | null) =>
      (await api('POST', '/api/carriers', { companyName: `OCP ${ocpValidTo}`, ocpValidTo })).json()['@id'];
    const cases: [string | null, unknown[]][] = [
      [day(-1), [{ code: 'ocp_expired', message: 'OCP wygasło' }]],
      [day(15), [{ code: 'ocp_expires_before_unloading', message: `OCP wygasa ${ddmmyyyy(day(15))}` }]],
      [day(30), []],
      [null, []],
    ];
    for (const [validTo, warnings] of cases) {
      const offer = await api('POST', '/api/offers', {
        query: query['@id'],
        carrier: await carrierWith(validTo),
        price: 1,
      });
      expect(offer.statusCode).toBe(201);
      expect((await api('GET', `/api/offers/${offer.json().uuid}`)).json().warnings).toEqual(warnings);
    }
    const listed = (await api('GET', `/api/offers?query.uuid=${query.uuid}`)).json()['hydra:member'];
    expect(listed.flatMap((o: { warnings: { code: string }[] }) => o.warnings.map((w) => w.code)).sort()).toEqual([
      'ocp_expired',
      'ocp_expires_before_unloading',
    ]);
  });
});
