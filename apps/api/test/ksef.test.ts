import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { invoices, ksefConfig, ksefOutbox, mailOutbox, recordHistory } from '../src/db/schema/index.ts';
import { sha256Base64 } from '../src/integrations/ksef/crypto.ts';
import { isValidKsefNumber } from '../src/integrations/ksef/ksefNumber.ts';
import { validateUpoXml } from '../src/integrations/ksef/schema.ts';
import { warsawDay as warsawToday } from '../src/warsawDay.ts';
import { pdfImages, pdfText } from './documents.ts';
import { invoiceOf as invoiceBodyOf, thisMonth } from './fixtures.ts';
import { ADMIN, bearer, dbKinds, freshDatabase, idleOutbox, testConfig } from './helpers.ts';
import { validateFa3 } from './ksef.ts';
import { type FakeKsef, issuedAfterReceipt, startFakeKsef } from './ksefFake.ts';

const TOKEN = 'ksef-token-abcdef-1234';
const SELLER_NIP = '5260250274';
const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (n: number) =>
  new Date(Date.parse(`${warsawToday()}T00:00:00Z`) + n * 86400_000).toISOString().slice(0, 10);

type App = Awaited<ReturnType<typeof buildApp>>;

async function until<T>(probe: () => Promise<T | null | undefined | false>, ms = 25_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(dbKinds)('KSeF on %s', (kind) => {
  let fake: FakeKsef;
  let database: Database;
  let config: Config;
  let app: App;
  let token: string;
  let customer: { '@id': string };
  let seq = 0;

  const start = async () => {
    const built = await buildApp({
      config,
      db: database.db,
      outbox: idleOutbox(),
      logger: false,
      ksef: { retryBaseMs: 50, retryMaxMs: 400 },
    });
    await built.ready();
    return built;
  };

  beforeAll(async () => {
    fake = await startFakeKsef({ tokens: [TOKEN] });
    config = testConfig({ KSEF_API_URL: fake.url, APP_SECRET: 'a-secret-for-the-tests-123' });
    database = await freshDatabase(kind);
    await bootstrap(database.db, config);
    app = await start();
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
        nip: '7831672591',
        email: 'faktury@zabka.example',
        streetAddress: 'ul. Święty Marcin 1',
        postalCode: '61-131',
        city: 'Poznań',
        country: 'PL',
      })
    ).json();
    await api('PUT', '/api/ksef/config', { token: TOKEN });
  });
  // A failed test leaves KSeF answering normally for the next one.
  afterEach(() => {
    fake.failNext(0);
    fake.rateLimitNext(0, 1);
    fake.setDelay(0);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await fake.close();
  });

  function api(method: string, url: string, payload?: unknown, on: App = app) {
    return on.inject({
      method: method as 'GET',
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  const invoiceBody = (overrides: Record<string, unknown> = {}) =>
    invoiceBodyOf(customer['@id'], {
      description: `Faktura KSeF ${++seq}`,
      createdDate: today(),
      saleDate: today(),
      paymentDate: `${thisMonth()}-28`,
      vendorNip: SELLER_NIP,
      invoicePositions: [{ title: 'Usługa transportu', amount: 1, unit: 'usł.', netto: 350000 + seq, vatRate: 2300 }],
      ...overrides,
    });

  const createInvoice = async (overrides: Record<string, unknown> = {}) => {
    const res = await api('POST', '/api/invoices', invoiceBody(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { uuid: string; id: number; number: string; '@id': string };
  };

  const invoiceOf = async (uuid: string, on: App = app) =>
    (await api('GET', `/api/invoices/${uuid}`, undefined, on)).json();
  const accepted = (uuid: string, on: App = app) =>
    until(async () => {
      const inv = await invoiceOf(uuid, on);
      return ['accepted', 'rejected'].includes(inv.ksefStatus) ? inv : null;
    });

  it('checks the connection with a good token and reports KSeF refusing a wrong one, in Polish', async () => {
    let res = await api('PUT', '/api/ksef/config', { token: '' });
    expect(res.json()).toMatchObject({ tokenSet: false, tokenLast4: null });
    res = await api('POST', '/api/ksef/check');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('KSeF nie jest skonfigurowany: ustaw token KSeF w ustawieniach.');
    res = await api('POST', '/api/ksef/sync');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('KSeF nie jest skonfigurowany: ustaw token KSeF w ustawieniach.');

    res = await api('PUT', '/api/ksef/config', { environment: 'TEST', token: 'wrong-token-0000', autoSend: false });
    expect(res.statusCode).toBe(200);
    res = await api('POST', '/api/ksef/check?wrong');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'KSeF odrzucił uwierzytelnienie: Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu: Nieprawidłowy token',
    );

    res = await api('PUT', '/api/ksef/config', { token: TOKEN });
    expect(res.json()).toMatchObject({
      environment: 'TEST',
      apiUrl: fake.url,
      nip: SELLER_NIP,
      tokenSet: true,
      tokenLast4: '1234',
    });
    const before = fake.calls.length;
    res = await api('POST', '/api/ksef/check?good');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, environment: 'TEST', nip: SELLER_NIP });
    // The whole flow: certificates, challenge, ksef-token, status, redeem.
    expect(fake.calls.slice(before)).toEqual([
      'POST /auth/challenge',
      'GET /security/public-key-certificates',
      'POST /auth/ksef-token',
      'GET /auth/:referenceNumber',
      'POST /auth/token/redeem',
    ]);

    // KSeF not answering is the one case of a 502, and the problem says it was KSeF.
    fake.failNext(1000);
    try {
      res = await api('POST', '/api/ksef/check?down');
      expect(res.statusCode).toBe(502);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail).toMatch(/^KSeF nie odpowiada\. Spróbuj ponownie później\. \(/);
    } finally {
      fake.failNext(0);
    }
  });

  it('never answers the token, and keeps it encrypted at rest', async () => {
    for (const url of ['/api/ksef/config', '/api/settings', '/api/invoices']) {
      const res = await api('GET', url);
      expect(res.body).not.toContain(TOKEN);
    }
    const put = await api('PUT', '/api/ksef/config', { token: TOKEN });
    expect(put.body).not.toContain(TOKEN);
    const [row] = await database.db.select().from(ksefConfig);
    expect(row?.tokenCipher).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    expect(row?.tokenLast4).toBe('1234');
    // Nor in the change history.
    expect(JSON.stringify(await database.db.select().from(recordHistory))).not.toContain(TOKEN);
    // A dispatcher cannot read the configuration at all.
    await api('POST', '/api/users', {
      login: 'dysp-ksef',
      name: 'Dyspozytor',
      plainPassword: 'haslo-dysp-123',
      roles: ['ROLE_USER'],
    });
    const userToken = (
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'dysp-ksef', password: 'haslo-dysp-123' },
      })
    ).json().token;
    for (const [method, url] of [
      ['GET', '/api/ksef/config'],
      ['POST', '/api/ksef/check'],
      ['POST', '/api/ksef/sync'],
      ['GET', '/api/received_invoices'],
    ] as const) {
      const res = await app.inject({ method, url, headers: bearer(userToken) });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('authenticates again when the access token expired and the refresh fails', async () => {
    fake.setAccessTtl(1, true);
    const inv = await createInvoice();
    expect((await api('POST', `/api/invoices/${inv.uuid}/ksef`)).statusCode).toBe(202);
    expect((await accepted(inv.uuid)).ksefStatus).toBe('accepted');
    fake.setAccessTtl(15 * 60_000, false);
  });

  it('sends a VAT invoice: accepted with its KSeF number and a UPO valid against the schema', async () => {
    const inv = await createInvoice();
    const res = await api('POST', `/api/invoices/${inv.uuid}/ksef`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().ksefStatus).toBe('queued');
    const done = await accepted(inv.uuid);
    expect(done.ksefStatus).toBe('accepted');
    expect(isValidKsefNumber(done.ksefNumber)).toBe(true);
    expect(done.ksefNumber.startsWith(`${SELLER_NIP}-`)).toBe(true);
    expect(done.ksefAcceptedAt).toBeTruthy();
    const upo = await api('GET', `/api/invoices/${inv.uuid}/ksef/upo`);
    expect(upo.statusCode).toBe(200);
    expect(upo.headers['content-type']).toContain('application/xml');
    expect(upo.body).toContain(done.ksefNumber);
    expect(await validateUpoXml(upo.body)).toEqual({ valid: true, errors: [] });
    // The exact XML sent is kept, valid, and its hash is the invoice's.
    const [job] = await database.db.select().from(ksefOutbox).where(eq(ksefOutbox.invoiceId, inv.id));
    expect(validateFa3(job?.xml as string).valid).toBe(true);
    expect(done.ksefHash).toBe(job?.hash);

    // Sent again (not a double click: later): 409; a ProForma: 409.
    expect((await api('POST', `/api/invoices/${inv.uuid}/ksef?again`)).statusCode).toBe(409);
    const proforma = await createInvoice({ type: 'proforma' });
    const refused = await api('POST', `/api/invoices/${proforma.uuid}/ksef`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('Faktura ProForma nie jest wysyłana do KSeF.');
  });

  it('prints the KSeF number and KOD I on the PDF; the QR code read back is the link of the XML sent', async () => {
    const inv = await createInvoice();
    const before = await api('GET', `/api/invoices/${inv.uuid}/export/pdf`);
    expect(await pdfText(before.rawPayload)).toContain('Faktura nie została jeszcze przyjęta przez KSeF');
    expect(await pdfImages(before.rawPayload)).toHaveLength(0);

    await api('POST', `/api/invoices/${inv.uuid}/ksef`);
    const done = await accepted(inv.uuid);
    const [job] = await database.db.select().from(ksefOutbox).where(eq(ksefOutbox.invoiceId, inv.id));
    const [y, m, d] = done.createdDate.split('-');
    const hash = sha256Base64(Buffer.from(job?.xml as string, 'utf8'))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    const expected = `https://qr-test.ksef.mf.gov.pl/invoice/${SELLER_NIP}/${d}-${m}-${y}/${hash}`;

    const pdf = await api('GET', `/api/invoices/${inv.uuid}/export/pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Numer KSeF: ${done.ksefNumber}`);
    expect(text).toContain(expected);
    expect(text).not.toContain('nie została jeszcze przyjęta');
    const [image] = await pdfImages(pdf.rawPayload);
    expect(image).toBeDefined();
    const code = jsQR(image?.rgba as Uint8ClampedArray, image?.width as number, image?.height as number);
    expect(code?.data).toBe(expected);
  });

  it('with autoSend, sends a VAT invoice as it is issued, and "add and send" mails the buyer once KSeF accepted it', async () => {
    await api('PUT', '/api/ksef/config', { autoSend: true });
    try {
      const email = `auto.${Date.now()}@zabka.example`;
      const res = await api('POST', '/api/invoices', invoiceBody({ customerEmail: email, sendMail: true }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().ksefStatus).toBe('queued');
      const mails = () => database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(await mails()).toHaveLength(0);
      const done = await accepted(res.json().uuid);
      expect(done.ksefStatus).toBe('accepted');
      const queued = await until(async () => ((await mails()).length > 0 ? mails() : null));
      expect(queued).toHaveLength(1);
      expect((await invoiceOf(done.uuid)).invoiceSent).toBe(true);
      // A ProForma is never sent to KSeF.
      const proforma = await api('POST', '/api/invoices', invoiceBody({ type: 'proforma' }));
      expect(proforma.json().ksefStatus).toBe('none');
    } finally {
      await api('PUT', '/api/ksef/config', { autoSend: false });
    }
  });

  it('locks an accepted invoice: edit and delete refused, positions too', async () => {
    const inv = await createInvoice();
    await api('POST', `/api/invoices/${inv.uuid}/ksef`);
    const done = await accepted(inv.uuid);
    const message = 'Faktura została przyjęta przez KSeF — zmiany tylko fakturą korygującą.';
    for (const [method, url, body] of [
      ['PATCH', `/api/invoices/${inv.uuid}`, { description: 'zmiana' }],
      ['PUT', `/api/invoices/${inv.uuid}`, { description: 'zmiana' }],
      ['DELETE', `/api/invoices/${inv.uuid}`, undefined],
      [
        'POST',
        '/api/invoice_positions',
        { invoice: inv['@id'], title: 'Dopisek', amount: 1, unit: 'szt.', netto: 100, vatRate: 2300 },
      ],
      ['DELETE', `/api/invoice_positions/${done.invoicePositions[0].uuid}`, undefined],
    ] as const) {
      const res = await api(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().detail).toBe(message);
    }
    expect((await invoiceOf(inv.uuid)).description).toBe(done.description);
  });

  it('gives the corrective invoice the KSeF number of the corrected one (NrKSeF in DaneFaKorygowanej)', async () => {
    const original = await createInvoice();
    await api('POST', `/api/invoices/${original.uuid}/ksef`);
    const done = await accepted(original.uuid);
    const corrective = await createInvoice({
      type: 'corrective',
      correctedInvoice: original['@id'],
      correctedDocumentNumber: original.number,
      correctedDocumentDate: today(),
      correctionReason: 'Rabat',
      invoicePositions: [{ title: 'Rabat', amount: 1, unit: 'usł.', netto: -10000, vatRate: 2300 }],
    });
    expect((await api('POST', `/api/invoices/${corrective.uuid}/ksef`)).statusCode).toBe(202);
    expect((await accepted(corrective.uuid)).ksefStatus).toBe('accepted');
    const [job] = await database.db.select().from(ksefOutbox).where(eq(ksefOutbox.invoiceId, corrective.id));
    expect(job?.xml).toContain('<NrKSeF>1</NrKSeF>');
    expect(job?.xml).toContain(`<NrKSeFFaKorygowanej>${done.ksefNumber}</NrKSeFFaKorygowanej>`);
  });

  it('refuses an invalid invoice before sending, naming the invoice fields', async () => {
    const inv = await createInvoice();
    await database.db.update(invoices).set({ vendorNip: '12345' }).where(eq(invoices.id, inv.id));
    const posts = fake.calls.filter((c) => c.endsWith('/invoices') && c.startsWith('POST')).length;
    const res = await api('POST', `/api/invoices/${inv.uuid}/ksef`);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('Faktura nie jest zgodna ze schematem FA(3) — popraw wskazane pola.');
    expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain('vendorNip');
    expect((await invoiceOf(inv.uuid)).ksefStatus).toBe('none');
    expect(fake.calls.filter((c) => c.endsWith('/invoices') && c.startsWith('POST')).length).toBe(posts);
  });

  it('shows a rejected invoice with KSeF code and message; fixed, it is sent again and accepted', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const inv = await createInvoice({ createdDate: future, saleDate: future });
    await api('POST', `/api/invoices/${inv.uuid}/ksef`);
    const rejected = await accepted(inv.uuid);
    expect(rejected.ksefStatus).toBe('rejected');
    expect(rejected.ksefError.code).toBe(450);
    expect(rejected.ksefError.message).toBe('Błąd weryfikacji semantyki dokumentu faktury');
    const fixed = await api('PATCH', `/api/invoices/${inv.uuid}`, { createdDate: today(), saleDate: today() });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await api('POST', `/api/invoices/${inv.uuid}/ksef?again`)).statusCode).toBe(202);
    const done = await accepted(inv.uuid);
    expect(done.ksefStatus).toBe('accepted');
    expect(done.ksefError).toBeNull();
  });

  it('retries after 503 and after 429 (its Retry-After), ending with exactly one accepted invoice', async () => {
    const inv = await createInvoice();
    const acceptedBefore = fake.accepted().length;
    fake.failNext(2);
    await api('POST', `/api/invoices/${inv.uuid}/ksef`);
    const done = await accepted(inv.uuid);
    expect(done.ksefStatus).toBe('accepted');
    expect(fake.accepted().length).toBe(acceptedBefore + 1);
    expect(fake.accepted().filter((i) => i.ksefNumber === done.ksefNumber)).toHaveLength(1);

    const second = await createInvoice();
    fake.rateLimitNext(1, 1);
    const asked = Date.now();
    await api('POST', `/api/invoices/${second.uuid}/ksef`);
    const [job] = await until(async () => {
      const rows = await database.db.select().from(ksefOutbox).where(eq(ksefOutbox.invoiceId, second.id));
      return rows[0]?.lastError ? rows : null;
    });
    expect(job?.lastError).toContain('429');
    expect(job?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(asked + 900);
    expect((await accepted(second.uuid)).ksefStatus).toBe('accepted');
  });

  it('issues an invoice offline while KSeF answers 503: OFFLINE on the PDF with KOD I, sent when KSeF is back', async () => {
    const inv = await createInvoice();
    fake.failNext(100_000);
    await api('POST', `/api/invoices/${inv.uuid}/ksef`);
    const offline = await until(async () => {
      const current = await invoiceOf(inv.uuid);
      return current.ksefStatus === 'offline' ? current : null;
    });
    expect(offline.ksefOfflineDeadline > offline.createdDate).toBe(true);
    expect(offline.ksefHash).toBeTruthy();
    // Locked while it waits: what KOD I points at must not change.
    expect((await api('PATCH', `/api/invoices/${inv.uuid}`, { description: 'x' })).statusCode).toBe(409);
    const pdf = await api('GET', `/api/invoices/${inv.uuid}/export/pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('OFFLINE');
    expect(text).toContain(`https://qr-test.ksef.mf.gov.pl/invoice/${SELLER_NIP}/`);
    expect(await pdfImages(pdf.rawPayload)).toHaveLength(1);
    // KSeF answers again.
    fake.failNext(0);
    const done = await accepted(inv.uuid);
    expect(done.ksefStatus).toBe('accepted');
    expect(done.ksefHash).toBe(offline.ksefHash);
    const session = [...fake.sessions.values()].find((s) => s.invoices.some((i) => i.ksefNumber === done.ksefNumber));
    expect(session).toBeDefined();
  });

  it('sends many invoices through one online session', async () => {
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createInvoice());
    const opened = fake.calls.filter((c) => c === 'POST /sessions/online').length;
    for (const inv of created) await api('POST', `/api/invoices/${inv.uuid}/ksef`);
    for (const inv of created) expect((await accepted(inv.uuid)).ksefStatus).toBe('accepted');
    expect(fake.calls.filter((c) => c === 'POST /sessions/online').length).toBeLessThanOrEqual(opened + 1);
  });

  it("fetches the carriers' invoices once, matches two of three to orders, and a second sync adds none", async () => {
    const carrierA = (
      await api('POST', '/api/carriers', { companyName: 'Trans-Kowalski', phone: '601000201', nip: '7251801126' })
    ).json();
    const carrierB = (
      await api('POST', '/api/carriers', { companyName: 'Euro-Spedycja', phone: '601000202', nip: '5213003700' })
    ).json();
    const SHIPMENT = {
      cargo: 'Palety',
      loadingCity: 'Poznań',
      loadingCountry: 'PL',
      loadingDate: '2026-12-01',
      unloadingCity: 'Berlin',
      unloadingCountry: 'DE',
      unloadingDate: '2026-12-02',
    };
    const order = async (carrier: string, price: number, currency: string) => {
      const res = await api('POST', '/api/orders', {
        ...SHIPMENT,
        customer: customer['@id'],
        customerPrice: 500000,
        customerPriceCurrency: 'pln',
        carrier,
        carrierPrice: price,
        carrierPriceCurrency: currency,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const orderA = await order(carrierA['@id'], 250000, 'pln');
    const orderB = await order(carrierB['@id'], 90000, 'eur');
    const orderC = await order(carrierA['@id'], 300000, 'pln');
    fake.addReceived(SELLER_NIP, [
      {
        sellerNip: '7251801126',
        sellerName: 'Trans-Kowalski',
        invoiceNumber: 'FV/1/2026',
        issueDate: today(),
        paymentDate: '2026-12-30',
        net: 250000,
      },
      {
        sellerNip: '5213003700',
        sellerName: 'Euro-Spedycja',
        invoiceNumber: 'EU/7/2026',
        issueDate: today(),
        net: 90000,
        currency: 'EUR',
      },
      {
        sellerNip: '7251801126',
        sellerName: 'Trans-Kowalski',
        invoiceNumber: 'FV/2/2026',
        issueDate: today(),
        net: 310000,
      },
    ]);
    // Someone else's purchase: not ours, never fetched.
    fake.addReceived('7831672591', [
      {
        sellerNip: '7251801126',
        sellerName: 'Trans-Kowalski',
        invoiceNumber: 'FV/9/2026',
        issueDate: today(),
        net: 1000,
      },
    ]);
    const first = await api('POST', '/api/ksef/sync');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ fetched: 3, matched: 2 });
    const second = await api('POST', '/api/ksef/sync?again');
    expect(second.json()).toEqual({ fetched: 0, matched: 0 });

    const all = (await api('GET', '/api/received_invoices')).json();
    expect(all['hydra:totalItems']).toBe(3);
    const byNumber = Object.fromEntries(
      all['hydra:member'].map((r: { invoiceNumber: string }) => [r.invoiceNumber, r]),
    );
    expect(byNumber['FV/1/2026']).toMatchObject({
      sellerNip: '7251801126',
      sellerName: 'Trans-Kowalski',
      netAmount: 250000,
      grossAmount: 307500,
      currency: 'pln',
      paymentDate: '2026-12-30',
      order: orderA['@id'],
      priceMatches: true,
    });
    expect(byNumber['EU/7/2026']).toMatchObject({ currency: 'eur', order: orderB['@id'], priceMatches: true });
    expect(byNumber['FV/2/2026']).toMatchObject({ order: null, priceMatches: null });

    const unmatched = (await api('GET', '/api/received_invoices?matched=false')).json();
    expect(unmatched['hydra:member'].map((r: { invoiceNumber: string }) => r.invoiceNumber)).toEqual(['FV/2/2026']);
    expect((await api('GET', '/api/received_invoices?sellerNip=5213003700')).json()['hydra:totalItems']).toBe(1);
    expect((await api('GET', `/api/received_invoices?issueDate[after]=${today()}`)).json()['hydra:totalItems']).toBe(3);
    expect((await api('GET', '/api/received_invoices?issueDate[before]=2000-01-01')).json()['hydra:totalItems']).toBe(
      0,
    );

    // 'Przypisz do zlecenia': the 3,100.00 invoice on the 3,000.00 order differs by 100.00.
    const assigned = await api('PUT', `/api/received_invoices/${byNumber['FV/2/2026'].uuid}`, { order: orderC['@id'] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ order: orderC['@id'], priceMatches: false, difference: -10000 });
    const ofOrder = (await api('GET', `/api/received_invoices?order=${encodeURIComponent(orderC['@id'])}`)).json();
    expect(ofOrder['hydra:member']).toHaveLength(1);
  });

  it("the payables list goes by the carrier's invoice payment date while one is matched, without a new version of the order", async () => {
    const carrier = (
      await api('POST', '/api/carriers', { companyName: 'Trans-Termin', phone: '601000203', nip: '1234563218' })
    ).json();
    const created = await api('POST', '/api/orders', {
      cargo: 'Stal',
      loadingCity: 'Łódź',
      loadingCountry: 'PL',
      loadingDate: '2026-12-03',
      unloadingCity: 'Praga',
      unloadingCountry: 'CZ',
      unloadingDate: '2026-12-04',
      customer: customer['@id'],
      customerPrice: 400000,
      carrier: carrier['@id'],
      carrierPrice: 321000,
      carrierDateOfPayment: daysFromToday(30),
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    const payable = async (state: string) =>
      (await api('GET', `/api/payments?side=carrier&state=${state}&pagination=false`))
        .json()
        ['hydra:member'].find((p: { uuid: string }) => p.uuid === order.uuid);
    expect(await payable('overdue')).toBeUndefined();
    expect(await payable('due')).toMatchObject({ paymentDate: daysFromToday(30), invoice: null });

    fake.addReceived(SELLER_NIP, [
      {
        sellerNip: '1234563218',
        sellerName: 'Trans-Termin',
        invoiceNumber: 'TT/5/2026',
        issueDate: today(),
        paymentDate: daysFromToday(-5),
        net: 321000,
      },
    ]);
    expect((await api('POST', '/api/ksef/sync')).json()).toEqual({ fetched: 1, matched: 1 });
    const overdue = await payable('overdue');
    expect(overdue).toMatchObject({
      paymentDate: daysFromToday(-5),
      daysOverdue: 5,
      invoice: { number: 'TT/5/2026', '@id': expect.stringMatching(/^\/api\/received_invoices\//) },
    });
    // Bookkeeping, not an edit: a form open on the order is not made stale by it.
    expect((await api('GET', `/api/orders/${order.uuid}`)).json().version).toBe(order.version);

    // Unassigned, the order's own term counts again.
    await api('PUT', `/api/received_invoices/${overdue.invoice.uuid}`, { order: null });
    expect(await payable('overdue')).toBeUndefined();
    expect(await payable('due')).toMatchObject({ paymentDate: daysFromToday(30), invoice: null });
  });

  it("prints a carrier's received invoice from its XML: parties, rows, totals, its KSeF number and KOD I", async () => {
    const [ksefNumber] = fake.addReceived(SELLER_NIP, [
      {
        sellerNip: '9512345675',
        sellerName: 'Przewozy Pocztowe Sp. z o.o.',
        invoiceNumber: 'PP/77/2026',
        issueDate: '2026-11-20',
        paymentDate: '2026-12-04',
        net: 123_456,
      },
    ]);
    expect((await api('POST', '/api/ksef/sync')).json().fetched).toBe(1);
    const item = (await api('GET', `/api/received_invoices?ksefNumber=${ksefNumber}`)).json()['hydra:member'][0];
    const pdf = await api('GET', `/api/received_invoices/${item.uuid}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="PP-77-2026.pdf"');
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Faktura VAT nr PP/77/2026');
    expect(text).toContain('Przewozy Pocztowe Sp. z o.o.');
    expect(text).toContain('NIP: 9512345675');
    expect(text).toContain('Usługa transportowa');
    expect(text).toContain('Data wystawienia: 20/11/2026');
    expect(text).toContain('Termin płatności: 04/12/2026');
    // 1 234,56 net at 23 %: 283,95 VAT, 1 518,51 to pay.
    expect(text).toContain('283,95');
    expect(text).toMatch(/Do zapłaty: 1[\s\u00a0]518,51 zł/);
    expect(text).toContain(`Numer KSeF: ${ksefNumber}`);
    const hash = sha256Base64(Buffer.from((await api('GET', `/api/received_invoices/${item.uuid}/xml`)).body, 'utf8'))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    const expected = `https://qr-test.ksef.mf.gov.pl/invoice/9512345675/20-11-2026/${hash}`;
    const [image] = await pdfImages(pdf.rawPayload);
    const code = jsQR(image?.rgba as Uint8ClampedArray, image?.width as number, image?.height as number);
    expect(code?.data).toBe(expected);
    expect((await api('GET', '/api/received_invoices/00000000-0000-4000-8000-000000000000/pdf')).statusCode).toBe(404);
  });

  it('after a crash between sending and reading the status, asks KSeF first and sends nothing twice', async () => {
    const inv = await createInvoice();
    // Another app instance posts the invoice and dies before it records the reference (the row says posted).
    await app.close();
    const acceptedBefore = fake.accepted().length;
    const postsBefore = fake.calls.filter((c) => c === 'POST /sessions/online/:referenceNumber/invoices').length;
    const crashed = await start();
    await api('POST', `/api/invoices/${inv.uuid}/ksef`, undefined, crashed);
    // Let it post, then kill it before the status is read: the fake answers slowly from now on.
    await until(
      async () =>
        fake.calls.filter((c) => c === 'POST /sessions/online/:referenceNumber/invoices').length > postsBefore,
    );
    fake.setDelay(300);
    await database.db.update(ksefOutbox).set({ invoiceRef: null }).where(eq(ksefOutbox.invoiceId, inv.id));
    await crashed.close();
    fake.setDelay(0);
    // The lease of the dead worker runs out.
    await database.db
      .update(ksefOutbox)
      .set({ lockedUntil: null, status: 'pending' })
      .where(eq(ksefOutbox.invoiceId, inv.id));
    await database.db.update(invoices).set({ ksefStatus: 'sending', ksefNumber: null }).where(eq(invoices.id, inv.id));
    app = await start();
    const done = await accepted(inv.uuid);
    expect(done.ksefStatus).toBe('accepted');
    expect(fake.calls).toContain('GET /sessions/:referenceNumber/invoices');
    expect(fake.calls.filter((c) => c === 'POST /sessions/online/:referenceNumber/invoices').length).toBe(
      postsBefore + 1,
    );
    expect(fake.accepted().length).toBe(acceptedBefore + 1);
  });
});

describe("the fake KSeF's date rule", () => {
  // CI ran the KSeF walk at 00:05 in Warsaw (23:05 UTC): the app issued the invoice on the Polish day, and a fake that
  // took the UTC day as KSeF's refused it as issued after its receipt.
  it("takes the day of receipt in Poland, so an invoice issued after midnight in Warsaw is not 'later than received'", () => {
    const halfPastMidnightInWarsaw = new Date('2026-11-27T23:30:00Z');
    expect(issuedAfterReceipt('2026-11-28', halfPastMidnightInWarsaw)).toBe(false);
    expect(issuedAfterReceipt('2026-11-29', halfPastMidnightInWarsaw)).toBe(true);
    expect(issuedAfterReceipt('2026-07-01', new Date('2026-06-30T22:10:00Z'))).toBe(false);
  });
});
