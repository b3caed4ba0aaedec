import { compensationEur, computeInterest, formatMoney, interestMessages, parseInterestRates } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { pdfText } from './documents.ts';
import { type FakeNbp, fakeMid, startFakeNbp } from './fakeNbp.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

const RATES_2025 = parseInterestRates('01/01/2025 15,75\n01/07/2025 15,25') ?? [];

describe('interest: the computation', () => {
  it('reads the rate table of the settings and refuses a line out of form or dates not rising', () => {
    expect(RATES_2025).toEqual([
      { from: '2025-01-01', rate: 1575 },
      { from: '2025-07-01', rate: 1525 },
    ]);
    expect(parseInterestRates('2025-01-01 15,75')).toBeNull();
    expect(parseInterestRates('01/07/2025 15,25\n01/01/2025 15,75')).toBeNull();
    expect(parseInterestRates('31/02/2025 10')).toBeNull();
  });

  it('counts interest day by day over two rate periods, each span rounded to the grosz', () => {
    // 1 230,00 zł due 20/06/2025, unpaid to 10/07/2025: 10 days at 15,75 % and 10 days at 15,25 %.
    const result = computeInterest({
      amount: 123_000,
      dueDate: '2025-06-20',
      payments: [],
      until: '2025-07-10',
      rates: RATES_2025,
    });
    expect(result.periods).toEqual([
      { from: '2025-06-21', to: '2025-06-30', days: 10, base: 123_000, rate: 1575, interest: 531 },
      { from: '2025-07-01', to: '2025-07-10', days: 10, base: 123_000, rate: 1525, interest: 514 },
    ]);
    expect(result).toMatchObject({ total: 1045, daysLate: 20 });
  });

  it('a part payment lowers the base from its date and the full payment ends the count', () => {
    const result = computeInterest({
      amount: 123_000,
      dueDate: '2025-06-20',
      payments: [
        { date: '2025-07-06', amount: 100_000 },
        { date: '2025-07-01', amount: 23_000 },
      ],
      until: '2025-12-31',
      rates: RATES_2025,
    });
    expect(result.periods.map((p) => [p.from, p.to, p.base, p.rate, p.interest])).toEqual([
      ['2025-06-21', '2025-06-30', 123_000, 1575, 531],
      ['2025-07-01', '2025-07-05', 100_000, 1525, 209],
    ]);
    expect(result).toMatchObject({ total: 740, daysLate: 15 });
  });

  it('compensation: 40 EUR up to 5 000 zł, 70 EUR below 50 000 zł, 100 EUR from 50 000 zł', () => {
    expect([500_000, 500_001, 4_999_999, 5_000_000, 9_000_000].map(compensationEur)).toEqual([40, 70, 70, 100, 100]);
  });
});

