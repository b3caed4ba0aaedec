import { readFileSync } from 'node:fs';
import path from 'node:path';
import { payablesMessages as msg } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { selectRows } from '../src/db/client.ts';
import { addDays } from '../src/integrations/nbp/types.ts';
import { parseElixir } from '../src/modules/payables/bankFiles.ts';
import { mondayOf } from '../src/modules/payables/cashflow.ts';
import { warsawDay } from '../src/warsawDay.ts';
import { orderOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { multipart, SAMPLES } from './portalHelpers.ts';
import { type FakeWhitelist, startFakeWhitelist } from './whitelistFake.ts';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', 'payables', name);
const ELIXIR = JSON.parse(readFileSync(fixture('elixir-o-110.json'), 'utf8')) as {
  fields: { n: number; name: string; quoted: boolean; pattern: string }[];
};
/** The official ISO 20022 schema (fixtures/iso20022/README.md: its source and licence). */
const XSD = path.join(import.meta.dirname, 'fixtures', 'iso20022', 'pain.001.001.03.xsd');

/** TRANS-POL is on the fake white list with this account; Gęś is not on it at all. */
const LISTED = { nip: '5261040828', account: '61109010140000071219812874' };
const UNLISTED = { nip: '7740001454', account: '27114020040000300201355387' };
const today = warsawDay();

/** Issue 38: carriers' invoices as payables, transfer batches and their bank files, the cash flow ahead. */
describe.each(dbKinds)('payables on %s', (kind) => {
  let t: TestApp;
  let wl: FakeWhitelist;
  let token: string;
  let userToken: string;
  let customer: { '@id': string };
  let listed: { '@id': string; uuid: string };
  let unlisted: { '@id': string; uuid: string };
  let foreign: { '@id': string; uuid: string };

  const api = (method: string, url: string, payload?: unknown, as = token, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...bearer(as), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const created = async (method: string, url: string, payload: unknown) => {
    const res = await api(method, url, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  /** A carrier verified today (GUS, VAT 'Czynny', OCP valid), so that only the invoice's own warnings hold it. */
  const verify = (uuid: string) =>
    t.database.db.execute(
      sql`UPDATE carriers SET verified_at = now(), registry_status = 'aktywna', vat_status = 'Czynny',
            ocp_valid_to = '2099-12-31' WHERE uuid = ${uuid}`,
    );

  beforeAll(async () => {
    wl = await startFakeWhitelist();
    t = await createTestApp(kind, { WL_API_URL: wl.url });
    token = await t.login();
    await api('POST', '/api/users', {
      login: 'dyspozytor',
      name: 'Dyspozytor',
      plainPassword: 'haslo-dysp-123',
      roles: ['ROLE_USER'],
    });
    userToken = await t.login('dyspozytor', 'haslo-dysp-123');
    customer = await created('POST', '/api/customers', {
      companyName: 'Płatnik Sp. z o.o.',
      nip: '7831672591',
      email: 'ksiegowosc@platnik.example',
      city: 'Poznań',
      country: 'PL',
    });
    listed = await created('POST', '/api/carriers', {
      companyName: 'TRANS-POL Sp. z o.o.',
      nip: LISTED.nip,
      email: 'biuro@transpol.example',
      phone: '601601601',
      streetAddress: 'ul. Łódzka 5',
      postalCode: '90-001',
      city: 'Łódź',
      country: 'PL',
    });
    unlisted = await created('POST', '/api/carriers', {
      companyName: 'Przewozy Łukasz Gęś',
      nip: UNLISTED.nip,
      email: 'dyspozycja@ges.example',
      phone: '601601602',
      city: 'Płock',
      country: 'PL',
    });
    foreign = await created('POST', '/api/carriers', {
      companyName: 'Spedition Müller GmbH',
      nip: 'DE129273398',
      email: 'dispo@mueller.example',
      phone: '491701234567',
      city: 'Berlin',
      country: 'DE',
    });
    for (const c of [listed, unlisted, foreign]) await verify(c.uuid);
  });
  afterAll(async () => {
    await t.close();
    await wl.close();
  });

  const order = (carrier: { '@id': string }, carrierPrice: number, fields: Record<string, unknown> = {}) =>
    created('POST', '/api/orders', orderOf(customer['@id'], { carrier: carrier['@id'], carrierPrice, ...fields }));

  let seq = 0;
  const invoice = (carrier: { '@id': string }, fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api(
      'POST',
      '/api/carrier_invoices',
      {
        carrier: carrier['@id'],
        number: `FV ${++seq}/11/2026`,
        issueDate: addDays(today, -10),
        receivedDate: addDays(today, -8),
        currency: 'pln',
        paymentTermDays: 30,
        paymentTermFrom: 'documents',
        ...fields,
      },
      token,
      headers,
    );

  it('an invoice over two orders: its parts, the due date from the documents, the warning naming the order', async () => {
    const first = await order(listed, 100_000);
    const second = await order(listed, 50_000);
    const payload = {
      carrier: listed['@id'],
      number: 'FV 100/11/2026',
      issueDate: addDays(today, -10),
      receivedDate: addDays(today, -8),
      paymentTermDays: 30,
      paymentTermFrom: 'documents',
      netAmount: 160_000,
      vatAmount: 36_800,
      grossAmount: 196_800,
      bankAccount: LISTED.account,
      orders: [
        { order: first['@id'], amount: 100_000 },
        { order: second['@id'], amount: 60_000 },
      ],
    };
    const key = { 'idempotency-key': 'faktura-przewoznika-1' };
    const res = await api('POST', '/api/carrier_invoices', payload, token, key);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      '@type': 'CarrierInvoice',
      type: 'vat',
      source: 'hand',
      dueDate: null,
      dueAmount: 196_800,
      status: 'czeka_na_dokumenty',
    });
    expect(body.orders.map((o: { amount: number }) => o.amount)).toEqual([100_000, 60_000]);
    expect(body.warnings).toContainEqual({
      code: 'amount_differs',
      message: `Kwota różni się od zlecenia ${second.number} o 100,00 zł`,
    });
    expect(body.warnings.map((w: { code: string }) => w.code)).toContain('no_cmr');
    // The same key answers the same invoice once.
    const again = await api('POST', '/api/carrier_invoices', payload, token, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().uuid).toBe(body.uuid);

    // The documents arrive: the term counts from the later of the invoice's and the documents' arrival.
    const etag = (await api('GET', `/api/carrier_invoices/${body.uuid}`)).headers.etag as string;
    const documents = addDays(today, -5);
    const put = await api(
      'PUT',
      `/api/carrier_invoices/${body.uuid}`,
      {
        documentsReceivedDate: documents,
        orders: [
          { order: first['@id'], amount: 100_000 },
          { order: second['@id'], amount: 50_000 },
        ],
        netAmount: 150_000,
        vatAmount: 34_500,
        grossAmount: 184_500,
      },
      token,
      { 'if-match': etag },
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ dueDate: addDays(documents, 30), status: 'do_zaplaty', warnings: [] });
    // A stale version changes nothing.
    const stale = await api('PUT', `/api/carrier_invoices/${body.uuid}`, { note: 'x' }, token, { 'if-match': etag });
    expect(stale.statusCode).toBe(412);
    const history = (await api('GET', `/api/carrier_invoices/${body.uuid}/history`)).json()['hydra:member'];
    expect(history.length).toBeGreaterThanOrEqual(2);
    expect(history.some((h: { changes: { field: string }[] }) => h.changes.some((c) => c.field === 'orders'))).toBe(
      true,
    );
  });

  it('the term from the issue date; a corrective changes what is due on the invoice it corrects', async () => {
    const o = await order(listed, 200_000);
    const res = await invoice(listed, {
      netAmount: 200_000,
      vatAmount: 46_000,
      grossAmount: 246_000,
      paymentTermDays: 14,
      paymentTermFrom: 'issue',
      documentsReceivedDate: addDays(today, -9),
      bankAccount: LISTED.account,
      orders: [{ order: o['@id'], amount: 200_000 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const base = res.json();
    expect(base).toMatchObject({ dueDate: addDays(today, 4), status: 'do_zaplaty', dueAmount: 246_000 });

    const correction = await invoice(listed, {
      number: `KOR ${base.number}`,
      corrects: base['@id'],
      netAmount: -20_000,
      vatAmount: -4_600,
      grossAmount: -24_600,
      orders: [{ order: o['@id'], amount: -20_000 }],
    });
    expect(correction.statusCode, correction.body).toBe(201);
    expect(correction.json()).toMatchObject({ type: 'corrective', corrects: { uuid: base.uuid } });
    const after = (await api('GET', `/api/carrier_invoices/${base.uuid}`)).json();
    expect(after.dueAmount).toBe(221_400);
    expect(after.warnings).toContainEqual({
      code: 'amount_differs',
      message: `Kwota różni się od zlecenia ${o.number} o -200,00 zł`,
    });
  });

  it("the order's agreed term ('liczony od otrzymania dokumentów') is the invoice's when it gives none", async () => {
    const o = await order(listed, 70_000, { carrierPaymentTermDays: 45, carrierPaymentTermFrom: 'documents' });
    expect(o).toMatchObject({ carrierPaymentTermDays: 45, carrierPaymentTermFrom: 'documents' });
    const res = await api('POST', '/api/carrier_invoices', {
      carrier: listed['@id'],
      number: 'FV TERM/1',
      issueDate: addDays(today, -10),
      receivedDate: addDays(today, -6),
      documentsReceivedDate: addDays(today, -7),
      netAmount: 70_000,
      vatAmount: 16_100,
      grossAmount: 86_100,
      orders: [{ order: o['@id'], amount: 70_000 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    // From the later of the invoice's (−6) and the documents' (−7) arrival.
    expect(res.json()).toMatchObject({
      paymentTermDays: 45,
      paymentTermFrom: 'documents',
      dueDate: addDays(today, 39),
    });
    const bad = await api('PUT', `/api/orders/${o.uuid}`, { carrierPaymentTermFrom: 'kiedykolwiek' });
    expect(bad.statusCode).toBe(422);
  });

  it('answers a Polish 422 for every mistake and writes nothing', async () => {
    const o = await order(listed, 10_000);
    const before = (await api('GET', '/api/carrier_invoices?pagination=false')).json()['hydra:totalItems'];
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { netAmount: 10_000, vatAmount: 2_300, grossAmount: 12_000, orders: [{ order: o['@id'], amount: 10_000 }] },
        'grossAmount',
        msg.grossDiffers,
      ],
      [{ netAmount: 10_000, vatAmount: 2_300, grossAmount: 12_300, orders: [] }, 'orders', msg.ordersRequired],
      [
        { netAmount: 10_000, vatAmount: 2_300, grossAmount: 12_300, orders: [{ order: o['@id'], amount: 9_000 }] },
        'orders',
        msg.ordersSumDiffers,
      ],
      [
        {
          carrier: unlisted['@id'],
          netAmount: 10_000,
          vatAmount: 2_300,
          grossAmount: 12_300,
          orders: [{ order: o['@id'], amount: 10_000 }],
        },
        'orders[0].order',
        msg.orderOtherCarrier,
      ],
      [
        {
          netAmount: 10_000,
          vatAmount: 2_300,
          grossAmount: 12_300,
          bankAccount: '61109010140000071219812875',
          orders: [{ order: o['@id'], amount: 10_000 }],
        },
        'bankAccount',
        msg.accountInvalid,
      ],
      [
        {
          number: '',
          netAmount: 10_000,
          vatAmount: 2_300,
          grossAmount: 12_300,
          orders: [{ order: o['@id'], amount: 10_000 }],
        },
        'number',
        'To pole nie może być puste!',
      ],
    ];
    for (const [fields, propertyPath, message] of cases) {
      const res = await invoice(listed, fields);
      expect(res.statusCode, `${propertyPath}: ${res.body}`).toBe(422);
      expect(res.json().violations).toContainEqual({ propertyPath, message });
    }
    const ok = await invoice(listed, {
      number: 'FV DUP/1',
      netAmount: 10_000,
      vatAmount: 2_300,
      grossAmount: 12_300,
      orders: [{ order: o['@id'], amount: 10_000 }],
    });
    expect(ok.statusCode).toBe(201);
    const dup = await invoice(listed, {
      number: 'fv dup/1',
      netAmount: 10_000,
      vatAmount: 2_300,
      grossAmount: 12_300,
      orders: [{ order: o['@id'], amount: 10_000 }],
    });
    expect(dup.json().violations).toContainEqual({ propertyPath: 'number', message: msg.numberTaken });
    const after = (await api('GET', '/api/carrier_invoices?pagination=false')).json()['hydra:totalItems'];
    expect(after).toBe(before + 1);
  });

  it('from a received KSeF invoice matched to an order, in one click; ROLE_USER reads but does not write', async () => {
    const o = await order(listed, 80_000);
    const [received] = await selectRows<{ uuid: string }>(
      t.database.db,
      sql`INSERT INTO received_invoices (ksef_number, invoice_number, seller_nip, seller_name, issue_date, net_amount,
            vat_amount, gross_amount, currency, xml, order_id)
          VALUES ('5261040828-20261120-0100A0B0C0D0-12', 'KSEF/7/2026', ${LISTED.nip}, 'TRANS-POL', ${addDays(today, -3)},
            80000, 18400, 98400, 'pln', '<Faktura/>', (SELECT id FROM orders WHERE uuid = ${o.uuid}))
          RETURNING uuid::text`,
    );
    const res = await api('POST', `/api/carrier_invoices/from_ksef/${received?.uuid}`, {
      documentsReceivedDate: today,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      source: 'ksef',
      number: 'KSEF/7/2026',
      grossAmount: 98_400,
      receivedInvoice: { uuid: received?.uuid },
      orders: [{ amount: 80_000 }],
      dueDate: addDays(today, 60),
    });
    const twice = await api('POST', `/api/carrier_invoices/from_ksef/${received?.uuid}`, {});
    expect(twice.statusCode).toBe(422);
    expect(twice.json().violations[0].message).toBe(msg.ksefTaken);

    expect((await api('GET', '/api/payables', undefined, userToken)).statusCode).toBe(200);
    expect((await api('GET', `/api/carrier_invoices/${res.json().uuid}`, undefined, userToken)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/api/carrier_invoices'],
      ['PUT', `/api/carrier_invoices/${res.json().uuid}`],
      ['POST', '/api/transfer_batches'],
      ['GET', '/api/cashflow'],
    ] as const) {
      expect((await api(method, url, method === 'GET' ? undefined : {}, userToken)).statusCode, url).toBe(403);
    }
  });

  it("'Do zapłaty': the views, sums per currency, the carrier's balance", async () => {
    const due = (await api('GET', '/api/payables?status=do_zaplaty&pagination=false')).json();
    expect(due['hydra:member'].length).toBeGreaterThan(0);
    for (const m of due['hydra:member']) expect(m.status).toBe('do_zaplaty');
    expect(due.totals).toContainEqual(
      expect.objectContaining({
        currency: 'pln',
        amount: due['hydra:member'].reduce((s: number, m: { dueAmount: number }) => s + m.dueAmount, 0),
      }),
    );
    const held = (await api('GET', '/api/payables?status=wstrzymane')).json();
    for (const m of held['hydra:member']) expect(['wstrzymana', 'czeka_na_dokumenty']).toContain(m.status);
    const balance = (await api('GET', `/api/payables?carrier.uuid=${listed.uuid}`)).json().balance;
    expect(balance.weOwe.find((b: { currency: string }) => b.currency === 'pln').amount).toBeGreaterThan(0);
    expect((await api('GET', '/api/payables?status=cokolwiek')).statusCode).toBe(400);
    expect((await api('GET', '/api/payables?order[dueDate]=desc&dueDate[before]=2099-01-01')).statusCode).toBe(200);
  });

  let batch: {
    uuid: string;
    lines: {
      invoices: { uuid: string }[];
      mpp: boolean;
      currency: string;
      amount: number;
      account: string;
      whitelist: { status: string; requestId: string | null };
    }[];
    refused: { invoice: string; code: string }[];
  };
  type Payable = { '@id': string; uuid: string; number: string; status: string };
  let big: Payable;
  let mpp: Payable;
  let eur: Payable;
  let small: Payable;

  it('a batch: a listed account, an unlisted one over 15 000 zł stopped then overridden, an MPP line, an EUR line', async () => {
    const payable = async (
      carrier: { '@id': string },
      net: number,
      vat: number,
      fields: Record<string, unknown> = {},
    ) => {
      const o = await order(carrier, net, fields.currency === 'eur' ? { carrierPriceCurrency: 'eur' } : {});
      const res = await invoice(carrier, {
        netAmount: net,
        vatAmount: vat,
        grossAmount: net + vat,
        documentsReceivedDate: addDays(today, -1),
        orders: [{ order: o['@id'], amount: net }],
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    small = await payable(listed, 300_000, 69_000, { bankAccount: LISTED.account });
    big = await payable(unlisted, 2_000_000, 460_000, { bankAccount: UNLISTED.account });
    expect(big.status).toBe('wstrzymana');
    mpp = await payable(listed, 1_300_000, 299_000, { bankAccount: LISTED.account });
    eur = await payable(foreign, 150_000, 0, {
      currency: 'eur',
      exchangeRate: 43_215,
      bankAccount: 'DE89370400440532013000',
    });

    const first = await api('POST', '/api/transfer_batches', {
      invoices: [small['@id'], big['@id'], mpp['@id'], eur['@id']],
      mpp: [mpp['@id']],
    });
    expect(first.statusCode, first.body).toBe(201);
    batch = first.json();
    expect(batch.refused).toEqual([
      { invoice: big['@id'], number: big.number, code: 'whitelist_unconfirmed', message: msg.whitelistRefused },
    ]);
    expect(batch.lines).toHaveLength(3);
    const [plain, split, euro] = batch.lines;
    expect(plain).toMatchObject({
      mpp: false,
      currency: 'pln',
      amount: 369_000,
      whitelist: { status: 'not_required' },
    });
    expect(split).toMatchObject({ mpp: true, amount: 1_599_000, whitelist: { status: 'confirmed' } });
    expect(split?.whitelist.requestId).toBeTruthy();
    expect((batch as unknown as { lines: { title: string }[] }).lines[1]?.title).toBe(
      `/VAT/2990,00/IDC/${LISTED.nip}/INV/${mpp.number}/TXT/Zaplata za transport`,
    );
    expect(euro).toMatchObject({ currency: 'eur', amount: 150_000, whitelist: { status: 'foreign' } });
    // The NIPs went to the list in one search (/api/search/nips/, up to 30 at once).
    expect(wl.requests.filter((r) => r.includes('/api/search/nips/')).length).toBeGreaterThanOrEqual(1);
    // Locked: 'w paczce', not in a second batch.
    expect((await api('GET', `/api/carrier_invoices/${small.uuid}`)).json().status).toBe('w_paczce');
    const twice = await api('POST', '/api/transfer_batches', { invoices: [small['@id']] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().violations[0].message).toBe(`${small.number}: ${msg.inBatch}`);

    // The admin's reason lets the unlisted account through, kept with the line and in the carrier's checks.
    const overridden = await api('POST', '/api/transfer_batches', {
      invoices: [big['@id']],
      whitelistOverrides: [{ invoice: big['@id'], reason: 'Rachunek potwierdzony telefonicznie z przewoźnikiem' }],
    });
    expect(overridden.statusCode, overridden.body).toBe(201);
    expect(overridden.json().lines[0].whitelist).toMatchObject({
      status: 'overridden',
      overrideReason: 'Rachunek potwierdzony telefonicznie z przewoźnikiem',
    });
    const checks = (await api('GET', `/api/carriers/${unlisted.uuid}/verifications`)).json();
    expect(JSON.stringify(checks)).toContain('Rachunek potwierdzony telefonicznie');
    // Cancelling frees its lines, with the reason.
    const noReason = await api('POST', `/api/transfer_batches/${overridden.json().uuid}/cancel`, { reason: '' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().violations).toContainEqual({ propertyPath: 'reason', message: msg.batchCancelReason });
    const cancelled = await api('POST', `/api/transfer_batches/${overridden.json().uuid}/cancel`, {
      reason: 'Przewoźnik podał inny rachunek',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'anulowana', cancelReason: 'Przewoźnik podał inny rachunek' });
    expect((await api('GET', `/api/carrier_invoices/${big.uuid}`)).json().status).toBe('wstrzymana');
  });

  it('the Elixir-O file read back field by field against the bank description; a second export is the same bytes', async () => {
    const res = await api('GET', `/api/transfer_batches/${batch.uuid}/file?format=elixir`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('windows-1250');
    const bytes = res.rawPayload;
    // Windows-1250: 'Ł' is one byte 0xA3.
    expect(bytes.includes(0xa3)).toBe(true);
    expect(bytes.toString('latin1').endsWith('\r\n')).toBe(true);
    const records = parseElixir(bytes);
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(record).toHaveLength(ELIXIR.fields.length);
      for (const field of ELIXIR.fields) {
        expect(record[field.n - 1], `${field.n}. ${field.name}`).toMatch(new RegExp(field.pattern));
      }
    }
    const [plain, split] = records as string[][];
    expect(plain?.slice(0, 7)).toEqual([
      '110',
      today.replaceAll('-', ''),
      '369000',
      '10901014',
      '0',
      '61109010140000071219812874',
      LISTED.account,
    ]);
    expect(plain?.[8]).toBe('TRANS-POL Sp. z o.o.|ul. Łódzka 5|90-001 Łódź');
    expect(plain?.[10]).toBe(LISTED.account.slice(2, 10));
    expect(plain?.[11]).toBe(`Faktura ${small.number}`);
    expect(plain?.[14]).toBe('51');
    expect(split?.[14]).toBe('53');
    expect(split?.[11]).toMatch(/^\/VAT\/2990,00\/IDC\/5261040828\/INV\//);

    const again = await api('GET', `/api/transfer_batches/${batch.uuid}/file?format=elixir`);
    expect(Buffer.compare(again.rawPayload, bytes)).toBe(0);
    expect((await api('GET', `/api/transfer_batches/${batch.uuid}`)).json().status).toBe('wyeksportowana');
    expect((await api('GET', `/api/transfer_batches/${batch.uuid}/file?format=csv`)).statusCode).toBe(400);
  });

  it('the pain.001.001.03 validates against the ISO 20022 schema', async () => {
    const res = await api('GET', `/api/transfer_batches/${batch.uuid}/file?format=pain001`);
    expect(res.statusCode, res.body).toBe(200);
    const xml = res.body;
    expect(xml).toContain('<InstdAmt Ccy="EUR">1500.00</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="PLN">3690.00</InstdAmt>');
    const result = await validateXML({
      xml: [{ fileName: 'batch.xml', contents: xml }],
      schema: [{ fileName: 'pain.001.001.03.xsd', contents: readFileSync(XSD, 'utf8') }],
    });
    expect(result.errors).toEqual([]);
    const again = await api('GET', `/api/transfer_batches/${batch.uuid}/file?format=pain001`);
    expect(again.body).toBe(xml);
  });

  it("a statement's debit pays its line; marking the batch paid pays the rest; the orders and kept totals follow", async () => {
    const plain = batch.lines[0] as (typeof batch.lines)[number];
    const csv = Buffer.from(
      `Data operacji;Kwota;Tytuł;Kontrahent;Rachunek kontrahenta\n${today.split('-').reverse().join('.')};-3 690,00;Faktura ${small.number};TRANS-POL;${LISTED.account}\n`,
      'utf8',
    );
    const body = multipart(
      {
        format: 'csv',
        mapping: JSON.stringify({
          date: 'Data operacji',
          amount: 'Kwota',
          title: 'Tytuł',
          name: 'Kontrahent',
          account: 'Rachunek kontrahenta',
        }),
      },
      { name: 'wyciag.csv', data: csv },
    );
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/bank_statements',
      payload: body.payload,
      headers: { ...bearer(token), ...body.headers },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().transfersPaid).toBe(1);
    const paidInvoice = (await api('GET', `/api/carrier_invoices/${plain.invoices[0]?.uuid}`)).json();
    expect(paidInvoice).toMatchObject({ status: 'zaplacona', dueAmount: 0, paidAmount: 369_000 });
    const orderUuid = paidInvoice.orders[0].order.uuid;
    expect((await api('GET', `/api/orders/${orderUuid}`)).json().carrierPaid).toBe(true);

    // Paid outside a batch: the one open invoice of that account whose due amount the debit is, suggested at import
    // ('pewne') and booked by the admin as a credit is.
    const o = await order(unlisted, 40_000);
    const outside = await invoice(unlisted, {
      netAmount: 40_000,
      vatAmount: 9_200,
      grossAmount: 49_200,
      documentsReceivedDate: today,
      bankAccount: '20102055581111123456789012',
      orders: [{ order: o['@id'], amount: 40_000 }],
    });
    expect(outside.statusCode, outside.body).toBe(201);
    const debit = multipart(
      {
        format: 'csv',
        mapping: JSON.stringify({
          date: 'Data operacji',
          amount: 'Kwota',
          title: 'Tytuł',
          name: 'Kontrahent',
          account: 'Rachunek kontrahenta',
        }),
      },
      {
        name: 'wyciag2.csv',
        data: Buffer.from(
          `Data operacji;Kwota;Tytuł;Kontrahent;Rachunek kontrahenta\n${today.split('-').reverse().join('.')};-492,00;Zapłata;Gęś;20 1020 5558 1111 1234 5678 9012\n`,
          'utf8',
        ),
      },
    );
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/bank_statements',
      payload: debit.payload,
      headers: { ...bearer(token), ...debit.headers },
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().transfersPaid).toBe(0);
    const suggested = second.json().lines[0];
    expect(suggested.bookedAt).toBeNull();
    expect(suggested.match).toMatchObject({
      confidence: 'pewne',
      order: null,
      carrierInvoice: { uuid: outside.json().uuid, number: outside.json().number, dueAmount: 49_200 },
    });
    expect((await api('GET', `/api/carrier_invoices/${outside.json().uuid}`)).json().status).not.toBe('zaplacona');
    const booked = await api('POST', `/api/bank_statements/${second.json().uuid}/book`, {});
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().lines[0].bookedAt).not.toBeNull();
    expect((await api('GET', `/api/carrier_invoices/${outside.json().uuid}`)).json()).toMatchObject({
      status: 'zaplacona',
      paidAmount: 49_200,
    });
    const ledger = (await api('GET', `/api/carrier_payments?carrierInvoice.uuid=${outside.json().uuid}`)).json();
    expect(ledger['hydra:member']).toEqual([
      expect.objectContaining({
        amount: 49_200,
        order: null,
        carrierInvoice: expect.objectContaining({ uuid: outside.json().uuid }),
      }),
    ]);

    const paid = await api('POST', `/api/transfer_batches/${batch.uuid}/paid`, { date: today });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('oplacona');
    expect((await api('GET', `/api/carrier_invoices/${eur.uuid}`)).json().status).toBe('zaplacona');
    const notAgain = await api('POST', `/api/transfer_batches/${batch.uuid}/cancel`, { reason: 'Za późno' });
    expect(notAgain.statusCode).toBe(409);

    // The cockpit's kept day totals equal the open orders they summarise.
    const [kept] = await selectRows<{ kept: string; live: string }>(
      t.database.db,
      sql`SELECT (SELECT coalesce(sum(n), 0) FROM payment_day_totals WHERE side = 'carrier')::text AS kept,
                 (SELECT count(*) FROM orders WHERE NOT carrier_paid AND deletion_reason = 0
                    AND status IN ('aktywne', 'zakonczone'))::text AS live`,
    );
    expect(kept?.kept).toBe(kept?.live);
  });

  it("the carrier's link: the invoice's number, date and gross typed with the PDF, the office confirms them", async () => {
    const o = await order(listed, 100_000);
    expect((await api('POST', `/api/orders/${o.uuid}/send/carrier`)).statusCode).toBe(200);
    const linkToken = ((await api('GET', `/api/orders/${o.uuid}/portal`)).json().url as string).split('/p/')[1];
    const portal = `/api/public/portal/${linkToken}`;
    expect((await t.app.inject({ method: 'POST', url: `${portal}/accept` })).statusCode).toBe(200);
    const upload = (fields: Record<string, string>) => {
      const body = multipart({ kind: 'invoice', ...fields }, { name: 'faktura.pdf', data: SAMPLES.pdf() });
      return t.app.inject({ method: 'POST', url: `${portal}/documents`, payload: body.payload, headers: body.headers });
    };
    // Wrong figures: a 422 naming the field, in Polish, and nothing kept.
    const badDate = await upload({ invoiceNumber: 'FV 7/11/2026', invoiceIssueDate: '2026-02-30' });
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().violations).toEqual([
      expect.objectContaining({
        propertyPath: 'invoiceIssueDate',
        message: 'Podaj datę wystawienia faktury (RRRR-MM-DD).',
      }),
    ]);
    const badAmount = await upload({ invoiceGrossAmount: 'dużo' });
    expect(badAmount.statusCode).toBe(422);
    expect(badAmount.json().violations[0]).toMatchObject({ propertyPath: 'invoiceGrossAmount' });
    // Without figures the upload is as before; with them they are kept with the file.
    const bare = await upload({});
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json().invoiceFigures).toEqual({ number: null, issueDate: null, grossAmount: null });
    const sent = await upload({
      invoiceNumber: ' FV 7/11/2026 ',
      invoiceIssueDate: addDays(today, -3),
      invoiceGrossAmount: '1 230,00',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().invoiceFigures).toEqual({
      number: 'FV 7/11/2026',
      issueDate: addDays(today, -3),
      grossAmount: 123_000,
    });
    // The order's documents offer it to the office ('Potwierdź fakturę') until it is a carrier invoice.
    const docs = () => api('GET', `/api/orders/${o.uuid}/documents`).then((r) => r.json()['hydra:member']);
    expect((await docs()).find((d: { uuid: string }) => d.uuid === sent.json().uuid)).toMatchObject({
      carrierInvoice: null,
    });
    // 'Do zapłaty' lists them too, with the carrier's figures (ROLE_USER reads it; only an admin confirms).
    const toConfirm = async (as = token) =>
      (await api('GET', '/api/payables/portal_invoices?itemsPerPage=100', undefined, as)).json();
    const waiting = (await toConfirm(userToken))['hydra:member'];
    expect(waiting.find((d: { uuid: string }) => d.uuid === sent.json().uuid)).toMatchObject({
      fileName: expect.any(String),
      order: { uuid: o.uuid },
      invoiceFigures: { number: 'FV 7/11/2026', grossAmount: 123_000 },
    });
    expect(waiting.map((d: { uuid: string }) => d.uuid)).toContain(bare.json().uuid);
    // The bare upload: the office must type the figures.
    const incomplete = await api('POST', `/api/carrier_invoices/from_portal/${bare.json().uuid}`, {});
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().violations[0]).toMatchObject({ propertyPath: 'number', message: msg.portalIncomplete });
    // The office confirms in one click: the carrier's figures, the order's carrier price as the net (23% VAT).
    expect((await api('POST', `/api/carrier_invoices/from_portal/${sent.json().uuid}`, {}, userToken)).statusCode).toBe(
      403,
    );
    const confirmed = await created('POST', `/api/carrier_invoices/from_portal/${sent.json().uuid}`, {});
    expect(confirmed).toMatchObject({
      number: 'FV 7/11/2026',
      issueDate: addDays(today, -3),
      netAmount: 100_000,
      vatAmount: 23_000,
      grossAmount: 123_000,
      source: 'portal',
      // No CMR came through the link yet; the amount is the order's.
      warnings: [expect.objectContaining({ code: 'no_cmr' })],
    });
    const after = (await docs()).find((d: { uuid: string }) => d.uuid === sent.json().uuid);
    expect(after.carrierInvoice).toBe(confirmed['@id']);
    // Confirmed: gone from the list to confirm; the one without figures stays.
    const left = (await toConfirm())['hydra:member'].map((d: { uuid: string }) => d.uuid);
    expect(left).not.toContain(sent.json().uuid);
    expect(left).toContain(bare.json().uuid);
    expect((await api('GET', '/api/payables/portal_invoices?addedAt[after]=jutro')).statusCode).toBe(400);
    // A gross that is neither 0% nor 23% over the order's price: the office gives the net and VAT.
    const odd = await upload({ invoiceNumber: 'FV 8/11/2026', invoiceIssueDate: today, invoiceGrossAmount: '1500' });
    const needed = await api('POST', `/api/carrier_invoices/from_portal/${odd.json().uuid}`, {});
    expect(needed.statusCode).toBe(422);
    expect(needed.json().violations[0]).toMatchObject({ propertyPath: 'netAmount', message: msg.portalAmountsNeeded });
    const typed = await created('POST', `/api/carrier_invoices/from_portal/${odd.json().uuid}`, { netAmount: 121_951 });
    expect(typed).toMatchObject({ netAmount: 121_951, vatAmount: 28_049, grossAmount: 150_000 });
  });

  it('the cash flow: 8 weeks from this Monday, the overdue and those waiting for documents apart', async () => {
    const res = await api('GET', '/api/cashflow?weeks=8');
    expect(res.statusCode, res.body).toBe(200);
    const pln = res.json()['hydra:member'].find((c: { currency: string }) => c.currency === 'pln');
    expect(pln.weeks).toHaveLength(8);
    expect(pln.weeks[0].from).toBe(mondayOf(today));
    const outflow = pln.weeks.reduce((s: number, w: { outflow: number }) => s + w.outflow, 0) + pln.overdueOutflow;
    const [open] = await selectRows<{ due: string }>(
      t.database.db,
      sql`SELECT coalesce(sum(due_amount), 0)::text AS due FROM carrier_invoices
          WHERE currency = 'pln' AND type = 'vat' AND due_amount > 0 AND due_date IS NOT NULL
            AND due_date < ${addDays(mondayOf(today), 56)}::date`,
    );
    expect(outflow).toBe(Number(open?.due));
    for (const w of pln.weeks) expect(w.difference).toBe(w.inflow - w.outflow);
    expect((await api('GET', '/api/cashflow?weeks=0')).statusCode).toBe(400);
  });
});
