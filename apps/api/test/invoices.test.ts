import { invoiceMessages, validationMessages } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import type { Database } from '../src/db/client.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import { createNbpClient } from '../src/integrations/nbp/http.ts';
import { createOutbox } from '../src/mail/outbox.ts';
import { createMailTransport } from '../src/mail/transport.ts';
import { pdfText } from './documents.ts';
import { type FakeNbp, fakeMid, startFakeNbp } from './fakeNbp.ts';
import { BUYER, invoiceOf, thisMonth } from './fixtures.ts';
import { ADMIN, bearer, dbKinds, freshDatabase, testConfig } from './helpers.ts';
import { validateFa3 } from './ksef.ts';
import { decodedBody, freePort, startSmtp, type TestSmtp } from './smtp.ts';

/** The PDF attachments of a received message, decoded. */
function pdfAttachments(raw: string): Buffer[] {
  const parts = raw.split(/\r?\n--/);
  return parts
    .filter((p) => /content-type:\s*application\/pdf/i.test(p))
    .map((p) => {
      const body =
        p
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n')
          .split(/\r?\n--/)[0] ?? '';
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    });
}

describe.each(dbKinds)('invoices on %s', (kind) => {
  let app: FastifyInstance;
  let database: Database;
  let smtp: TestSmtp;
  let nbp: FakeNbp;
  let token: string;
  let userToken: string;
  let customer: { '@id': string; uuid: string };
  let euCustomer: { '@id': string; uuid: string };

  beforeAll(async () => {
    smtp = await startSmtp();
    nbp = await startFakeNbp('2026-11-20');
    const config = testConfig({ SMTP_URL: smtp.url, NBP_API_URL: nbp.url });
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
    await api('POST', '/api/users', {
      login: 'dyspozytorka',
      name: 'Dyspozytorka',
      plainPassword: 'haslo-dysp-123',
      roles: ['ROLE_USER'],
    });
    userToken = (
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'dyspozytorka', password: 'haslo-dysp-123' },
      })
    ).json().token;
    customer = (
      await api('POST', '/api/customers', {
        companyName: 'Żabka Logistyka Sp. z o.o.',
        nip: '7831672591',
        email: 'faktury@zabka.example',
        streetAddress: 'ul. Święty Marcin 1',
        postalCode: '61-131',
        city: 'Poznań',
        country: 'PL',
      })
    ).json();
    euCustomer = (
      await api('POST', '/api/customers', {
        companyName: 'Bauhaus Logistik GmbH',
        nip: 'DE811569869',
        email: 'dispo@bauhaus.example',
        streetAddress: 'Hafenstraße 8',
        postalCode: '10557',
        city: 'Berlin',
        country: 'DE',
        phonePrefix: '49',
        phone: '3040506070',
      })
    ).json();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await smtp.close();
    await nbp.close();
  });

  function api(method: string, url: string, payload?: unknown, as = token) {
    return app.inject({
      method: method as 'GET',
      url,
      headers: bearer(as),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  // Each body differs: the same POST again within seconds is answered as a double click (http/dedupe.ts).
  let seq = 0;
  const invoice = (overrides: Record<string, unknown> = {}) =>
    invoiceOf(customer['@id'], {
      description: `Faktura testowa ${++seq}`,
      invoicePositions: [
        { title: 'Usługa transportu', amount: 1250, unit: 'km', netto: 350, vatRate: 2300, nettoValue: 1, vatValue: 2 },
      ],
      ...overrides,
    });

  it('answers 401 without a token and 403 to a dispatcher on every invoice route', async () => {
    const created = (await api('POST', '/api/invoices', invoice())).json();
    const urls: [string, string][] = [
      ['GET', '/api/invoices'],
      ['GET', '/api/invoices/summary'],
      ['GET', `/api/invoices/${created.uuid}`],
      ['POST', '/api/invoices'],
      ['PUT', `/api/invoices/${created.uuid}`],
      ['DELETE', `/api/invoices/${created.uuid}`],
      ['GET', `/api/invoices/${created.uuid}/export/pdf`],
      ['GET', `/api/invoices/${created.uuid}/export/ksef`],
      ['POST', `/api/invoices/${created.uuid}/send`],
      ['GET', `/api/invoices/${created.uuid}/draft?type=corrective`],
      ['POST', '/api/invoice_positions'],
      ['POST', `/api/invoice_positions/${created.invoicePositions[0].uuid}`],
      ['DELETE', `/api/invoice_positions/${created.invoicePositions[0].uuid}`],
      ['GET', '/api/exchange_rates/eur?date=2026-11-23'],
    ];
    for (const [method, url] of urls) {
      expect((await app.inject({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(401);
      expect(
        (await api(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, userToken)).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
  });

  it('creates a VAT invoice with its positions in one request: number, title, server-computed values and totals', async () => {
    const res = await api(
      'POST',
      '/api/invoices',
      invoice({
        invoicePositions: [
          {
            title: 'Usługa transportu',
            amount: 1250,
            unit: 'km',
            netto: 350,
            vatRate: 2300,
            nettoValue: 999,
            bruttoValue: 1,
          },
          { title: 'Postój', amount: 1, unit: 'usł.', netto: 50, vatRate: 2300 },
          { title: 'Opłata drogowa DE', amount: 1, unit: 'usł.', netto: 12_345, vatRate: -100 },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const inv = res.json();
    const [yyyy, mm] = thisMonth().split('-');
    expect(inv.number).toMatch(new RegExp(`^\\d+/${mm}/${yyyy}$`));
    expect(inv).toMatchObject({
      '@type': 'Invoice',
      type: 'vat',
      invoiceSent: false,
      paid: false,
      vendorBankAccount: 'PL61109010140000071219812874',
      customer: { '@id': customer['@id'] },
      totalNet: 437_500 + 50 + 12_345,
      totalVat: 100_625 + 12,
      totalGross: 437_500 + 50 + 12_345 + 100_625 + 12,
    });
    expect(
      inv.invoicePositions.map((p: { nettoValue: number; vatValue: number; bruttoValue: number }) => [
        p.nettoValue,
        p.vatValue,
        p.bruttoValue,
      ]),
    ).toEqual([
      [437_500, 100_625, 538_125],
      [50, 12, 62],
      [12_345, 0, 12_345],
    ]);
    expect(inv.totalsByRate).toEqual([
      { vatRate: 2300, net: 437_550, vat: 100_637, gross: 538_187, vatPln: null },
      { vatRate: -100, net: 12_345, vat: 0, gross: 12_345, vatPln: null },
    ]);
    const again = (await api('GET', `/api/invoices/${inv.uuid}`)).json();
    expect(again.totalGross).toBe(inv.totalGross);
  });

  it('refuses what SPEC §5 requires with 422 naming the field, checks a Polish NIP, accepts a foreign tax id', async () => {
    const before = (await api('GET', '/api/invoices?pagination=false&type=vat')).json()['hydra:totalItems'];
    for (const field of [
      'createdDate',
      'saleDate',
      'paymentMethod',
      'currency',
      'vendorName',
      'vendorNip',
      'customerName',
      'customerNip',
      'customerCity',
    ]) {
      const res = await api('POST', '/api/invoices', invoice({ [field]: null }));
      expect(res.statusCode, field).toBe(422);
      expect(
        res.json().violations.map((v: { propertyPath: string }) => v.propertyPath),
        field,
      ).toContain(field);
    }
    const noTerm = await api('POST', '/api/invoices', invoice({ paymentDate: null }));
    expect(noTerm.json().violations).toContainEqual({
      propertyPath: 'paymentDate',
      message: validationMessages.required,
    });
    const badNip = await api('POST', '/api/invoices', invoice({ customerNip: '7831672592' }));
    expect(badNip.statusCode).toBe(422);
    expect(badNip.json().violations).toContainEqual({
      propertyPath: 'customerNip',
      message: 'Podany numer NIP jest niepoprawny!',
    });
    const corrective = await api('POST', '/api/invoices', invoice({ type: 'corrective' }));
    expect(
      corrective
        .json()
        .violations.map((v: { propertyPath: string }) => v.propertyPath)
        .sort(),
    ).toEqual(['correctedDocumentNumber', 'correctionReason']);
    const badRate = await api(
      'POST',
      '/api/invoices',
      invoice({ invoicePositions: [{ title: 'X', amount: 1, netto: 100, vatRate: 1700 }] }),
    );
    expect(badRate.json().violations[0]).toEqual({
      propertyPath: 'invoicePositions.0.vatRate',
      message: invoiceMessages.vatRateInvalid,
    });
    const negative = await api(
      'POST',
      '/api/invoices',
      invoice({ invoicePositions: [{ title: 'X', amount: 0, netto: -100, vatRate: 2300 }] }),
    );
    expect(negative.statusCode).toBe(422);
    expect((await api('GET', '/api/invoices?pagination=false&type=vat')).json()['hydra:totalItems']).toBe(before);
    const foreign = await api(
      'POST',
      '/api/invoices',
      invoice({ customerNip: 'DE811569869', customerCountry: 'DE', customerName: 'Bauhaus Logistik GmbH' }),
    );
    expect(foreign.statusCode).toBe(201);
    const noCountry = await api('POST', '/api/invoices', invoice({ customerCountry: null }));
    expect(noCountry.statusCode).toBe(201);
    expect(noCountry.json().customerCountry).toBe('PL');
    expect(
      (await api('PUT', `/api/invoices/${noCountry.json().uuid}`, { customerCountry: null })).json().customerCountry,
    ).toBe('PL');
  });

  it('numbers each type per month of issue, consecutively and uniquely under 30 concurrent creations', async () => {
    const month = '2026-03';
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api(
          'POST',
          '/api/invoices',
          invoice({ type: 'proforma', createdDate: `${month}-1${i % 9}`, description: `Równolegle ${i}` }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).every((s) => s === 201)).toBe(true);
    const numbers = results.map((r) => r.json().number as string);
    expect(numbers.every((n) => n.endsWith('/03/2026'))).toBe(true);
    expect(numbers.map((n) => Number(n.split('/')[0])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    // Another type counts on its own; a failed creation gives its number back.
    const vat = (await api('POST', '/api/invoices', invoice({ createdDate: `${month}-20` }))).json();
    expect(vat.number).toBe('1/03/2026');
    const failed = await api(
      'POST',
      '/api/invoices',
      invoice({ createdDate: `${month}-21`, customerEmail: null, sendMail: true }),
    );
    expect(failed.statusCode).toBe(422);
    expect(failed.json().detail).toBe(invoiceMessages.noEmail);
    expect((await api('POST', '/api/invoices', invoice({ createdDate: `${month}-22` }))).json().number).toBe(
      '2/03/2026',
    );
  });

  it('accepts a number typed by hand only when it is free for that type, and skips it when counting', async () => {
    const taken = await api('POST', '/api/invoices', invoice({ createdDate: '2026-04-02', number: '1/04/2026' }));
    expect(taken.statusCode).toBe(201);
    // (Another body: the same one again within seconds would be answered as a double click.)
    const clash = await api('POST', '/api/invoices', invoice({ createdDate: '2026-04-03', number: '1/04/2026' }));
    expect(clash.statusCode).toBe(422);
    expect(clash.json().violations[0]).toEqual({ propertyPath: 'number', message: invoiceMessages.numberTaken });
    expect(
      (
        await api(
          'POST',
          '/api/invoices',
          invoice({ type: 'proforma', createdDate: '2026-04-02', number: '1/04/2026' }),
        )
      ).statusCode,
    ).toBe(201);
    expect((await api('POST', '/api/invoices', invoice({ createdDate: '2026-04-03' }))).json().number).toBe(
      '2/04/2026',
    );
    const other = (await api('POST', '/api/invoices', invoice({ createdDate: '2026-04-04' }))).json();
    expect((await api('PUT', `/api/invoices/${other.uuid}`, { number: '1/04/2026' })).statusCode).toBe(422);
  });

  it("warns, without refusing, of an invoice dated back before the month's latest one (issue 34)", async () => {
    const first = await api('POST', '/api/invoices', invoice({ createdDate: '2026-06-20' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().warning).toBeUndefined();
    const back = await api('POST', '/api/invoices', invoice({ createdDate: '2026-06-10', description: 'Wstecz' }));
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().number).toBe('2/06/2026');
    expect(back.json().warning).toBe(invoiceMessages.datedBeforeLast('2/06/2026', '1/06/2026', '20/06/2026'));
    expect(back.json().warning).toMatch(/^Faktura z datą wcześniejszą niż ostatnia w tym miesiącu/);
    // The same day or later, another type, a number typed by hand: nothing to say.
    const sameDay = await api('POST', '/api/invoices', invoice({ createdDate: '2026-06-20', description: 'Ten sam' }));
    expect(sameDay.json().warning).toBeUndefined();
    const proforma = await api('POST', '/api/invoices', invoice({ type: 'proforma', createdDate: '2026-06-01' }));
    expect(proforma.json().warning).toBeUndefined();
    const typed = await api('POST', '/api/invoices', invoice({ createdDate: '2026-06-05', number: '99/06/2026' }));
    expect(typed.json().warning).toBeUndefined();
  });

  it('keeps the original two-step flow: the invoice, then its positions one by one, updated by POST to the item', async () => {
    const { positions: _unused, ...bare } = { positions: null, ...invoice({ invoicePositions: undefined }) };
    const inv = (await api('POST', '/api/invoices', bare)).json();
    expect(inv.invoicePositions).toEqual([]);
    expect(inv.totalGross).toBe(0);
    const first = await api('POST', '/api/invoice_positions', {
      invoice: inv['@id'],
      title: 'Usługa transportu',
      amount: 100,
      unit: 'km',
      netto: 450,
      vatRate: 2300,
      nettoValue: 1,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      nettoValue: 45_000,
      vatValue: 10_350,
      bruttoValue: 55_350,
      invoice: inv['@id'],
    });
    await api('POST', '/api/invoice_positions', {
      invoice: inv['@id'],
      title: 'Postój',
      amount: 2,
      unit: 'h',
      netto: 5000,
      vatRate: 800,
    });
    expect((await api('GET', `/api/invoices/${inv.uuid}`)).json().totalGross).toBe(55_350 + 10_800);
    const updated = await api('POST', `/api/invoice_positions/${first.json().uuid}`, { netto: 500 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ nettoValue: 50_000, vatValue: 11_500 });
    expect((await api('PUT', `/api/invoice_positions/${first.json().uuid}`, { vatRate: 'x' })).statusCode).toBe(422);
    expect((await api('DELETE', `/api/invoice_positions/${first.json().uuid}`)).statusCode).toBe(204);
    const after = (await api('GET', `/api/invoices/${inv.uuid}`)).json();
    expect(after.invoicePositions).toHaveLength(1);
    expect(after.totalGross).toBe(10_800);
    const dangling = await api('POST', '/api/invoice_positions', {
      invoice: '/api/invoices/00000000-0000-4000-8000-000000000000',
      title: 'X',
      amount: 1,
      netto: 1,
      vatRate: 0,
    });
    expect(dangling.statusCode).toBe(422);
  });

  it('updates partially, replaces the positions sent inline, marks paid and refuses to change the type', async () => {
    const inv = (await api('POST', '/api/invoices', invoice())).json();
    const res = await api('PUT', `/api/invoices/${inv.uuid}`, {
      description: 'Zmieniony opis',
      paid: true,
      invoicePositions: [{ title: 'Nowa', amount: 2, unit: 'usł.', netto: 10_000, vatRate: 800 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      description: 'Zmieniony opis',
      number: inv.number,
      paid: true,
      paidDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      totalNet: 20_000,
      totalVat: 1_600,
      customerName: BUYER.customerName,
    });
    expect((await api('PUT', `/api/invoices/${inv.uuid}`, { type: 'proforma' })).statusCode).toBe(422);
    expect((await api('PUT', `/api/invoices/${inv.uuid}`, { saleDate: null })).statusCode).toBe(422);
    expect((await api('PUT', `/api/invoices/${inv.uuid}`, { invoiceSent: true })).json().invoiceSent).toBe(true);
  });

  it('filters the list as the screens and the original client ask, and sorts numbers as numbers', async () => {
    const month = '2026-05';
    for (let i = 0; i < 11; i++) {
      await api(
        'POST',
        '/api/invoices',
        invoice({ createdDate: `${month}-${String(10 + i)}`, description: `Maj ${i}` }),
      );
    }
    await api('POST', '/api/invoices', invoice({ type: 'proforma', createdDate: `${month}-12` }));
    await api(
      'POST',
      '/api/invoices',
      invoice({
        createdDate: `${month}-28`,
        currency: 'eur',
        exchangeRate: 43_000,
        customerName: 'Łódzka Hurtownia',
        customerNip: '7251801126',
        paid: true,
      }),
    );
    const q = async (query: string) => (await api('GET', `/api/invoices?pagination=false&${query}`)).json();
    const ofMay = await q('createdDate[after]=2026-05-01&createdDate[before]=2026-05-31');
    expect(ofMay['hydra:totalItems']).toBe(12);
    expect(ofMay['hydra:member'].every((i: { type: string }) => i.type === 'vat')).toBe(true);
    expect((await q('number=/05/2026'))['hydra:totalItems']).toBe(12);
    expect((await q('number=/05/&type=proforma'))['hydra:totalItems']).toBe(1);
    expect(
      (await q('number=/05/2026&customerName=lodzka'))['hydra:member'].map(
        (i: { customerName: string }) => i.customerName,
      ),
    ).toEqual(['Łódzka Hurtownia']);
    expect((await q('number=/05/2026&customerNip=725-180'))['hydra:totalItems']).toBe(1);
    expect((await q('number=/05/2026&customer=7251'))['hydra:totalItems']).toBe(1);
    expect((await q('number=/05/2026&currency=eur'))['hydra:totalItems']).toBe(1);
    expect((await q('number=/05/2026&paid=true'))['hydra:totalItems']).toBe(1);
    expect((await q('number=/05/2026&paymentDate[after]=2099-01-01'))['hydra:totalItems']).toBe(0);
    const sorted = (await q('number=/05/2026&order[number]=asc'))['hydra:member'].map((i: { number: string }) =>
      Number(i.number.split('/')[0]),
    );
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    expect(sorted.at(-1)).toBe(12);
    const page = (await api('GET', '/api/invoices?number=/05/2026&itemsPerPage=5&page=2')).json();
    expect(page['hydra:member']).toHaveLength(5);
    expect(page['hydra:totalItems']).toBe(12);
    expect(page['hydra:member'][0].invoicePositions).toHaveLength(1);
    const summary = (
      await api('GET', '/api/invoices/summary?createdDate[after]=2026-05-01&createdDate[before]=2026-05-31')
    ).json();
    expect(summary.currencies).toEqual([
      { currency: 'eur', count: 1, totalNet: 437_500, totalVat: 100_625, totalGross: 538_125 },
      { currency: 'pln', count: 11, totalNet: 11 * 437_500, totalVat: 11 * 100_625, totalGross: 11 * 538_125 },
    ]);
    for (const bad of ['type=nic', 'paid=może', 'createdDate[after]=2026-02-30', 'orderEntity.uuid=zzz']) {
      expect((await api('GET', `/api/invoices?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('proposes an invoice from an order: customer, dates, currency, one position worth the price, the VAT', async () => {
    const order = async (overrides: Record<string, unknown>) =>
      (
        await api('POST', '/api/orders', {
          cargo: 'Palety',
          loadingCity: 'Poznań',
          loadingCountry: 'PL',
          loadingDate: '2026-11-16T08:00:00Z',
          unloadingCity: 'Warszawa',
          unloadingCountry: 'PL',
          unloadingDate: '2026-11-17',
          customer: customer['@id'],
          customerPrice: 250_000,
          customerPriceCurrency: 'pln',
          customerDateOfPayment: '2026-12-16',
          ...overrides,
        })
      ).json();
    const domestic = await order({});
    const res = await api('GET', `/api/orders/${domestic.uuid}/invoiceDraft?type=vat`);
    expect(res.statusCode).toBe(200);
    const draft = res.json();
    expect(draft).toMatchObject({
      type: 'vat',
      customer: customer['@id'],
      customerName: 'Żabka Logistyka Sp. z o.o.',
      customerNip: '7831672591',
      customerEmail: 'faktury@zabka.example',
      currency: 'pln',
      saleDate: '2026-11-16',
      paymentDate: '2026-12-16',
      vendorName: 'Spedycja Przykład Sp. z o.o.',
      vendorNip: '5260250274',
      orderEntity: domestic['@id'],
      reverseCharge: false,
    });
    const [position] = draft.invoicePositions;
    expect(position.vatRate).toBe(2300);
    // Whatever the distance, the net is the order's price to the grosz.
    expect(position.amount * position.netto).toBe(250_000);
    if (position.unit === 'km') {
      expect(position).toMatchObject({ title: 'Usługa transportu', amount: domestic.distance });
    } else {
      expect(position).toMatchObject({ title: `Usługa transportu (${domestic.distance} km)`, amount: 1, unit: 'usł.' });
    }
    // A price a two-decimal rate per km gives exactly.
    const exact = await order({ customerPrice: 0 });
    await api('PUT', `/api/orders/${exact.uuid}`, { customerPrice: (exact.distance as number) * 350 });
    expect((await api('GET', `/api/orders/${exact.uuid}/invoiceDraft?type=proforma`)).json()).toMatchObject({
      orderProFormaEntity: exact['@id'],
      orderEntity: null,
      invoicePositions: [{ title: 'Usługa transportu', unit: 'km', amount: exact.distance, netto: 350 }],
    });
    const international = await order({ unloadingCity: 'Berlin', unloadingCountry: 'DE' });
    const intl = (await api('GET', `/api/orders/${international.uuid}/invoiceDraft`)).json();
    expect(intl.invoicePositions[0].vatRate).toBe(0);
    expect(intl.vatNote).toContain('art. 83 ust. 1 pkt 23');
    const eu = await order({
      customer: euCustomer['@id'],
      unloadingCity: 'Berlin',
      unloadingCountry: 'DE',
      customerPriceCurrency: 'eur',
    });
    const euDraft = (await api('GET', `/api/orders/${eu.uuid}/invoiceDraft`)).json();
    expect(euDraft).toMatchObject({
      reverseCharge: true,
      vatNote: 'odwrotne obciążenie',
      currency: 'eur',
      customerCountry: 'DE',
      exchangeRateSource: 'nbp',
      exchangeRateDate: '2026-11-13',
      exchangeRate: Math.round(fakeMid('2026-11-13') * 10_000),
    });
    expect(euDraft.invoicePositions[0].vatRate).toBe(-100);
    expect(euDraft.description).toContain('odwrotne obciążenie');
    // A foreign customer without an EU VAT id on a domestic route: the settings' default rate (19).
    const ua = (
      await api('POST', '/api/customers', {
        companyName: 'Ukr-Trans TOV',
        nip: 'UA38512345',
        country: 'UA',
        phone: '671234567',
        phonePrefix: '380',
      })
    ).json();
    const uaDraft = (
      await api('GET', `/api/orders/${(await order({ customer: ua['@id'] })).uuid}/invoiceDraft`)
    ).json();
    expect(uaDraft.invoicePositions[0].vatRate).toBe(1900);
    const setting = (await api('GET', '/api/settings/invoiceDefaultVatRate')).json();
    expect((await api('PUT', `/api/settings/${setting.uuid}`, { value: '17' })).statusCode).toBe(422);
    await api('PUT', `/api/settings/${setting.uuid}`, { value: '20' });
    expect(
      (await api('GET', `/api/orders/${(await order({ customer: ua['@id'] })).uuid}/invoiceDraft`)).json()
        .invoicePositions[0].vatRate,
    ).toBe(2000);
    await api('PUT', `/api/settings/${setting.uuid}`, { value: '19' });
    expect((await api('GET', `/api/orders/${domestic.uuid}/invoiceDraft?type=nic`)).statusCode).toBe(400);
  });

  it('keeps an EUR invoice’s NBP rate and shows VAT in PLN; offline it takes the settings’ rate and says so', async () => {
    const eur = (
      await api(
        'POST',
        '/api/invoices',
        invoice({ currency: 'eur', saleDate: '2026-11-23', createdDate: '2026-11-24' }),
      )
    ).json();
    expect(eur).toMatchObject({
      exchangeRate: Math.round(fakeMid('2026-11-20') * 10_000),
      exchangeRateSource: 'nbp',
      exchangeRateDate: '2026-11-20',
      exchangeRateTable: expect.stringMatching(/\/A\/NBP\/2026$/),
    });
    const vatPln = Math.round((100_625 * eur.exchangeRate) / 10_000);
    expect(eur.totalsByRate[0].vatPln).toBe(vatPln);
    expect(eur.totalVatPln).toBe(vatPln);
    const quote = (await api('GET', '/api/exchange_rates/eur?date=2026-11-23')).json();
    expect(quote).toMatchObject({ source: 'nbp', date: '2026-11-20', rate: eur.exchangeRate });
    expect((await api('GET', '/api/exchange_rates/eur?date=2026-02-30')).statusCode).toBe(400);

    const offline = await buildApp({
      config: testConfig(),
      db: database.db,
      nbp: createNbpClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, timeoutMs: 500 }),
      logger: false,
    });
    try {
      const res = await offline.inject({
        method: 'POST',
        url: '/api/invoices',
        headers: bearer(token),
        payload: invoice({ currency: 'eur', saleDate: '2026-11-23' }),
      });
      expect(res.json()).toMatchObject({
        exchangeRate: 43_000,
        exchangeRateSource: 'settings',
        exchangeRateTable: null,
      });
      const refresh = await offline.inject({
        method: 'POST',
        url: '/api/settings/euroExchangeRate/refresh',
        headers: bearer(token),
      });
      expect(refresh.statusCode).toBe(503);
      expect(refresh.json().detail).toBe('Nie udało się pobrać kursu z NBP. Spróbuj ponownie później.');
    } finally {
      await offline.close();
    }
    // The settings page refreshes the rate from NBP (hundredths, as the orders use it).
    const refreshed = await api('POST', '/api/settings/euroExchangeRate/refresh');
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().value).toBe(String(Math.round(fakeMid('2026-11-20') * 100)));
    await api('PUT', '/api/settings/euroExchangeRate', { value: '430' });
  });

  it('asks NBP before the request’s transaction opens: other writes go on while NBP is slow', async () => {
    nbp.setDelay(1500);
    try {
      const finished: string[] = [];
      const slow = api(
        'POST',
        '/api/invoices',
        invoice({ currency: 'eur', saleDate: '2026-10-07', createdDate: '2026-10-08' }),
      ).then((res) => {
        finished.push('invoice');
        return res;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const quick = await api('PUT', '/api/settings/euroExchangeRate', { value: '430' });
      finished.push('settings');
      expect(quick.statusCode).toBe(200);
      const created = await slow;
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ exchangeRateSource: 'nbp', exchangeRateDate: '2026-10-06' });
      // On the embedded database a transaction held while NBP answered would have kept the other write waiting.
      expect(finished).toEqual(['settings', 'invoice']);
    } finally {
      nbp.setDelay(0);
    }
  });

  it('prints the invoice as a PDF with every part of a real invoice', async () => {
    const inv = (
      await api(
        'POST',
        '/api/invoices',
        invoice({
          currency: 'eur',
          saleDate: '2026-11-23',
          createdDate: '2026-11-24',
          customerName: 'Bauhaus Logistik GmbH',
          customerNip: 'DE811569869',
          customerCountry: 'DE',
          customerCity: 'Berlin',
          reverseCharge: true,
          invoicePositions: [
            { title: 'Usługa transportu Poznań – Berlin', amount: 1, unit: 'usł.', netto: 123_456, vatRate: -100 },
          ],
        }),
      )
    ).json();
    const res = await api('GET', `/api/invoices/${inv.uuid}/export/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="faktura_vat_${inv.number.replaceAll('/', '-')}.pdf"`,
    );
    const text = await pdfText(res.rawPayload);
    for (const part of [
      `Faktura VAT nr ${inv.number}`,
      'Data wystawienia: 24/11/2026',
      'Data sprzedaży: 23/11/2026',
      'Termin płatności:',
      'Sposób płatności: przelew',
      'PL61109010140000071219812874',
      'Sprzedawca',
      'Nabywca',
      'NIP: 5260250274',
      'NIP: DE811569869',
      'Niemcy',
      'Lp.',
      'Nazwa',
      'Ilość',
      'J.m.',
      'Cena netto',
      'Wartość netto',
      'Stawka VAT',
      'Kwota VAT',
      'Wartość brutto',
      'Usługa transportu Poznań – Berlin',
      'Nie podlega',
      'Do zapłaty: 1 234,56 €',
      'Słownie: tysiąc dwieście trzydzieści cztery euro 56/100',
      `Kurs średni NBP z tabeli ${inv.exchangeRateTable} z dnia 20/11/2026`,
      'Kwota VAT w PLN',
      'odwrotne obciążenie',
    ]) {
      expect(text, part).toContain(part);
    }
    const pln = (await api('POST', '/api/invoices', invoice())).json();
    const plnText = await pdfText((await api('GET', `/api/invoices/${pln.uuid}/export/pdf`)).rawPayload);
    expect(plnText).toContain('Do zapłaty: 5 381,25 zł');
    expect(plnText).toContain('Słownie: pięć tysięcy trzysta osiemdziesiąt jeden złotych dwadzieścia pięć groszy');
    expect(plnText).toContain('23%');
  });

  it('corrects a VAT invoice: the draft, the reason, differences, "Do zwrotu" and its FA(3) KOR', async () => {
    const original = (await api('POST', '/api/invoices', invoice())).json();
    const draft = (await api('GET', `/api/invoices/${original.uuid}/draft?type=corrective`)).json();
    expect(draft).toMatchObject({
      type: 'corrective',
      correctedDocumentNumber: original.number,
      correctedDocumentDate: original.createdDate,
      correctedInvoice: original['@id'],
      customerNip: original.customerNip,
    });
    expect((await api('GET', `/api/invoices/${original.uuid}/draft?type=vat`)).statusCode).toBe(409);
    const res = await api('POST', '/api/invoices', {
      ...draft,
      correctionReason: 'Obniżka ceny o 200 zł z uwagi na opóźnienie',
      invoicePositions: [{ title: 'Usługa transportu', amount: 1, unit: 'usł.', netto: -20_000, vatRate: 2300 }],
    });
    expect(res.statusCode).toBe(201);
    const corrective = res.json();
    expect(corrective).toMatchObject({ type: 'corrective', totalNet: -20_000, totalVat: -4_600, totalGross: -24_600 });
    expect(corrective.number).toMatch(/^\d+\/\d{2}\/\d{4}$/);
    const text = await pdfText((await api('GET', `/api/invoices/${corrective.uuid}/export/pdf`)).rawPayload);
    expect(text).toContain(`Faktura korygująca nr ${corrective.number}`);
    expect(text).toContain(`Faktura korygowana: ${original.number}`);
    expect(text).toContain('Przyczyna korekty: Obniżka ceny o 200 zł z uwagi na opóźnienie');
    expect(text).toContain('Do zwrotu: 246,00 zł');
    const xml = await api('GET', `/api/invoices/${corrective.uuid}/export/ksef`);
    expect(xml.statusCode).toBe(200);
    const body = xml.body;
    expect(validateFa3(body)).toEqual({ valid: true, output: '- validates' });
    expect(body).toContain('<RodzajFaktury>KOR</RodzajFaktury>');
    expect(body).toContain('<PrzyczynaKorekty>Obniżka ceny o 200 zł z uwagi na opóźnienie</PrzyczynaKorekty>');
    expect(body).toContain(`<NrFaKorygowanej>${original.number}</NrFaKorygowanej>`);
    expect(body).toContain('<TypKorekty>2</TypKorekty>');
    expect(body).toContain('<P_13_1>-200.00</P_13_1>');
    expect(body).toContain('<P_15>-246.00</P_15>');
    // A VAT or corrective invoice is corrected, never deleted; a ProForma is deleted.
    expect((await api('DELETE', `/api/invoices/${original.uuid}`)).statusCode).toBe(409);
    expect((await api('DELETE', `/api/invoices/${corrective.uuid}`)).json().detail).toBe(invoiceMessages.notDeletable);
    const proforma = (await api('POST', '/api/invoices', invoice({ type: 'proforma' }))).json();
    const vatDraft = (await api('GET', `/api/invoices/${proforma.uuid}/draft?type=vat`)).json();
    expect(vatDraft).toMatchObject({ type: 'vat', invoicePositions: [{ amount: 1250, netto: 350, vatRate: 2300 }] });
    expect((await api('GET', `/api/invoices/${proforma.uuid}/export/ksef`)).statusCode).toBe(409);
    expect((await api('DELETE', `/api/invoices/${proforma.uuid}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/invoices/${proforma.uuid}`)).statusCode).toBe(404);
  });

  it('writes FA(3) XML that validates against the official schema: PLN, EUR with the rate, EU reverse charge, 19 %', async () => {
    const cases = [
      invoice({ paid: true, paidDate: `${thisMonth()}-06` }),
      invoice({
        currency: 'eur',
        saleDate: '2026-11-23',
        createdDate: '2026-11-24',
        invoicePositions: [
          { title: 'Transport Poznań → Lyon', amount: 1, unit: 'usł.', netto: 311_880, vatRate: 0 },
          { title: 'Postój', amount: 3, unit: 'h', netto: 4_000, vatRate: 2300 },
        ],
      }),
      invoice({
        customerName: 'Bauhaus Logistik GmbH',
        customerNip: 'DE811569869',
        customerCountry: 'DE',
        reverseCharge: true,
        paymentMethod: 'kompensata',
        invoicePositions: [{ title: 'Usługa transportu', amount: 1, unit: 'usł.', netto: 100_000, vatRate: -100 }],
      }),
      invoice({
        customerName: 'Ukr-Trans TOV',
        customerNip: 'UA38512345',
        customerCountry: 'UA',
        paymentDate: null,
        paymentDateString: 'przed rozladunkiem',
        invoicePositions: [
          { title: 'Usługa transportu', amount: 1, unit: 'usł.', netto: 100_000, vatRate: 1900 },
          { title: 'Dopłata', amount: 1, unit: 'usł.', netto: 1_000, vatRate: 480 },
        ],
      }),
    ];
    for (const payload of cases) {
      const created = await api('POST', '/api/invoices', payload);
      expect(created.statusCode, created.body).toBe(201);
      const inv = created.json();
      const res = await api('GET', `/api/invoices/${inv.uuid}/export/ksef`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/xml');
      expect(res.headers['content-disposition']).toContain(`FA3_faktura_vat_${inv.number.replaceAll('/', '-')}.xml`);
      const result = validateFa3(res.body);
      expect(result, res.body).toEqual({ valid: true, output: '- validates' });
      expect(res.body).toContain(`<P_2>${inv.number}</P_2>`);
      expect(res.body).toContain('<RodzajFaktury>VAT</RodzajFaktury>');
    }
    const eurXml = (
      await api(
        'GET',
        '/api/invoices?pagination=false&currency=eur&createdDate[after]=2026-11-24&createdDate[before]=2026-11-24',
      )
    ).json()['hydra:member'];
    const eur = eurXml.find((i: { totalNet: number }) => i.totalNet === 323_880);
    const xml = (await api('GET', `/api/invoices/${eur.uuid}/export/ksef`)).body;
    expect(xml).toContain('<KodWaluty>EUR</KodWaluty>');
    expect(xml).toContain(`<KursWaluty>${(eur.exchangeRate / 10_000).toFixed(4)}</KursWaluty>`);
    expect(xml).toContain('<P_13_6_1>3118.80</P_13_6_1>');
    expect(xml).toContain(`<P_14_1W>${(Math.round((2760 * eur.exchangeRate) / 10_000) / 100).toFixed(2)}</P_14_1W>`);
    // The schema catches a broken document: the check can fail.
    expect(validateFa3(xml.replace('<P_15>', '<P_15>x')).valid).toBe(false);
  });

  it('e-mails the PDF to the buyer through the outbox and marks it sent; no e-mail is a 422 and marks nothing', async () => {
    const inv = (await api('POST', '/api/invoices', invoice())).json();
    const res = await api('POST', `/api/invoices/${inv.uuid}/send`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: invoiceMessages.sent, invoice: { invoiceSent: true } });
    await app.outbox.flush();
    const mail = smtp.received.find(
      (m) => m.to.includes('faktury@zabka.example') && decodedBody(m.raw).includes(inv.number),
    );
    expect(mail).toBeDefined();
    expect(mail?.raw).toContain(`faktura_vat_${inv.number.replaceAll('/', '-')}.pdf`);
    const [attachment] = pdfAttachments(mail?.raw ?? '');
    expect(await pdfText(attachment as Buffer)).toContain(`Faktura VAT nr ${inv.number}`);
    expect((await api('GET', `/api/invoices/${inv.uuid}/send`)).statusCode).toBe(200);

    const silent = (await api('POST', '/api/invoices', invoice({ customerEmail: null }))).json();
    const refused = await api('POST', `/api/invoices/${silent.uuid}/send`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe(invoiceMessages.noEmail);
    expect((await api('GET', `/api/invoices/${silent.uuid}`)).json().invoiceSent).toBe(false);
  });

  it('"add and send" in two steps: the PDF is made when the mail goes, with the positions added after queuing', async () => {
    const { invoicePositions: _none, ...bare } = invoice({ sendMail: true, description: 'Dwa kroki' });
    const inv = (await api('POST', '/api/invoices', bare)).json();
    expect(inv.invoiceSent).toBe(true);
    // Queued before any position: the mail waits for them (it is not sent without its document).
    await app.outbox.flush();
    const [queued] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    expect(queued?.attachmentRefs).toEqual([{ kind: 'invoicePdf', ref: inv.uuid }]);
    expect(queued?.attachments).toEqual([]);
    await api('POST', '/api/invoice_positions', {
      invoice: inv['@id'],
      title: 'Przewóz dwuetapowy',
      amount: 1,
      unit: 'usł.',
      netto: 77_700,
      vatRate: 2300,
    });
    await database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.status, 'pending'));
    await app.outbox.flush();
    const mail = smtp.received.find(
      (m) => decodedBody(m.raw).includes(inv.number) && m.raw.includes('application/pdf'),
    );
    expect(mail).toBeDefined();
    const text = await pdfText(pdfAttachments(mail?.raw ?? '')[0] as Buffer);
    expect(text).toContain('Przewóz dwuetapowy');
    expect(text).toContain('955,71 zł');
  });
});
