import { orderMessages, validationMessages } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import type { Database } from '../src/db/client.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import { createOutbox } from '../src/mail/outbox.ts';
import { createMailTransport } from '../src/mail/transport.ts';
import { docxText, pdfPages, pdfText } from './documents.ts';
import { ADMIN, bearer, dbKinds, freshDatabase, testConfig } from './helpers.ts';
import { decodedBody, freePort, startSmtp, type TestSmtp } from './smtp.ts';

describe.each(dbKinds)('orders on %s', (kind) => {
  let app: FastifyInstance;
  let database: Database;
  let smtp: TestSmtp;
  let smtpPort: number;
  let token: string;
  let customer: { '@id': string; uuid: string };
  let carrier: { '@id': string; uuid: string };
  let mute: { '@id': string };

  beforeAll(async () => {
    smtpPort = await freePort();
    smtp = await startSmtp(smtpPort);
    const config = testConfig({ SMTP_URL: smtp.url });
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
    customer = (
      await api('POST', '/api/customers', {
        companyName: 'Żabka Logistyka Sp. z o.o.',
        nip: '5260250274',
        email: 'zamowienia@zabka.example',
        city: 'Poznań',
        postalCode: '61-131',
        streetAddress: 'ul. Święty Marcin 1',
        country: 'PL',
      })
    ).json();
    carrier = (
      await api('POST', '/api/carriers', {
        companyName: 'Przewozy Łukasz Gęś',
        nip: '7740001454',
        email: 'dyspozycja@ges.example',
        phone: '601601601',
      })
    ).json();
    mute = (await api('POST', '/api/carriers', { companyName: 'Bez Maila', phone: '602602602' })).json();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await smtp.close();
  });

  function api(method: string, url: string, payload?: unknown) {
    return app.inject({
      method: method as 'GET',
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  const order = (overrides: Record<string, unknown> = {}) => ({
    cargo: 'Meble tapicerowane, 33 palety',
    cargoLength: 1360,
    cargoWidth: 245,
    cargoHeight: 270,
    cargoWeight: 1850,
    loadingCity: 'Poznań',
    loadingPostalCode: '61-131',
    loadingStreetAddress: 'ul. Bałtycka 25',
    loadingCountry: 'PL',
    loadingDate: '2026-12-07',
    unloadingCity: 'Lyon',
    unloadingPostalCode: '69007',
    unloadingCountry: 'FR',
    unloadingDate: '2026-12-09',
    customer: customer['@id'],
    customerPrice: 1250000,
    customerPriceCurrency: 'pln',
    carrier: carrier['@id'],
    carrierPrice: 210000,
    carrierPriceCurrency: 'eur',
    carrierDateOfPaymentString: 'po rozladunku',
    driverName: 'Grzegorz Żółć',
    driverPhone: '700800900',
    truck: 'PO 12345',
    trailer: 'PO 6789A',
    additionalInfo: 'TAJNE: marża 40%',
    orderAdditionalInfo: 'Awizacja 24 h przed rozładunkiem. Pasy 12 szt.',
    ...overrides,
  });

  it('creates an order with a number, the owner, createdBy/changedBy, the rate and defaults', async () => {
    const res = await api('POST', '/api/orders', order());
    expect(res.statusCode).toBe(201);
    const o = res.json();
    expect(o.number).toMatch(/^\d+\/\d{2}\/\d{4}$/);
    expect(o).toMatchObject({
      '@type': 'Order',
      status: 'aktywne',
      euroExchangeRate: 430,
      driverPhonePrefix: '48',
      loadingType: 'brak informacji',
      customerPrice: 1250000,
      carrierPrice: 210000,
      carrierPriceCurrency: 'eur',
      showInCalendar: true,
      mailSentToCustomer: false,
      customer: { companyName: 'Żabka Logistyka Sp. z o.o.' },
      carrier: { companyName: 'Przewozy Łukasz Gęś' },
      user: { login: 'admin' },
      createdBy: { login: 'admin' },
      changedBy: { login: 'admin' },
    });
    expect(o.distance).toBeGreaterThan(900);
  });

  it('numbers orders consecutively and uniquely, also when created at the same time', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api('POST', '/api/orders', order({ cargo: `Równolegle ${i}` }))),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const all = (await api('GET', '/api/orders?pagination=false&status=wszystkie')).json()['hydra:member'] as {
      number: string;
    }[];
    const seq = all.map((o) => Number(o.number.split('/')[0])).sort((a, b) => a - b);
    expect(seq).toEqual(Array.from({ length: seq.length }, (_, i) => i + 1));
  });

  it('refuses unloading before loading', async () => {
    const res = await api('POST', '/api/orders', order({ unloadingDate: '2026-12-01' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0]).toEqual({
      propertyPath: 'unloadingDate',
      message: validationMessages.loadingAfterUnloading,
    });
  });

  it('filters by number, NIPs, prices, dates ([gt]/[lt] for the calendar) and user, and sorts', async () => {
    await api(
      'POST',
      '/api/orders',
      order({
        cargo: 'Grudniowy',
        loadingDate: '2026-12-20',
        unloadingDate: '2026-12-21',
        customerPrice: 99900,
        carrier: mute['@id'],
      }),
    );
    const cargo = async (q: string) =>
      (await api('GET', `/api/orders?${q}`)).json()['hydra:member'].map((o: { cargo: string }) => o.cargo);
    expect(await cargo('loadingDate[gt]=2026-12-15&loadingDate[lt]=2026-12-31&pagination=false')).toEqual([
      'Grudniowy',
    ]);
    expect(await cargo('customerPrice[lte]=100000')).toEqual(['Grudniowy']);
    expect(await cargo('carrier.nip=774000')).not.toContain('Grudniowy');
    expect(await cargo('customer.nip=5260250274&cargo=grudn')).toEqual(['Grudniowy']);
    expect(await cargo('customer.nip=526-025-02&cargo=grudn')).toEqual(['Grudniowy']);
    expect(await cargo('customer=526 025 02&cargo=grudn')).toEqual(['Grudniowy']);
    expect(await cargo('carrier=bez maila')).toEqual(['Grudniowy']);
    expect(await cargo('user.name=admin&cargo=Grudniowy')).toEqual(['Grudniowy']);
    const first = (await api('GET', '/api/orders?order[number]=asc&itemsPerPage=1')).json();
    expect(first['hydra:member'][0].number.startsWith('1/')).toBe(true);
    expect((await api('GET', '/api/orders')).json()['hydra:member']).toHaveLength(8);
    expect((await api('GET', '/api/orders?number=x&loadingDate[gt]=nie')).statusCode).toBe(400);
  });

  it('finds an order by its number from the start, a month by /MM/YYYY, and sorts numbers as numbers', async () => {
    const all = async (q: string) =>
      (await api('GET', `/api/orders?status=wszystkie&pagination=false&${q}`)).json()['hydra:member'] as {
        number: string;
      }[];
    // At least eleven orders this month, so that '1/…' and '11/…' both exist.
    for (let n = (await all('')).length; n < 11; n++) await api('POST', '/api/orders', order({ cargo: `Numer ${n}` }));
    const [, month, year] = ((await all(''))[0]?.number ?? '').split('/');
    expect((await all(`number=1/${month}/${year}`)).map((o) => o.number)).toEqual([`1/${month}/${year}`]);
    const ones = (await all('number=1')).map((o) => o.number);
    expect(ones).toContain(`11/${month}/${year}`);
    expect(ones.every((n) => n.startsWith('1'))).toBe(true);
    // Two and three characters as typed (their own indexes): '11' is 11/…, 110/…; '1/' is 1/… and not 11/….
    const elevens = (await all('number=11')).map((o) => o.number);
    expect(elevens).toContain(`11/${month}/${year}`);
    expect(elevens.every((n) => n.startsWith('11'))).toBe(true);
    const firsts = (await all('number=1/')).map((o) => o.number);
    expect(firsts).toContain(`1/${month}/${year}`);
    expect(firsts.every((n) => n.startsWith('1/'))).toBe(true);
    expect((await all('number=1%')).length).toBe(0);
    const ofMonth = await all(`number=/${month}/${year}`);
    expect(ofMonth.length).toBeGreaterThanOrEqual(11);
    const sorted = (await all('order[number]=asc')).map((o) => Number(o.number.split('/')[0]));
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    expect((await all('order[number]=desc')).map((o) => Number(o.number.split('/')[0]))[0]).toBe(Math.max(...sorted));
  });

  it('refuses a loading type that does not exist, as a filter and as a value', async () => {
    expect((await api('GET', '/api/orders?loadingType=foo')).statusCode).toBe(400);
    expect((await api('GET', '/api/orders?loadingType=dzwigiem')).statusCode).toBe(200);
    expect((await api('POST', '/api/orders', order({ loadingType: 'foo' }))).statusCode).toBe(422);
  });

  it('refuses to delete a customer or carrier that orders use, in Polish, and deletes nothing', async () => {
    const customerDelete = await api('DELETE', `/api/customers/${customer.uuid}`);
    expect(customerDelete.statusCode).toBe(409);
    expect(customerDelete.json().detail).toBe('Nie można usunąć klienta, który ma zapytania, zlecenia lub faktury.');
    const carrierDelete = await api('DELETE', `/api/carriers/${carrier.uuid}`);
    expect(carrierDelete.statusCode).toBe(409);
    expect(carrierDelete.json().detail).toBe('Nie można usunąć przewoźnika, który ma oferty lub zlecenia.');
    expect((await api('GET', `/api/customers/${customer.uuid}`)).statusCode).toBe(200);
    expect((await api('GET', `/api/carriers/${carrier.uuid}`)).statusCode).toBe(200);
  });

  it('updates partially, records changedBy and keeps the rest', async () => {
    const o = (await api('POST', '/api/orders', order({ cargo: 'Do zmiany' }))).json();
    const res = await api('PUT', `/api/orders/${o.uuid}`, {
      carrierPrice: 220000,
      status: 'zakonczone',
      customerPaid: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      carrierPrice: 220000,
      status: 'zakonczone',
      customerPaid: true,
      cargo: 'Do zmiany',
      number: o.number,
    });
  });

  it('writes the carrier document as a PDF and a Word file with every field, never the internal note', async () => {
    const o = (await api('POST', '/api/orders', order({ cargo: 'Dokumentowy', loadingType: 'dzwigiem' }))).json();
    const pdf = await api('GET', `/api/orders/${o.uuid}/export/pdf/carrier`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="zlecenie_${o.number.replaceAll('/', '-')}_przewoznik.pdf"`,
    );
    for (const text of [
      await pdfText(pdf.rawPayload),
      docxText((await api('GET', `/api/orders/${o.uuid}/export/word/carrier`)).rawPayload),
    ]) {
      expect(text).toContain(`Zlecenie transportowe nr ${o.number}`);
      expect(text).toContain('Przewozy Łukasz Gęś');
      expect(text).toContain('Spedycja Przykład Sp. z o.o.');
      expect(text).toContain('ul. Bałtycka 25, 61-131 Poznań, Polska');
      expect(text).toContain('69007 Lyon, Francja');
      expect(text).toContain('07/12/2026');
      expect(text).toContain('13,60 × 2,45 × 2,70 m');
      expect(text).toContain('18,50 t');
      expect(text).toContain('2 100,00 €');
      expect(text).toContain('po rozładunku');
      expect(text).toContain('dźwigiem');
      expect(text).toContain('Grzegorz Żółć');
      expect(text).toContain('PO 12345');
      expect(text).toContain('Awizacja 24 h przed rozładunkiem');
      expect(text).toContain('OCP');
      expect(text).toContain('CMR');
      expect(text).not.toContain('TAJNE');
      expect(text).not.toContain('12 500,00');
    }
  });

  it('fits a fully filled carrier order on one page, and flows a long note onto the next without a lone caption', async () => {
    const full = order({
      cargo: 'Meble tapicerowane i elementy kuchenne w kartonach, 33 palety EUR, nie piętrować, chronić przed wilgocią',
      unloadingStreetAddress: '12 Rue de Marseille, Zone Industrielle Nord, Bâtiment C, quai 14',
      loadingType: 'wozkiem widlowym',
      carrierDateOfPayment: '2027-01-20',
      carrierDateOfPaymentString: null,
      driverId: 'ABC123456',
      driverPhone: '700800900',
      orderAdditionalInfo:
        'Awizacja 24 h przed rozładunkiem pod numerem +33 4 78 00 00 00. Pasy 12 szt., narożniki, mata antypoślizgowa. ' +
        'Kierowca zgłasza się na bramie B z dokumentem CMR i numerem zlecenia.',
    });
    const one = (await api('POST', '/api/orders', full)).json();
    const pages = await pdfPages((await api('GET', `/api/orders/${one.uuid}/export/pdf/carrier`)).rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Przewoźnik (akceptacja zlecenia)');
    expect(pages[0]).toContain('Zleceniodawca');

    const long = (
      await api('POST', '/api/orders', {
        ...full,
        orderAdditionalInfo: 'Długa uwaga dla kierowcy o rozładunku. '.repeat(100),
      })
    ).json();
    const flowed = await pdfPages((await api('GET', `/api/orders/${long.uuid}/export/pdf/carrier`)).rawPayload);
    expect(flowed.length).toBeGreaterThan(1);
    const last = flowed.at(-1) as string;
    // The signatures stand with their captions, together on one page, never a caption alone.
    expect(last).toContain('Zleceniodawca');
    expect(last).toContain('Przewoźnik (akceptacja zlecenia)');
    for (const page of flowed) {
      // A page never ends on a heading whose content went to the next page.
      expect(page.trimEnd()).not.toMatch(/(Uwagi|Warunki zlecenia)( · strona \d+ z \d+)?$/);
    }
  });

  it('writes the customer confirmation with the customer price, not the carrier price', async () => {
    const o = (await api('POST', '/api/orders', order({ cargo: 'Dla klienta' }))).json();
    const docx = await api('GET', `/api/orders/${o.uuid}/export/word/customer`);
    expect(docx.headers['content-disposition']).toContain('_klient.docx"');
    const text = docxText(docx.rawPayload);
    expect(text).toContain(`Potwierdzenie zlecenia nr ${o.number}`);
    expect(text).toContain('Żabka Logistyka Sp. z o.o.');
    expect(text).toContain('12 500,00 zł');
    expect(text).not.toContain('2 100,00 €');
    expect(text).not.toContain('TAJNE');
    expect((await api('GET', `/api/orders/${o.uuid}/export/pdf/nobody`)).statusCode).toBe(400);
  });

  it('sends the document to the carrier with the PDF attached and marks it sent', async () => {
    const o = (await api('POST', '/api/orders', order({ cargo: 'Wysyłkowy' }))).json();
    const res = await api('POST', `/api/orders/${o.uuid}/send/carrier`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(orderMessages.sentToCarrier);
    // Sent when the mail server accepted it, not when it was queued.
    await app.outbox.flush();
    const sentOrder = (await api('GET', `/api/orders/${o.uuid}`)).json();
    expect(sentOrder).toMatchObject({ mailSentToCarrier: true, mailSentToCarrierAddress: 'dyspozycja@ges.example' });
    expect(Date.parse(sentOrder.mailSentToCarrierAt)).toBeGreaterThan(Date.now() - 60_000);
    const mail = smtp.received.find(
      (m) => m.to.includes('dyspozycja@ges.example') && decodedBody(m.raw).includes(o.number),
    );
    expect(mail).toBeDefined();
    expect(mail?.raw).toContain(`zlecenie_${o.number.replaceAll('/', '-')}_przewoznik.pdf`);
    const get = await api('GET', `/api/orders/${o.uuid}/send/customer`);
    expect(get.json().message).toBe(orderMessages.sentToCustomer);
  });

  it('refuses to send to a party without an e-mail, and marks nothing', async () => {
    const o = (await api('POST', '/api/orders', order({ cargo: 'Bez maila', carrier: mute['@id'] }))).json();
    const res = await api('POST', `/api/orders/${o.uuid}/send/carrier`);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(orderMessages.noCarrierEmail);
    expect((await api('GET', `/api/orders/${o.uuid}`)).json().mailSentToCarrier).toBe(false);
    const create = await api(
      'POST',
      '/api/orders',
      order({ cargo: 'Nie powstanie', carrier: mute['@id'], sendMailToCarrier: true }),
    );
    expect(create.statusCode).toBe(422);
    expect((await api('GET', '/api/orders?cargo=Nie powstanie')).json()['hydra:totalItems']).toBe(0);
  });

  it('sends on create when asked, and a mail waits while the server is down then goes once', async () => {
    await smtp.close();
    const before = smtp.received.length;
    const o = (await api('POST', '/api/orders', order({ cargo: 'Serwer padł', sendMailToCustomer: true }))).json();
    expect(o.mailSentToCustomer).toBe(false);
    await app.outbox.flush();
    expect((await api('GET', `/api/orders/${o.uuid}`)).json().mailSentToCustomer).toBe(false);
    const [pending] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    expect(pending?.to).toBe('zamowienia@zabka.example');
    expect(pending?.attempts).toBe(1);
    smtp = await startSmtp(smtpPort);
    await database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.status, 'pending'));
    await app.outbox.flush();
    await app.outbox.flush();
    const got = smtp.received.filter((m) => decodedBody(m.raw).includes(o.number));
    expect(got).toHaveLength(1);
    expect(before).toBeGreaterThan(0);
    expect((await api('GET', `/api/orders/${o.uuid}`)).json().mailSentToCustomer).toBe(true);
  });

  it("converts a query to an order with its best offer's carrier, keeps the query, and back", async () => {
    const q = (
      await api('POST', '/api/queries', {
        cargo: 'Z zapytania',
        loadingCity: 'Wrocław',
        loadingCountry: 'PL',
        loadingDate: '2026-12-10',
        unloadingCity: 'Praga',
        unloadingCountry: 'CZ',
        unloadingDate: '2026-12-11',
        customer: customer['@id'],
        customerPrice: 400000,
        customerPriceSuggested: 380000,
        customerDateOfPaymentString: 'przed rozladunkiem',
        orderAdditionalInfo: 'Awizacja dzień wcześniej',
      })
    ).json();
    await api('POST', '/api/offers', { query: q['@id'], carrier: carrier['@id'], price: 250000, acquiredBy: 'trans' });
    await api('POST', '/api/offers', { query: q['@id'], price: 300000 });
    const res = await api('POST', `/api/queries/${q.uuid}/changeType`);
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({
      '@type': 'Order',
      cargo: 'Z zapytania',
      loadingCity: 'Wrocław',
      unloadingCountry: 'CZ',
      distance: q.distance,
      customer: { '@id': customer['@id'] },
      customerPrice: 380000,
      customerDateOfPaymentString: 'przed rozladunkiem',
      orderAdditionalInfo: 'Awizacja dzień wcześniej',
      carrier: { '@id': carrier['@id'] },
      carrierPrice: 250000,
      carrierPriceCurrency: 'pln',
      carrierAcquiredBy: 'trans',
      user: { login: 'admin' },
      query: q['@id'],
      status: 'aktywne',
    });
    // The query is kept, converted, linked to its order, its offers readable; it is not converted twice.
    const kept = (await api('GET', `/api/queries/${q.uuid}`)).json();
    expect(kept).toMatchObject({ status: 'zamienione', order: o['@id'] });
    expect((await api('GET', `/api/offers?query.uuid=${q.uuid}`)).json()['hydra:totalItems']).toBe(2);
    expect((await api('GET', '/api/queries?status=aktywne&cargo=Z zapytania')).json()['hydra:totalItems']).toBe(0);
    expect((await api('GET', '/api/queries?status=zamienione&cargo=Z zapytania')).json()['hydra:totalItems']).toBe(1);
    expect((await api('GET', `/api/queries/${q.uuid}/changeType`)).statusCode).toBe(409);

    const back = await api('GET', `/api/orders/${o.uuid}/changeType`);
    expect(back.statusCode).toBe(200);
    const q2 = back.json();
    expect(q2).toMatchObject({
      '@type': 'Query',
      cargo: 'Z zapytania',
      customerPrice: 380000,
      customerDateOfPaymentString: 'przed rozladunkiem',
      orderAdditionalInfo: 'Awizacja dzień wcześniej',
      status: 'aktywne',
      customer: { '@id': customer['@id'] },
      order: o['@id'],
      // The carrier agreed on the order is an offer on the new query.
      bestOffer: 250000,
      bestOfferCurrency: 'pln',
    });
    const offers = (await api('GET', `/api/offers?query.uuid=${q2.uuid}`)).json()['hydra:member'];
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      price: 250000,
      currency: 'pln',
      acquiredBy: 'trans',
      carrier: { uuid: carrier.uuid },
    });
    // The order is kept with its number, as converted; it is not converted again.
    expect((await api('GET', `/api/orders/${o.uuid}`)).json()).toMatchObject({
      status: 'zamienione',
      number: o.number,
      query: q2['@id'],
    });
    expect((await api('POST', `/api/orders/${o.uuid}/changeType`)).statusCode).toBe(409);
  });

  it('converts a query with the offer the dispatcher picks, and refuses an offer of another query', async () => {
    const base = {
      cargo: 'Wybór oferty',
      loadingCity: 'Wrocław',
      loadingCountry: 'PL',
      loadingDate: '2026-12-10',
      unloadingCity: 'Praga',
      unloadingCountry: 'CZ',
      unloadingDate: '2026-12-11',
      customer: customer['@id'],
      customerPriceSuggested: 500000,
    };
    const q = (await api('POST', '/api/queries', base)).json();
    const other = (await api('POST', '/api/queries', { ...base, cargo: 'Inne zapytanie' })).json();
    const cheap = (
      await api('POST', '/api/offers', { query: q['@id'], carrier: carrier['@id'], price: 200000 })
    ).json();
    const chosen = (
      await api('POST', '/api/offers', {
        query: q['@id'],
        carrier: carrier['@id'],
        price: 90000,
        currency: 'eur',
        acquiredBy: 'timo',
      })
    ).json();
    const foreign = (
      await api('POST', '/api/offers', { query: other['@id'], carrier: carrier['@id'], price: 1 })
    ).json();
    expect(cheap.price).toBe(200000);
    const refused = await api('POST', `/api/queries/${q.uuid}/changeType`, { offer: foreign['@id'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations[0].propertyPath).toBe('offer');
    expect((await api('GET', `/api/queries/${q.uuid}`)).json().status).toBe('aktywne');
    const o = (await api('POST', `/api/queries/${q.uuid}/changeType`, { offer: chosen['@id'] })).json();
    expect(o).toMatchObject({
      carrierPrice: 90000,
      carrierPriceCurrency: 'eur',
      carrierAcquiredBy: 'timo',
      customerPrice: 500000,
    });
  });

  it('names the query an order came from and the offer it took; the offer names the order', async () => {
    const base = {
      cargo: 'Oferta wybrana',
      loadingCity: 'Wrocław',
      loadingCountry: 'PL',
      loadingDate: '2026-12-10',
      unloadingCity: 'Praga',
      unloadingCountry: 'CZ',
      unloadingDate: '2026-12-11',
      customer: customer['@id'],
      customerPriceSuggested: 500000,
    };
    const offerOn = async (q: { '@id': string }, price: number) =>
      (await api('POST', '/api/offers', { query: q['@id'], carrier: carrier['@id'], price })).json();
    // Picked: not the best one.
    const q = (await api('POST', '/api/queries', base)).json();
    const best = await offerOn(q, 100000);
    const picked = await offerOn(q, 200000);
    const o = (await api('POST', `/api/queries/${q.uuid}/changeType`, { offer: picked['@id'] })).json();
    expect(o).toMatchObject({ query: q['@id'], queryId: q.id, chosenOffer: picked['@id'], carrierPrice: 200000 });
    expect((await api('GET', `/api/orders/${o.uuid}`)).json()).toMatchObject({
      queryId: q.id,
      chosenOffer: picked['@id'],
    });
    const marks = (await api('GET', `/api/offers?query.uuid=${q.uuid}`)).json()['hydra:member'];
    const markOf = (offer: { uuid: string }) => marks.find((m: { uuid: string }) => m.uuid === offer.uuid)?.chosenBy;
    expect(markOf(picked)).toBe(o['@id']);
    expect(markOf(best)).toBeNull();
    expect((await api('GET', `/api/offers/${picked.uuid}`)).json().chosenBy).toBe(o['@id']);
    // Lists say the same, whole or projected (the projection is written by PostgreSQL).
    const listed = (await api('GET', `/api/orders?number=${encodeURIComponent(o.number)}`)).json()['hydra:member'];
    expect(listed[0]).toMatchObject({ queryId: q.id, chosenOffer: picked['@id'] });
    const projected = (
      await api(
        'GET',
        `/api/orders?number=${encodeURIComponent(o.number)}&properties[]=number&properties[]=chosenOffer`,
      )
    ).json()['hydra:member'];
    expect(projected).toEqual([
      { '@id': o['@id'], '@type': 'Order', uuid: o.uuid, number: o.number, chosenOffer: picked['@id'] },
    ]);
    // Without a pick the order takes, and names, the best offer.
    const q2 = (await api('POST', '/api/queries', base)).json();
    await offerOn(q2, 300000);
    const cheapest = await offerOn(q2, 150000);
    const o2 = (await api('POST', `/api/queries/${q2.uuid}/changeType`)).json();
    expect(o2).toMatchObject({ queryId: q2.id, chosenOffer: cheapest['@id'], carrierPrice: 150000 });
    // A deleted query (the app's soft delete) still gives its number.
    expect((await api('POST', `/api/remove/${q2.uuid}`, { type: 'query', reason: 1 })).statusCode).toBe(200);
    expect((await api('GET', `/api/orders/${o2.uuid}`)).json()).toMatchObject({ query: q2['@id'], queryId: q2.id });
    // An order typed in names neither.
    const typed = (await api('POST', '/api/orders', order({ cargo: 'Bez zapytania' }))).json();
    expect(typed).toMatchObject({ query: null, queryId: null, chosenOffer: null });
    expect((await api('GET', `/api/orders/${typed.uuid}`)).json()).toMatchObject({ queryId: null, chosenOffer: null });
  });

  it('keeps loading and unloading times as typed at the place, and filters them by day', async () => {
    const at = (loadingDate: string, cargo: string) =>
      api('POST', '/api/orders', order({ cargo, loadingDate, unloadingDate: '2026-12-20' }));
    const morning = (await at('2026-12-07 08:00', 'Godzina ósma')).json();
    expect(morning.loadingDate).toBe('2026-12-07T08:00:00.000Z');
    await at('2026-12-07 23:30', 'Godzina późna');
    await at('2026-12-08 00:30', 'Po północy');
    const day = (
      await api(
        'GET',
        '/api/orders?status=wszystkie&loadingDate[after]=2026-12-07&loadingDate[before]=2026-12-07&cargo=Godzina',
      )
    ).json()['hydra:member'];
    expect(day.map((o: { cargo: string }) => o.cargo).sort()).toEqual(['Godzina późna', 'Godzina ósma']);
    const next = (
      await api('GET', '/api/orders?status=wszystkie&loadingDate[after]=2026-12-08&cargo=Po północy')
    ).json();
    expect(next['hydra:totalItems']).toBe(1);
    const text = await pdfText((await api('GET', `/api/orders/${morning.uuid}/export/pdf/carrier`)).rawPayload);
    expect(text).toContain('08:00, 07/12/2026');
  });

  it('refuses a half-typed order with every missing field named, and uses no number for it', async () => {
    const before = (await api('POST', '/api/orders', order({ cargo: 'Przed pustym' }))).json();
    const empty = await api('POST', '/api/orders', {});
    expect(empty.statusCode).toBe(422);
    const fields = empty.json().violations.map((v: { propertyPath: string }) => v.propertyPath);
    expect(fields).toEqual(
      expect.arrayContaining([
        'customer',
        'cargo',
        'loadingCity',
        'loadingCountry',
        'loadingDate',
        'unloadingCity',
        'unloadingCountry',
        'unloadingDate',
        'customerPrice',
      ]),
    );
    // Left out, the currency is the usual PLN; sent empty, it is refused.
    const noCurrency = await api('POST', '/api/orders', order({ customerPriceCurrency: null }));
    expect(noCurrency.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([
      'customerPriceCurrency',
    ]);
    for (const v of empty.json().violations) expect(v.message).toBe(validationMessages.required);
    const blank = await api('POST', '/api/orders', order({ loadingCity: '  ', customerPrice: null }));
    expect(
      blank
        .json()
        .violations.map((v: { propertyPath: string }) => v.propertyPath)
        .sort(),
    ).toEqual(['customerPrice', 'loadingCity']);
    // An edit may leave a required field out, but not empty it.
    expect((await api('PUT', `/api/orders/${before.uuid}`, { cargo: '' })).statusCode).toBe(422);
    expect((await api('PUT', `/api/orders/${before.uuid}`, { trailer: 'PO 1' })).statusCode).toBe(200);
    const after = (await api('POST', '/api/orders', order({ cargo: 'Po pustym' }))).json();
    const n = (number: string) => Number(number.split('/')[0]);
    expect(n(after.number)).toBe(n(before.number) + 1);
  });

  it('soft-deletes and restores orders', async () => {
    const o = (await api('POST', '/api/orders', order({ cargo: 'Usuwany' }))).json();
    await api('POST', `/api/remove/${o.uuid}`, { type: 'order', reason: 1 });
    expect((await api('GET', '/api/orders?cargo=Usuwany')).json()['hydra:totalItems']).toBe(0);
    // Deleted: the admin still reads it (the deleted view); nobody edits or sends it until it is restored.
    expect((await api('GET', `/api/orders/${o.uuid}`)).statusCode).toBe(200);
    expect((await api('PUT', `/api/orders/${o.uuid}`, { cargo: 'Zmieniony' })).statusCode).toBe(404);
    expect((await api('POST', `/api/orders/${o.uuid}/send/carrier`)).statusCode).toBe(404);
    await api('POST', '/api/users', {
      login: 'dyspozytor',
      name: 'Dyspozytor',
      plainPassword: 'haslo-dysp-123',
      roles: ['ROLE_USER'],
    });
    const user = (
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'dyspozytor', password: 'haslo-dysp-123' },
      })
    ).json().token;
    for (const url of [`/api/orders/${o.uuid}`, `/api/orders/${o.uuid}/export/pdf/carrier`]) {
      expect((await app.inject({ method: 'GET', url, headers: bearer(user) })).statusCode, url).toBe(404);
    }
    expect((await api('GET', `/api/orders/${o.uuid}`)).json().cargo).toBe('Usuwany');
    expect((await api('GET', '/api/orders?cargo=Usuwany&deletionReason[gt]=0')).json()['hydra:totalItems']).toBe(1);
    await api('POST', `/api/restore/${o.uuid}`, { type: 'order' });
    expect((await api('GET', '/api/orders?cargo=Usuwany')).json()['hydra:totalItems']).toBe(1);
  });
});