describe.each(dbKinds)('interest notes on %s', (kind) => {
  let t: TestApp;
  let nbp: FakeNbp;
  let token: string;
  let userToken: string;
  const api = (method: string, url: string, payload?: unknown, as = token) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(as),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    nbp = await startFakeNbp('2026-11-20');
    t = await createTestApp(kind, { NBP_API_URL: nbp.url });
    token = await t.login();
    await api('POST', '/api/users', {
      login: 'dyspozytor',
      name: 'Dyspozytor',
      plainPassword: 'haslo-dysp-123',
      roles: ['ROLE_USER'],
    });
    userToken = await t.login('dyspozytor', 'haslo-dysp-123');
  });
  afterAll(async () => {
    await t.close();
    await nbp.close();
  });

  let seq = 0;
  /** A VAT invoice of `netto` at 0 % VAT (gross = netto), due on `paymentDate`. */
  async function invoice(netto: number, paymentDate: string, createdDate = paymentDate, call = api) {
    const res = await call('POST', '/api/invoices', {
      type: 'vat',
      description: `Odsetki ${++seq}`,
      createdDate,
      saleDate: createdDate,
      paymentDate,
      paymentMethod: 'przelew',
      currency: 'pln',
      vendorName: 'Spedycja Przykład Sp. z o.o.',
      vendorNip: '5260250274',
      vendorStreetAddress: 'ul. Transportowa 1',
      vendorPostalCode: '00-001',
      vendorCity: 'Warszawa',
      customerName: 'Dłużnik Sp. z o.o.',
      customerNip: '7831672591',
      customerEmail: 'ksiegowosc@dluznik.example',
      customerStreetAddress: 'ul. Długa 5',
      customerPostalCode: '61-131',
      customerCity: 'Poznań',
      customerCountry: 'PL',
      invoicePositions: [{ title: 'Usługa transportu', amount: 1, unit: 'usł.', netto, vatRate: 0 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { '@id': string; uuid: string; number: string; totalGross: number };
  }

  it('answers 401 without a token and 403 to a dispatcher', async () => {
    const id = '7b0c4d3e-0000-4000-8000-000000000000';
    const urls: [string, string][] = [
      ['GET', `/api/invoices/${id}/interest`],
      ['GET', `/api/invoices/${id}/interest_notes`],
      ['POST', `/api/invoices/${id}/interest_notes`],
      ['GET', `/api/interest_notes/${id}`],
      ['GET', `/api/interest_notes/${id}/pdf`],
      ['POST', `/api/interest_notes/${id}/send`],
    ];
    for (const [method, url] of urls) {
      expect((await t.app.inject({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(method, url, method === 'GET' ? undefined : {}, userToken)).statusCode).toBe(403);
    }
  });

  it('previews interest over two rate periods with a part payment booked on the invoice', async () => {
    const inv = await invoice(123_000, '2025-06-20', '2025-06-10');
    const paid = await api('POST', '/api/invoice_payments', {
      invoice: inv['@id'],
      date: '2025-07-06',
      amount: 23_000,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const res = await api('GET', `/api/invoices/${inv.uuid}/interest?date=2025-07-10`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // 10 days at 15,75 % and 5 at 15,25 % on 1 230,00 zł, then 5 days at 15,25 % on 1 000,00 zł.
    expect(
      body.periods.map((p: { days: number; base: number; rate: number; interest: number }) => [
        p.days,
        p.base,
        p.rate,
        p.interest,
      ]),
    ).toEqual([
      [10, 123_000, 1575, 531],
      [5, 123_000, 1525, 257],
      [5, 100_000, 1525, 209],
    ]);
    expect(body).toMatchObject({
      interest: 997,
      daysLate: 20,
      paidDate: null,
      dueDate: '2025-06-20',
      until: '2025-07-10',
    });
    // `asOf` (the receivables issue's name) answers the same; it wins over `date`.
    const asOf = await api('GET', `/api/invoices/${inv.uuid}/interest?asOf=2025-07-10&date=2025-07-01`);
    expect(asOf.statusCode, asOf.body).toBe(200);
    expect(asOf.json()).toEqual(body);
  });

  it('the compensation thresholds at NBP`s EUR rate of the last working day of the month before the due month', async () => {
    // Due 10/03/2026: the rate of Friday 27/02/2026.
    const mid = Math.round(fakeMid('2026-02-27') * 10_000);
    const cases: [number, number][] = [
      [500_000, 40],
      [500_001, 70],
      [5_000_000, 100],
    ];
    for (const [netto, eur] of cases) {
      const inv = await invoice(netto, '2026-03-10', '2026-03-01');
      const res = await api('GET', `/api/invoices/${inv.uuid}/interest?date=2026-03-20`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().compensation).toMatchObject({
        eur,
        rate: mid,
        rateDate: '2026-02-27',
        amount: Math.round((eur * mid) / 100),
      });
      expect(res.json().compensation.table).toMatch(/\/A\/NBP\/2026$/);
    }
  });

  it('refuses an invoice not overdue (422), a bad date (422) and an empty rate table (409), changing nothing', async () => {
    const inv = await invoice(100_000, '2026-03-10', '2026-03-01');
    const early = await api('GET', `/api/invoices/${inv.uuid}/interest?date=2026-03-10`);
    expect(early.statusCode).toBe(422);
    expect(early.json().detail ?? early.body).toContain(interestMessages.notOverdue);
    expect((await api('GET', `/api/invoices/${inv.uuid}/interest?date=10.03.2026`)).statusCode).toBe(422);
    const badAsOf = await api('GET', `/api/invoices/${inv.uuid}/interest?asOf=10.03.2026`);
    expect(badAsOf.statusCode).toBe(422);
    expect(badAsOf.json().violations[0].propertyPath).toBe('asOf');
    expect((await api('PUT', '/api/settings/lateInterestRates', { value: 'co to' })).statusCode).toBe(422);
    expect((await api('PUT', '/api/settings/lateInterestRates', { value: '' })).statusCode).toBe(200);
    const empty = await api('POST', `/api/invoices/${inv.uuid}/interest_notes`, { date: '2026-03-20' });
    expect(empty.statusCode).toBe(409);
    expect(empty.body).toContain(interestMessages.noRates);
    const listed = await api('GET', `/api/invoices/${inv.uuid}/interest_notes`);
    expect(listed.json()['hydra:member']).toHaveLength(0);
    const restored = await api('PUT', '/api/settings/lateInterestRates', {
      value: '01/01/2025 15,75\n01/07/2025 15,25',
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('creates an interest note NO/{n}/{MM}/{YYYY} with its figures, its PDF reads them back and it is mailed', async () => {
    const inv = await invoice(123_000, '2025-06-20', '2025-06-10');
    const res = await api('POST', `/api/invoices/${inv.uuid}/interest_notes`, { date: '2025-07-10' });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json();
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' });
    expect(note.number).toMatch(new RegExp(`^NO/\\d+/${today.slice(5, 7)}/${today.slice(0, 4)}$`));
    expect(note).toMatchObject({ interest: 1045, daysLate: 20, compensationEur: 40, invoiceNumber: inv.number });
    const listed = await api('GET', `/api/invoices/${inv.uuid}/interest_notes`);
    expect(listed.json()['hydra:member'].map((n: { number: string }) => n.number)).toEqual([note.number]);

    const pdf = await api('GET', `/api/interest_notes/${note.uuid}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Nota odsetkowa ${note.number}`);
    expect(text).toContain(inv.number);
    expect(text).toContain('Dłużnik Sp. z o.o.');
    expect(text).toContain('20 dni');
    expect(text).toContain('21/06/2025 – 30/06/2025');
    expect(text).toContain('5,31 zł');
    expect(text).toContain('15,25 %');
    expect(text).toContain('10,45 zł');
    expect(text).toContain('40 EUR');
    expect(text).toContain('PL61109010140000071219812874');
    expect(note.warning).toBeNull();
    // Interest and compensation in one sum, in złoty with two decimals.
    expect(text).toContain(`Razem do zapłaty ${formatMoney(1045 + note.compensationAmount, 'pln')}`);
    expect(formatMoney(1045 + note.compensationAmount, 'pln')).toMatch(/^\d+,\d{2} zł$/);

    const sent = await api('POST', `/api/interest_notes/${note.uuid}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    const mails = await selectRows<{ to: string }>(
      t.database.db,
      sql`SELECT "to" FROM mail_outbox WHERE subject LIKE ${`Nota odsetkowa ${note.number}%`}`,
    );
    expect(mails.map((m) => m.to)).toEqual(['ksiegowosc@dluznik.example']);
  });

  describe('NBP not answering', () => {
    afterAll(() => nbp.setFailing(false));

    it('makes the note of the interest alone and says the compensation needs NBP', async () => {
      // Due 20/04/2025: a month no test asked NBP about (the client remembers a day's rate once read).
      const inv = await invoice(123_000, '2025-04-20', '2025-04-10');
      nbp.setFailing(true);
      const res = await api('POST', `/api/invoices/${inv.uuid}/interest_notes`, { date: '2025-05-10' });
      expect(res.statusCode, res.body).toBe(201);
      const note = res.json();
      // 20 days at 15,75 % on 1 230,00 zł.
      expect(note).toMatchObject({
        interest: 1062,
        daysLate: 20,
        compensationEur: null,
        compensationAmount: null,
        compensationRate: null,
        compensationTable: null,
        warning: interestMessages.compensationWithoutNbp,
      });
      expect(nbp.requests.some((r) => r.includes('/2025-03-18/2025-03-31/'))).toBe(true);
      const text = await pdfText((await api('GET', `/api/interest_notes/${note.uuid}/pdf`)).rawPayload);
      expect(text).toContain('Rekompensata nie naliczono');
      expect(text).toContain('Razem do zapłaty 10,62 zł');
      // The preview says the same: interest, and no compensation.
      const preview = await api('GET', `/api/invoices/${inv.uuid}/interest?date=2025-05-10`);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({ interest: 1062, compensation: null });
    });

    it('NBP unreachable (nothing at its address): the note of the interest alone too', async () => {
      const offline = await createTestApp(kind, { NBP_API_URL: 'http://127.0.0.1:9' });
      try {
        const admin = await offline.login();
        const call = (method: string, url: string, payload?: unknown) =>
          offline.app.inject({ method: method as 'POST', url, headers: bearer(admin), payload: payload as object });
        const inv = await invoice(123_000, '2025-04-20', '2025-04-10', call);
        const res = await call('POST', `/api/invoices/${inv.uuid}/interest_notes`, { date: '2025-05-10' });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({
          interest: 1062,
          compensationAmount: null,
          warning: interestMessages.compensationWithoutNbp,
        });
      } finally {
        await offline.close();
      }
    });

    it('takes the rate NBP gave earlier for that day', async () => {
      const inv = await invoice(123_000, '2025-05-20', '2025-05-10');
      nbp.setFailing(false);
      const preview = await api('GET', `/api/invoices/${inv.uuid}/interest?date=2025-06-09`);
      expect(preview.statusCode, preview.body).toBe(200);
      const { compensation } = preview.json();
      // The last working day before 01/05/2025 (a holiday): Wednesday 30/04/2025.
      expect(compensation).toMatchObject({ eur: 40, rateDate: '2025-04-30' });
      nbp.setFailing(true);
      const asked = nbp.requests.length;
      const res = await api('POST', `/api/invoices/${inv.uuid}/interest_notes`, { date: '2025-06-09' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        compensationEur: 40,
        compensationRate: compensation.rate,
        compensationTable: compensation.table,
        compensationRateDate: '2025-04-30',
        compensationAmount: compensation.amount,
        warning: null,
      });
      expect(nbp.requests.length).toBe(asked);
    });

    it('keeps the rate and table the admin typed and prints them, with the sum to pay', async () => {
      const inv = await invoice(123_000, '2025-08-20', '2025-08-10');
      nbp.setFailing(true);
      const asked = nbp.requests.length;
      const url = `/api/invoices/${inv.uuid}/interest_notes`;
      const refused: [Record<string, unknown>, string, string][] = [
        [{ compensationRate: 42_915 }, 'compensationTable', interestMessages.compensationTableMissing],
        [{ compensationTable: '148/A/NBP/2025' }, 'compensationRate', interestMessages.compensationRateMissing],
        [
          { compensationRate: 42_915, compensationTable: '31.07.2025' },
          'compensationTable',
          interestMessages.compensationTableInvalid,
        ],
        [{ compensationRate: 4.2915, compensationTable: '148/A/NBP/2025' }, 'compensationRate', 'liczbę'],
      ];
      for (const [typed, field, message] of refused) {
        const bad = await api('POST', url, { date: '2025-09-09', ...typed });
        expect(bad.statusCode, bad.body).toBe(422);
        const violation = bad.json().violations.find((v: { propertyPath: string }) => v.propertyPath === field);
        expect(violation?.message, bad.body).toContain(message);
      }
      const res = await api('POST', url, {
        date: '2025-09-09',
        compensationRate: 42_915,
        compensationTable: ' 148/A/NBP/2025 ',
      });
      expect(res.statusCode, res.body).toBe(201);
      const note = res.json();
      // 20 days at 15,25 % on 1 230,00 zł; 40 EUR × 4,2915 = 171,66 zł.
      expect(note).toMatchObject({
        interest: 1028,
        compensationEur: 40,
        compensationRate: 42_915,
        compensationTable: '148/A/NBP/2025',
        compensationRateDate: null,
        compensationAmount: 17_166,
        warning: null,
      });
      // The typed rate needs no NBP.
      expect(nbp.requests.length).toBe(asked);
      const again = await api('GET', `/api/interest_notes/${note.uuid}`);
      expect(again.json()).toMatchObject({ compensationRate: 42_915, compensationTable: '148/A/NBP/2025' });
      const text = await pdfText((await api('GET', `/api/interest_notes/${note.uuid}/pdf`)).rawPayload);
      expect(text).toContain('Kurs średni NBP 4,2915 zł, tabela 148/A/NBP/2025');
      expect(text).toContain('Rekompensata w złotych 171,66 zł');
      expect(text).toContain('Razem do zapłaty 181,94 zł');
    });
  });

  it('concurrent notes get consecutive numbers without duplicates or gaps', async () => {
    const inv = await invoice(200_000, '2025-06-20', '2025-06-10');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api('POST', `/api/invoices/${inv.uuid}/interest_notes`, { date: '2025-08-01' })),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const rows = await selectRows<{ number: string }>(t.database.db, sql`SELECT number FROM interest_notes`);
    const ns = rows.map((r) => Number(r.number.split('/')[1])).sort((a, b) => a - b);
    expect(ns).toEqual(Array.from({ length: ns.length }, (_, i) => i + 1));
    expect(ns.length).toBeGreaterThanOrEqual(7);
  });
});
