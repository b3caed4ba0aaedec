import { readFileSync } from 'node:fs';
import { formatDate, formatMoney, statementsMessages, verificationMessages as vm } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { invoiceOf, orderOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { multipart } from './portalHelpers.ts';
import { type FakeWhitelist, startFakeWhitelist } from './whitelistFake.ts';

const sample = (name: string) => readFileSync(new URL(`./fixtures/statements/${name}`, import.meta.url));
const PAYER_ACCOUNT = '61109010140000071219812874';
const CARRIER_ACCOUNT = '27114020040000300201355387';

type Line = {
  uuid: string;
  '@id': string;
  amount: number;
  title: string;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  match: {
    confidence: string;
    invoice: { uuid: string; number: string } | null;
    order: { uuid: string } | null;
    carrierInvoice?: { uuid: string } | null;
  } | null;
};

/** Issue 26: bank statements (MT940 of five Polish banks, CSV with a mapping) read in, matched and booked. */
describe.each(dbKinds)('bank statements on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let userToken: string;
  let customer: { '@id': string; uuid: string };
  let carrier: { '@id': string; uuid: string };

  const api = (method: string, url: string, payload?: unknown, as = token, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...bearer(as), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = (name: string, data: Buffer, fields: Record<string, string> = {}, headers = {}) => {
    const body = multipart(fields, { name, data });
    return t.app.inject({
      method: 'POST',
      url: '/api/bank_statements',
      payload: body.payload,
      headers: { ...bearer(token), ...body.headers, ...headers },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    await api('POST', '/api/users', {
      login: 'dyspozytor',
      name: 'Dyspozytor',
      plainPassword: 'haslo-dysp-123',
      roles: ['ROLE_USER'],
    });
    userToken = await t.login('dyspozytor', 'haslo-dysp-123');
    const c = await api('POST', '/api/customers', {
      companyName: 'Płatnik Sp. z o.o.',
      nip: '7831672591',
      email: 'ksiegowosc@platnik.example',
      city: 'Poznań',
      country: 'PL',
      bankAccounts: [PAYER_ACCOUNT],
    });
    expect(c.statusCode, c.body).toBe(201);
    customer = c.json();
    const k = await api('POST', '/api/carriers', {
      companyName: 'Przewozy Łukasz Gęś',
      nip: '7740001454',
      email: 'dyspozycja@ges.example',
      phone: '601601601',
      city: 'Płock',
      country: 'PL',
      bankAccounts: [CARRIER_ACCOUNT],
    });
    expect(k.statusCode, k.body).toBe(201);
    carrier = k.json();
  });
  afterAll(() => t.close());

  /** A VAT invoice numbered by hand, `netto` + 23 % gross. */
  async function vatInvoice(number: string, netto = 100_000) {
    const res = await api(
      'POST',
      '/api/invoices',
      invoiceOf(customer['@id'], {
        number,
        description: `Wyciąg ${number}`,
        createdDate: '2026-11-05',
        saleDate: '2026-11-03',
        paymentDate: '2099-12-31',
        customerName: 'Płatnik Sp. z o.o.',
        customerNip: '7831672591',
        invoicePositions: [{ title: 'Usługa transportu', amount: 1, unit: 'usł.', netto, vatRate: 2300 }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('answers 401 without a token and 403 to a dispatcher on every statement route', async () => {
    const urls: [string, string][] = [
      ['GET', '/api/bank_statements'],
      ['POST', '/api/bank_statements'],
      ['GET', '/api/bank_statements/7b0c4d3e-0000-4000-8000-000000000000'],
      ['POST', '/api/bank_statements/7b0c4d3e-0000-4000-8000-000000000000/book'],
      ['GET', '/api/bank_csv_mappings'],
    ];
    for (const [method, url] of urls) {
      expect((await t.app.inject({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(method, url, method === 'GET' ? undefined : {}, userToken)).statusCode).toBe(403);
    }
  });

  it("reads each bank's MT940 (PKO BP, Pekao, mBank, ING, Santander) and matches its lines", async () => {
    const pkoInvoice = await vatInvoice('901/11/2026');
    const pekaoInvoice = await vatInvoice('902/11/2026');
    const mbankInvoice = await vatInvoice('903/11/2026');
    const ingInvoice = await vatInvoice('904/11/2026', 50_000);
    const santanderInvoice = await vatInvoice('905/11/2026', 40_000);
    const o = await api(
      'POST',
      '/api/orders',
      orderOf(customer['@id'], { carrier: carrier['@id'], carrierPrice: 200_000, carrierPriceCurrency: 'pln' }),
    );
    expect(o.statusCode, o.body).toBe(201);
    const order = o.json();

    const pko = await upload('pko.sta', sample('pko.sta'));
    expect(pko.statusCode, pko.body).toBe(201);
    const [pkoPaid, pkoOther] = pko.json().lines as Line[];
    expect(pkoPaid).toMatchObject({
      amount: 123_000,
      currency: 'pln',
      counterpartyAccount: PAYER_ACCOUNT,
      match: { confidence: 'pewne', invoice: { uuid: pkoInvoice.uuid, number: '901/11/2026' } },
    });
    expect(pkoPaid?.counterpartyName).toContain('PŁATNIK SP. Z O.O.');
    expect(pkoOther).toMatchObject({ amount: 5_000, title: 'Zwrot kaucji', match: null });

    // Pekao: '^' separators, the title running over ^20/^21, the account from ^30 (sort code) and ^31.
    const [pekao] = (await upload('pekao.sta', sample('pekao.sta'))).json().lines as Line[];
    expect(pekao).toMatchObject({
      title: 'Zapłata za fakturę nr 902/11/2026',
      counterpartyAccount: PAYER_ACCOUNT,
      match: { confidence: 'pewne', invoice: { uuid: pekaoInvoice.uuid } },
    });
    // mBank: '<' separators, the :86: over two lines, the number written 'FV/903/11/2026'.
    const [mbank] = (await upload('mbank.sta', sample('mbank.sta'))).json().lines as Line[];
    expect(mbank).toMatchObject({ match: { confidence: 'pewne', invoice: { uuid: mbankInvoice.uuid } } });
    // ING: no number in the title, the amount and the payer's NIP → to be checked.
    const [ing] = (await upload('ing.sta', sample('ing.sta'))).json().lines as Line[];
    expect(ing).toMatchObject({
      amount: 61_500,
      match: { confidence: 'do_sprawdzenia', invoice: { uuid: ingInvoice.uuid } },
    });
    // Santander: the amount and the payer's account (the customer's) → to be checked; the debit → the carrier's order.
    const santander = await upload('santander.sta', sample('santander.sta'));
    const [credit, debit] = santander.json().lines as Line[];
    expect(credit).toMatchObject({
      amount: 49_200,
      match: { confidence: 'do_sprawdzenia', invoice: { uuid: santanderInvoice.uuid } },
    });
    expect(debit).toMatchObject({
      amount: -200_000,
      counterpartyAccount: CARRIER_ACCOUNT,
      match: { confidence: 'pewne', order: { uuid: order.uuid }, invoice: null },
    });

    // Booking Santander's lines: the invoice is paid, the carrier is paid; the lines are booked once.
    const statement = santander.json();
    const booked = await api('POST', `/api/bank_statements/${statement.uuid}/book`, {
      lines: [{ line: credit?.['@id'], invoice: santanderInvoice['@id'] }, { line: debit?.['@id'] }],
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().bookedCount).toBe(2);
    expect((await api('GET', `/api/invoices/${santanderInvoice.uuid}`)).json()).toMatchObject({
      paid: true,
      paidAmount: 49_200,
      dueAmount: 0,
    });
    expect((await api('GET', `/api/orders/${order.uuid}`)).json().carrierPaid).toBe(true);
    const again = await api('POST', `/api/bank_statements/${statement.uuid}/book`, {
      lines: [{ line: credit?.['@id'], invoice: santanderInvoice['@id'] }],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().violations[0].message).toBe(statementsMessages.lineBooked);
    const payments = (await api('GET', `/api/invoice_payments?invoice.uuid=${santanderInvoice.uuid}`)).json();
    expect(payments['hydra:member']).toHaveLength(1);

    // The same file imported twice: no line is read twice, so nothing can be booked twice.
    const twice = await upload('santander.sta', sample('santander.sta'));
    expect(twice.statusCode, twice.body).toBe(201);
    expect(twice.json()).toMatchObject({ lines: [], duplicateCount: 2 });

    // Booking the matches as found: without `lines`, every unbooked 'pewne' line on its match (PKO's first line; its
    // second has no match and stays).
    const pkoBook = await api('POST', `/api/bank_statements/${pko.json().uuid}/book`, {});
    expect(pkoBook.statusCode, pkoBook.body).toBe(200);
    expect(pkoBook.json().bookedCount).toBe(1);
    expect((await api('GET', `/api/invoices/${pkoInvoice.uuid}`)).json().paid).toBe(true);
    const pkoLines = (await api('GET', `/api/bank_statements/${pko.json().uuid}`)).json().lines as Line[];
    expect(pkoLines.map((l) => [l.uuid, Boolean((l as Line & { bookedAt: string | null }).bookedAt)])).toEqual([
      [pkoPaid?.uuid, true],
      [pkoOther?.uuid, false],
    ]);
    // Again: nothing 'pewne' is left unbooked, so nothing is booked twice.
    const nothingLeft = await api('POST', `/api/bank_statements/${pko.json().uuid}/book`, {});
    expect(nothingLeft.statusCode, nothingLeft.body).toBe(200);
    expect(nothingLeft.json()).toMatchObject({ bookedCount: 1, message: statementsMessages.booked(0) });
    expect(
      (await api('GET', `/api/invoice_payments?invoice.uuid=${pkoInvoice.uuid}`)).json()['hydra:member'],
    ).toHaveLength(1);
    // An unmatched line needs an invoice; a debit cannot go on an invoice.
    const unmatched = await api('POST', `/api/bank_statements/${pko.json().uuid}/book`, {
      lines: [{ line: pkoOther?.['@id'] }],
    });
    expect(unmatched.statusCode).toBe(422);
    expect(unmatched.json().violations[0].message).toBe(statementsMessages.invoiceRequired);

    const list = (await api('GET', '/api/bank_statements')).json()['hydra:member'];
    expect(list.length).toBeGreaterThanOrEqual(6);
    const one = (await api('GET', `/api/bank_statements/${statement.uuid}`)).json();
    expect(one.lines).toHaveLength(2);
  });

  it('reads a CSV through a mapping, saves the mapping for the bank and uses it for its next file', async () => {
    const invoice = await vatInvoice('906/11/2026');
    const mapping = {
      bank: 'Bank Spółdzielczy',
      date: 'Data operacji',
      amount: 'Kwota',
      title: 'Tytuł',
      name: 'Kontrahent',
      account: 'Rachunek kontrahenta',
    };
    const res = await upload('wyciag.csv', sample('bank.csv'), { format: 'csv', mapping: JSON.stringify(mapping) });
    expect(res.statusCode, res.body).toBe(201);
    const [paid, fee] = res.json().lines as Line[];
    expect(paid).toMatchObject({
      amount: 123_000,
      counterpartyName: 'Płatnik Sp. z o.o.',
      counterpartyAccount: PAYER_ACCOUNT,
      match: { confidence: 'pewne', invoice: { uuid: invoice.uuid } },
    });
    expect(fee).toMatchObject({ amount: -1_550, title: 'Opłata za prowadzenie rachunku', match: null });
    // The next file of that bank needs only its name; the same lines are not read again.
    const next = Buffer.from(`${sample('bank.csv').toString('utf8').trim()}\n22.11.2026;100,00;Wpłata;Ktoś;\n`, 'utf8');
    const second = await upload('wyciag2.csv', next, { mapping: JSON.stringify({ bank: 'Bank Spółdzielczy' }) });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ duplicateCount: 2, lines: [{ amount: 10_000, title: 'Wpłata' }] });
    // Issue 34: the screen reads the saved mappings back to offer a bank's again.
    const saved = (await api('GET', '/api/bank_csv_mappings')).json()['hydra:member'];
    expect(saved).toContainEqual({ bank: 'Bank Spółdzielczy', mapping, updatedAt: expect.any(String) });
    // Columns given with the bank replace its saved mapping: a column left out is no longer read.
    const { account: _dropped, ...withoutAccount } = mapping;
    const header = sample('bank.csv').toString('utf8').split('\n')[0];
    const third = Buffer.from(`${header}\n23.11.2026;200,00;Druga wpłata;Ktoś;${PAYER_ACCOUNT}\n`);
    const replaced = await upload('wyciag3.csv', third, { mapping: JSON.stringify(withoutAccount) });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json().lines).toMatchObject([{ amount: 20_000, counterpartyAccount: null }]);
    expect((await api('GET', '/api/bank_csv_mappings')).json()['hydra:member']).toContainEqual(
      expect.objectContaining({ bank: 'Bank Spółdzielczy', mapping: withoutAccount }),
    );
    // Without a mapping a CSV is refused in Polish; a broken file too; nothing is recorded.
    const before = (await api('GET', '/api/bank_statements')).json()['hydra:member'].length;
    const noMapping = await upload('x.csv', sample('bank.csv'));
    expect(noMapping.statusCode).toBe(422);
    expect(noMapping.json().violations[0].message).toBe(statementsMessages.mappingRequired);
    const broken = await upload('x.sta', Buffer.from(':20:X\n:61:zepsute\n'), { format: 'mt940' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toBe(statementsMessages.unreadable);
    // Balances that do not add up (the second statement of a file: its closing balance says 1 280,00 more, its one
    // operation 1 230,00) and a file cut short before its closing balance: the statement named, nothing stored.
    const pko = sample('pko.sta').toString('utf8');
    const secondStatement = pko
      .replace(':20:PKO261120', ':20:PKO261121')
      .replace(':28C:215/1', ':28C:216/1')
      .replace(/:61:2611201120C50,00[^\n]*\n:86:[^\n]*\n/, '');
    const unbalanced = await upload('dwa.sta', Buffer.from(`${pko}${secondStatement}`), { format: 'mt940' });
    expect(unbalanced.statusCode, unbalanced.body).toBe(422);
    expect(unbalanced.json().detail).toBe(statementsMessages.unbalanced('PKO261121', '216/1', '1 230,00', '1 280,00'));
    const cut = await upload('ucięty.sta', Buffer.from(pko.slice(0, pko.indexOf(':62F:'))), { format: 'mt940' });
    expect(cut.statusCode, cut.body).toBe(422);
    expect(cut.json().detail).toBe(statementsMessages.noClosingBalance('PKO261120', '215/1'));
    expect((await api('GET', '/api/bank_statements')).json()['hydra:member'].length).toBe(before);
  });

  it("writes the statement's history (the import, each booking) and the booked payment into its invoice's history", async () => {
    const invoice = await vatInvoice('907/11/2026');
    const res = await upload(
      'historia.sta',
      statementOf('HIST1', [
        { amount: 1_230, title: 'Zapłata za fakturę nr 907/11/2026', account: PAYER_ACCOUNT },
        { amount: 12.34, title: 'Odsetki od lokaty', account: PAYER_ACCOUNT },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const statement = res.json();
    const history = async () =>
      (await api('GET', `/api/bank_statements/${statement.uuid}/history`)).json()['hydra:member'];
    const [imported] = await history();
    expect(imported).toMatchObject({
      action: 'import',
      user: { name: expect.any(String) },
      changes: [
        { field: 'fileName', from: null, to: 'historia.sta' },
        { field: 'lineCount', from: null, to: 2 },
        { field: 'duplicateCount', from: null, to: 0 },
      ],
    });
    expect(Date.now() - Date.parse(imported.date)).toBeLessThan(60_000);
    // Admins only, as the statement itself.
    expect((await api('GET', `/api/bank_statements/${statement.uuid}/history`, undefined, userToken)).statusCode).toBe(
      403,
    );

    const [paid] = statement.lines as Line[];
    const booked = await api('POST', `/api/bank_statements/${statement.uuid}/book`, {
      lines: [{ line: paid?.['@id'] }],
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const money = formatMoney(123_000, 'pln');
    expect((await history())[0]).toMatchObject({
      action: 'booking',
      changes: [
        {
          field: 'booked',
          to: statementsMessages.historyBookedInvoice(money, formatDate('2026-11-21'), '907/11/2026'),
        },
      ],
    });
    const invoiceHistory = (await api('GET', `/api/invoices/${invoice.uuid}/history`)).json()['hydra:member'];
    const line = invoiceHistory.find((h: { action: string }) => h.action === 'payment');
    expect(line?.changes).toEqual([
      {
        field: 'statementPayment',
        from: null,
        to: statementsMessages.historyInvoicePayment(money, formatDate('2026-11-21'), 'historia.sta'),
      },
    ]);
    expect(line?.changes[0].to).toContain('z wyciągu „historia.sta”');
  });

  it("searches the open invoices for a line's picker by number or buyer, a page at a time", async () => {
    const a = await vatInvoice('911/11/2026');
    await vatInvoice('912/11/2026');
    await vatInvoice('913/11/2026');
    const search = async (term: string, itemsPerPage = 20) =>
      (
        await api(
          'GET',
          `/api/invoices?type=vat&paid=false&term=${encodeURIComponent(term)}&itemsPerPage=${itemsPerPage}`,
        )
      ).json();
    const byNumber = await search('911/11');
    expect(byNumber['hydra:member'].map((i: { uuid: string }) => i.uuid)).toEqual([a.uuid]);
    // The buyer's name, without minding case or Polish letters; a page of it, the total counted in SQL.
    const byBuyer = await search('platnik', 2);
    expect(byBuyer['hydra:member']).toHaveLength(2);
    expect(byBuyer['hydra:totalItems']).toBeGreaterThanOrEqual(3);
    expect(byBuyer['hydra:member'][0].customerName).toBe('Płatnik Sp. z o.o.');
    expect((await search('nic-takiego'))['hydra:member']).toEqual([]);
    // A paid invoice is not offered.
    await api('POST', '/api/invoice_payments', { invoice: a['@id'], date: '2026-11-20', amount: 123_000 });
    expect((await search('911/11'))['hydra:member']).toEqual([]);
  });

  it('imports 1 000 lines at once, quickly, in one batched insert', async () => {
    const lines: string[] = [':20:BULK', ':25:/PL61109010140000071219812874', ':28C:1', ':60F:C261101PLN0,00'];
    let total = 0;
    for (let i = 1; i <= 1000; i++) {
      lines.push(`:61:2611201120C${i},00NTRFNONREF//`, `:86:020~00PRZELEW~20Wpłata masowa ${i}~27KLIENT ${i}`);
      total += i;
    }
    lines.push(`:62F:C261120PLN${total},00`, '-');
    const started = Date.now();
    const res = await upload('bulk.sta', Buffer.from(lines.join('\r\n')), {}, { 'Idempotency-Key': 'bulk-1' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines).toHaveLength(1000);
    expect(Date.now() - started).toBeLessThan(15_000);
    const replay = await upload('bulk.sta', Buffer.from(lines.join('\r\n')), {}, { 'Idempotency-Key': 'bulk-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().uuid).toBe(res.json().uuid);
  });

  it("answers each statement's lines and their matches as the plain join of its lines in the file's order", async () => {
    const statements = await selectRows<{ id: number; uuid: string }>(
      t.database.db,
      sql`SELECT id, uuid::text AS uuid FROM bank_statements ORDER BY id`,
    );
    expect(statements.length).toBeGreaterThan(2);
    let matched = 0;
    for (const statement of statements) {
      const expected = await selectRows<{
        uuid: string;
        confident: boolean;
        invoice: string | null;
        order: string | null;
        payable: string | null;
      }>(
        t.database.db,
        sql`SELECT l.uuid::text AS uuid, l.match_confidence IS NOT NULL AS confident, i.uuid::text AS invoice, o.uuid::text AS "order", ci.uuid::text AS payable
            FROM bank_statement_lines l
            LEFT JOIN invoices i ON i.id = l.match_invoice_id
            LEFT JOIN orders o ON o.id = l.match_order_id
            LEFT JOIN carrier_invoices ci ON ci.id = coalesce(l.booked_carrier_invoice_id, l.match_carrier_invoice_id)
            WHERE l.statement_id = ${statement.id} ORDER BY l.position`,
      );
      const res = await api('GET', `/api/bank_statements/${statement.uuid}`);
      expect(res.statusCode, res.body).toBe(200);
      const lines = res.json().lines as Line[];
      const got = lines.map((line) => ({
        uuid: line.uuid,
        invoice: line.match?.invoice?.uuid ?? null,
        order: line.match?.order?.uuid ?? null,
        payable: line.match?.carrierInvoice?.uuid ?? null,
      }));
      // A line without a match's confidence shows none (service.ts statementLines).
      expect(got, statement.uuid).toEqual(
        expected.map(({ confident, ...e }) => (confident ? e : { ...e, invoice: null, order: null, payable: null })),
      );
      matched += expected.filter((e) => e.invoice !== null).length;
    }
    expect(matched).toBeGreaterThan(0);
  });
});

/** An MT940 statement of the given operations (zł, a debit negative), each with its own title so that no line was read before. */
function statementOf(ref: string, operations: { amount: number; title: string; account: string }[]) {
  const zl = (n: number) => Math.abs(n).toFixed(2).replace('.', ',');
  const lines = [`:20:${ref}`, ':25:/PL39109000040000000145556677', ':28C:1', ':60F:C261101PLN100000,00'];
  let closing = 100_000;
  for (const o of operations) {
    closing += o.amount;
    const mark = o.amount < 0 ? 'D' : 'C';
    lines.push(`:61:2611211121${mark}${zl(o.amount)}NTRFNONREF//`, `:86:020~00Przelew~20${o.title}~38PL${o.account}`);
  }
  lines.push(`:62F:C261121PLN${zl(closing)}`, '-');
  return Buffer.from(lines.join('\r\n'));
}

/** Issue 26: a statement's debit to a carrier goes through the same white-list check as POST /api/carrier_payments. */
describe.each(dbKinds)('bank statement debits and the VAT white list on %s', (kind) => {
  const ON_LIST = '27114020040000300201355387';
  const OFF_LIST = '10105000997603123456789123';
  let t: TestApp;
  let wl: FakeWhitelist;
  let token: string;
  let customerIri: string;
  let carrierIri: string;
  const api = (method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = (name: string, data: Buffer) => {
    const body = multipart({}, { name, data });
    return t.app.inject({
      method: 'POST',
      url: '/api/bank_statements',
      payload: body.payload,
      headers: { ...bearer(token), ...body.headers },
    });
  };
  const order = async (carrierBankAccount: string) => {
    const res = await api(
      'POST',
      '/api/orders',
      orderOf(customerIri, { carrier: carrierIri, carrierPrice: 2_000_000, carrierBankAccount }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  beforeAll(async () => {
    wl = await startFakeWhitelist();
    t = await createTestApp(kind, { WL_API_URL: wl.url });
    token = await t.login();
    customerIri = (await api('POST', '/api/customers', { companyName: 'Klient wyciągu' })).json()['@id'];
    const k = await api('POST', '/api/carriers', {
      companyName: 'TRANS-POL Sp. z o.o.',
      nip: '5261040828',
      city: 'Warszawa',
      country: 'PL',
      bankAccounts: [ON_LIST],
    });
    expect(k.statusCode, k.body).toBe(201);
    carrierIri = k.json()['@id'];
  });
  afterAll(async () => {
    await t.close();
    await wl.close();
  });

  it('books a debit to a listed account, refuses one off the list above 15 000 zł (not booked, the Polish reason per line) until the admin gives a reason', async () => {
    const refusedOrder = await order(OFF_LIST);
    const listedOrder = await order(ON_LIST);
    const res = await upload(
      'biala-lista.sta',
      statementOf('WL1', [
        { amount: -20_000, title: 'Transport poza lista', account: OFF_LIST },
        { amount: -20_000, title: 'Transport z listy', account: ON_LIST },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const statement = res.json();
    const [off, on] = statement.lines as Line[];
    const before = wl.requests.length;
    const booked = await api('POST', `/api/bank_statements/${statement.uuid}/book`, {
      lines: [
        { line: off?.['@id'], order: refusedOrder['@id'] },
        { line: on?.['@id'], order: listedOrder['@id'] },
      ],
    });
    expect(booked.statusCode, booked.body).toBe(200);
    // Both accounts were asked of the list (the one the money went to).
    expect(wl.requests.slice(before)).toEqual([
      expect.stringContaining(`/bank-account/${OFF_LIST}`),
      expect.stringContaining(`/bank-account/${ON_LIST}`),
    ]);
    expect(booked.json()).toMatchObject({
      bookedCount: 1,
      message: statementsMessages.bookedRefused(1, 1),
      refused: [{ line: off?.['@id'], message: vm.whitelistRefused, code: 'whitelist_unconfirmed' }],
      warnings: [],
    });
    const paidTo = async (o: { uuid: string }) =>
      (await api('GET', `/api/carrier_payments?order.uuid=${o.uuid}`)).json()['hydra:member'].length;
    expect(await paidTo(refusedOrder)).toBe(0);
    expect((await api('GET', `/api/orders/${refusedOrder.uuid}`)).json().carrierPaid).toBe(false);
    expect(await paidTo(listedOrder)).toBe(1);
    expect((await api('GET', `/api/orders/${listedOrder.uuid}`)).json().carrierPaid).toBe(true);
    const orderHistory = (await api('GET', `/api/orders/${listedOrder.uuid}/history`)).json()['hydra:member'];
    expect(orderHistory.find((h: { action: string }) => h.action === 'payment')?.changes[0].to).toBe(
      statementsMessages.historyCarrierPayment(
        formatMoney(2_000_000, 'pln'),
        formatDate('2026-11-21'),
        'biala-lista.sta',
      ),
    );
    const lines = (await api('GET', `/api/bank_statements/${statement.uuid}`)).json().lines as (Line & {
      bookedAt: string | null;
    })[];
    expect(lines.map((l) => !!l.bookedAt)).toEqual([false, true]);

    // The admin confirms the refused line with a reason: booked, with the warning; the reason kept with the check.
    const confirmed = await api('POST', `/api/bank_statements/${statement.uuid}/book`, {
      lines: [
        {
          line: off?.['@id'],
          order: refusedOrder['@id'],
          whitelistOverride: { reason: 'Rachunek potwierdzony pisemnie' },
        },
      ],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      bookedCount: 2,
      refused: [],
      warnings: [{ line: off?.['@id'], message: vm.whitelistUnconfirmed }],
    });
    expect(await paidTo(refusedOrder)).toBe(1);
    const carrierUuid = carrierIri.split('/').at(-1);
    const [proof] = (await api('GET', `/api/carriers/${carrierUuid}/verifications`)).json()['hydra:member'];
    expect(proof).toMatchObject({ overrideReason: 'Rachunek potwierdzony pisemnie', order: refusedOrder['@id'] });
  });

  it("suggests a carrier's invoice for a debit ('pewne' by its number or its account and due amount, else to check) and books it into the payments ledger", async () => {
    const payable = async (number: string, net: number) => {
      const o = await order(ON_LIST);
      const res = await api('POST', '/api/carrier_invoices', {
        carrier: carrierIri,
        number,
        issueDate: '2026-11-10',
        receivedDate: '2026-11-12',
        documentsReceivedDate: '2026-11-12',
        currency: 'pln',
        netAmount: net,
        vatAmount: Math.round(net * 0.23),
        grossAmount: net + Math.round(net * 0.23),
        bankAccount: ON_LIST,
        orders: [{ order: o['@id'], amount: net }],
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { uuid: string; '@id': string; number: string };
    };
    const first = await payable('FP/7/11/2026', 10_000);
    const second = await payable('FP/8/11/2026', 20_000);
    const res = await upload(
      'przewoznicy.sta',
      // In złoty, as the file writes them: 123,00 zł is 12 300 hundredths.
      statementOf('CI1', [
        { amount: -123, title: 'Zaplata FP/7/11/2026', account: ON_LIST },
        { amount: -50, title: 'Zaliczka FP/8/11/2026', account: OFF_LIST },
        { amount: -246, title: 'Przelew za transport', account: ON_LIST },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    // Nothing booked at import: the debits wait for the admin, as the credits do.
    expect(res.json().transfersPaid).toBe(0);
    const [byNumber, onlyNamed, byAccount] = res.json().lines as (Line & {
      bookedAt: string | null;
      match: { carrierInvoice: { uuid: string; number: string; dueAmount: number } | null } | null;
    })[];
    expect(byNumber?.bookedAt).toBeNull();
    expect(byNumber?.match).toMatchObject({
      confidence: 'pewne',
      order: null,
      carrierInvoice: { uuid: first.uuid, number: 'FP/7/11/2026', dueAmount: 12_300 },
    });
    expect(onlyNamed?.match).toMatchObject({ confidence: 'do_sprawdzenia', carrierInvoice: { uuid: second.uuid } });
    expect(byAccount?.match).toMatchObject({ confidence: 'pewne', carrierInvoice: { uuid: second.uuid } });

    // Wrong targets change nothing: a debit on one of our invoices' fields, on both an order and an invoice.
    const statementUuid = res.json().uuid as string;
    const twice = await api('POST', `/api/bank_statements/${statementUuid}/book`, {
      lines: [{ line: onlyNamed?.['@id'], carrierInvoice: second['@id'], order: (await order(ON_LIST))['@id'] }],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().violations[0].message).toBe(statementsMessages.debitTwoTargets);

    // 'Zaksięguj pewne': both sure lines, each a payment of its invoice in the ledger with the statement's line.
    const booked = await api('POST', `/api/bank_statements/${statementUuid}/book`, {});
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({ bookedCount: 2, refused: [] });
    expect((await api('GET', `/api/carrier_invoices/${first.uuid}`)).json()).toMatchObject({
      status: 'zaplacona',
      dueAmount: 0,
      paidAmount: 12_300,
    });
    expect((await api('GET', `/api/carrier_invoices/${second.uuid}`)).json()).toMatchObject({
      status: 'zaplacona',
      paidAmount: 24_600,
    });
    const ledger = (await api('GET', `/api/carrier_payments?carrierInvoice.uuid=${first.uuid}`)).json();
    expect(ledger['hydra:member']).toEqual([
      expect.objectContaining({ amount: 12_300, carrierInvoice: expect.objectContaining({ uuid: first.uuid }) }),
    ]);
    const history = (await api('GET', `/api/carrier_invoices/${first.uuid}/history`)).json()['hydra:member'];
    expect(history.find((h: { action: string }) => h.action === 'payment')?.changes[0].to).toBe(
      statementsMessages.historyCarrierPayment(formatMoney(12_300, 'pln'), formatDate('2026-11-21'), 'przewoznicy.sta'),
    );
    const lines = (await api('GET', `/api/bank_statements/${statementUuid}`)).json().lines as Line[];
    // A booked line keeps the invoice it paid; the one left to check is left.
    expect(lines.map((l) => l.match?.confidence)).toEqual(['pewne', 'do_sprawdzenia', 'pewne']);
    expect(lines.map((l) => !!(l as Line & { bookedAt: string | null }).bookedAt)).toEqual([true, false, true]);

    // The line left to check cannot be booked on the invoice paid meanwhile: nothing is due on it.
    const late = await api('POST', `/api/bank_statements/${statementUuid}/book`, {
      lines: [{ line: onlyNamed?.['@id'], carrierInvoice: second['@id'] }],
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().violations[0].message).toBe(statementsMessages.carrierInvoiceNotOpen);
    expect(
      (await api('GET', `/api/carrier_payments?carrierInvoice.uuid=${second.uuid}`)).json()['hydra:totalItems'],
    ).toBe(1);
  });
});
