import { receivablesMessages } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../src/bootstrap.ts';
import { sendDueReminders } from '../src/modules/reminders/service.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { invoiceOf, orderOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, freshDatabase, type TestApp, testConfig } from './helpers.ts';

/** Issue 26, slice 1: payments on invoices and to carriers, the payment status, the order's flags following them. */
describe.each(dbKinds)('receivables: payments on %s', (kind) => {
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
    customer = (
      await api('POST', '/api/customers', {
        companyName: 'Płatnik Sp. z o.o.',
        nip: '7831672591',
        email: 'ksiegowosc@platnik.example',
        streetAddress: 'ul. Długa 5',
        postalCode: '61-131',
        city: 'Poznań',
        country: 'PL',
      })
    ).json();
    carrier = (
      await api('POST', '/api/carriers', {
        companyName: 'Przewozy Łukasz Gęś',
        nip: '7740001454',
        email: 'dyspozycja@ges.example',
        phone: '601601601',
        city: 'Płock',
        country: 'PL',
      })
    ).json();
  });
  afterAll(() => t.close());

  let seq = 0;
  /** A VAT invoice of 1 000,00 net + 23 % = 1 230,00 gross, optionally for an order, due on `paymentDate`. */
  async function vatInvoice(fields: Record<string, unknown> = {}) {
    const res = await api(
      'POST',
      '/api/invoices',
      invoiceOf(customer['@id'], {
        description: `Płatności ${++seq}`,
        createdDate: '2026-11-05',
        saleDate: '2026-11-03',
        paymentDate: '2099-12-31',
        customerName: 'Płatnik Sp. z o.o.',
        customerNip: '7831672591',
        invoicePositions: [{ title: 'Usługa transportu', amount: 1, unit: 'usł.', netto: 100_000, vatRate: 2300 }],
        ...fields,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  async function order(fields: Record<string, unknown> = {}) {
    const res = await api('POST', '/api/orders', orderOf(customer['@id'], { carrier: carrier['@id'], ...fields }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const pay = (invoice: { '@id': string }, amount: number, extra: Record<string, unknown> = {}, headers = {}) =>
    api(
      'POST',
      '/api/invoice_payments',
      { invoice: invoice['@id'], date: '2026-11-20', amount, ...extra },
      token,
      headers,
    );

  it('answers 401 without a token and 403 to a dispatcher on every payment route', async () => {
    const urls: [string, string][] = [
      ['GET', '/api/invoice_payments'],
      ['POST', '/api/invoice_payments'],
      ['GET', '/api/invoice_payments/7b0c4d3e-0000-4000-8000-000000000000'],
      ['DELETE', '/api/invoice_payments/7b0c4d3e-0000-4000-8000-000000000000'],
      ['GET', '/api/carrier_payments'],
      ['POST', '/api/carrier_payments'],
      ['DELETE', '/api/carrier_payments/7b0c4d3e-0000-4000-8000-000000000000'],
      ['GET', '/api/receivables/balances'],
    ];
    for (const [method, url] of urls) {
      expect((await t.app.inject({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(method, url, method === 'GET' ? undefined : {}, userToken)).statusCode).toBe(403);
    }
  });

  it('a part payment leaves the rest due (czesciowo), the second settles it (zaplacona) and the order follows', async () => {
    const o = await order();
    const invoice = await vatInvoice({ orderEntity: o['@id'] });
    expect(invoice.totalGross).toBe(123_000);
    expect(invoice).toMatchObject({ paidAmount: 0, dueAmount: 123_000, paymentStatus: 'niezaplacona', paid: false });

    const first = await pay(invoice, 50_000, { method: 'przelew', note: 'Pierwsza rata' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ amount: 50_000, currency: 'pln', method: 'przelew', cancelledAt: null });
    let read = (await api('GET', `/api/invoices/${invoice.uuid}`)).json();
    expect(read).toMatchObject({ paidAmount: 50_000, dueAmount: 73_000, paymentStatus: 'czesciowo', paid: false });
    expect((await api('GET', `/api/orders/${o.uuid}`)).json().customerPaid).toBe(false);

    const second = await pay(invoice, 73_000, { method: 'kompensata', date: '2026-11-22' });
    expect(second.statusCode).toBe(201);
    read = (await api('GET', `/api/invoices/${invoice.uuid}`)).json();
    expect(read).toMatchObject({
      paidAmount: 123_000,
      dueAmount: 0,
      paymentStatus: 'zaplacona',
      paid: true,
      paidDate: '2026-11-22',
    });
    const paidOrder = (await api('GET', `/api/orders/${o.uuid}`)).json();
    expect(paidOrder.customerPaid).toBe(true);

    const listed = (await api('GET', `/api/invoice_payments?invoice.uuid=${invoice.uuid}`)).json();
    expect(listed['hydra:member'].map((p: { amount: number }) => p.amount)).toEqual([50_000, 73_000]);

    // The flag is not the form's any more.
    const byHand = await api('PUT', `/api/orders/${o.uuid}`, { customerPaid: false });
    expect(byHand.statusCode).toBe(422);
    expect(byHand.json().violations[0]).toMatchObject({
      propertyPath: 'customerPaid',
      message: receivablesMessages.customerPaidFollowsInvoice,
    });
    expect((await api('GET', `/api/orders/${o.uuid}`)).json().customerPaid).toBe(true);

    // Cancelling needs a reason; then the invoice is partly paid again and the order unpaid.
    const payment = listed['hydra:member'][1];
    const noReason = await api('DELETE', `/api/invoice_payments/${payment.uuid}`, {});
    expect(noReason.statusCode).toBeGreaterThanOrEqual(400);
    expect(noReason.statusCode).toBeLessThan(500);
    expect(noReason.body).toContain(receivablesMessages.reasonRequired);
    const cancelled = await api('DELETE', `/api/invoice_payments/${payment.uuid}`, { reason: 'Zwrot przez bank' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ cancelReason: 'Zwrot przez bank' });
    expect((await api('DELETE', `/api/invoice_payments/${payment.uuid}`, { reason: 'Drugi raz' })).statusCode).toBe(
      409,
    );
    read = (await api('GET', `/api/invoices/${invoice.uuid}`)).json();
    expect(read).toMatchObject({ paidAmount: 50_000, dueAmount: 73_000, paymentStatus: 'czesciowo', paid: false });
    expect((await api('GET', `/api/orders/${o.uuid}`)).json().customerPaid).toBe(false);

    // Each change is in the history: the payment created and cancelled, the invoice's figures.
    const history = (await api('GET', `/api/invoice_payments/${payment.uuid}/history`)).json()['hydra:member'];
    expect(history.map((h: { action: string }) => h.action)).toEqual(['cancel', 'create']);
    const invoiceHistory = (await api('GET', `/api/invoices/${invoice.uuid}/history`)).json()['hydra:member'];
    expect(
      invoiceHistory.some((h: { changes: { field: string }[] }) => h.changes.some((c) => c.field === 'paidAmount')),
    ).toBe(true);
  });

  it('an invoice paid with its corrective invoice counts the correction; the order follows both', async () => {
    const o = await order();
    const invoice = await vatInvoice({ orderEntity: o['@id'] });
    const correction = await api('POST', '/api/invoices', {
      ...((await api('GET', `/api/invoices/${invoice.uuid}/draft?type=corrective`)).json() as Record<string, unknown>),
      correctionReason: 'Rabat',
      invoicePositions: [{ title: 'Rabat', amount: 1, unit: 'usł.', netto: -10_000, vatRate: 2300 }],
    });
    expect(correction.statusCode, correction.body).toBe(201);
    expect(correction.json().totalGross).toBe(-12_300);
    expect((await api('GET', `/api/invoices/${invoice.uuid}`)).json().dueAmount).toBe(110_700);
    expect((await pay(invoice, 110_700)).statusCode).toBe(201);
    expect((await api('GET', `/api/invoices/${invoice.uuid}`)).json()).toMatchObject({
      dueAmount: 0,
      paymentStatus: 'zaplacona',
    });
    expect((await api('GET', `/api/invoices/${correction.json().uuid}`)).json().paymentStatus).toBe('zaplacona');
    expect((await api('GET', `/api/orders/${o.uuid}`)).json().customerPaid).toBe(true);
  });

  it('an overdue invoice is po_terminie with its days; the status filters in SQL; the balance per customer', async () => {
    const overdue = await vatInvoice({ paymentDate: '2026-01-10' });
    expect(overdue.paymentStatus).toBe('po_terminie');
    expect(overdue.daysOverdue).toBeGreaterThan(300);
    await pay(overdue, 30_000);
    const filtered = (await api('GET', `/api/invoices?paymentStatus=po_terminie&pagination=false`)).json();
    const uuids = filtered['hydra:member'].map((i: { uuid: string }) => i.uuid);
    expect(uuids).toContain(overdue.uuid);
    for (const member of filtered['hydra:member']) expect(member.paymentStatus).toBe('po_terminie');
    const paidOnes = (await api('GET', `/api/invoices?paymentStatus=zaplacona&pagination=false`)).json();
    for (const member of paidOnes['hydra:member']) expect(member.paymentStatus).toBe('zaplacona');
    const bad = await api('GET', '/api/invoices?paymentStatus=kiedys');
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);

    const balances = (await api('GET', `/api/receivables/balances?customer.uuid=${customer.uuid}`)).json();
    const [mine] = balances['hydra:member'];
    expect(mine.customer.uuid).toBe(customer.uuid);
    const all = (await api('GET', `/api/invoices?customer.uuid=${customer.uuid}&type=vat&pagination=false`)).json();
    const due = all['hydra:member'].reduce((s: number, i: { dueAmount: number }) => s + i.dueAmount, 0);
    const overdueSum = all['hydra:member']
      .filter((i: { paymentStatus: string }) => i.paymentStatus === 'po_terminie')
      .reduce((s: number, i: { dueAmount: number }) => s + i.dueAmount, 0);
    expect(mine.currencies).toEqual([expect.objectContaining({ currency: 'pln', due, overdue: overdueSum })]);
    expect(overdueSum).toBe(93_000);
  });

  it('books a payment once for one Idempotency-Key; refuses a ProForma, another currency, an unknown invoice', async () => {
    const invoice = await vatInvoice();
    const headers = { 'idempotency-key': 'platnosc-1' };
    const a = await pay(invoice, 10_000, {}, headers);
    const b = await pay(invoice, 10_000, {}, headers);
    expect(a.statusCode).toBe(201);
    expect(b.json().uuid).toBe(a.json().uuid);
    expect((await api('GET', `/api/invoices/${invoice.uuid}`)).json().paidAmount).toBe(10_000);

    const eur = await pay(invoice, 100, { currency: 'eur' });
    expect(eur.statusCode).toBe(422);
    expect(eur.json().violations[0].message).toBe(receivablesMessages.currencyMismatch);
    const proforma = await vatInvoice({ type: 'proforma' });
    expect((await pay(proforma, 100)).json().violations[0].message).toBe(receivablesMessages.proformaNotPayable);
    expect((await pay({ '@id': '/api/invoices/7b0c4d3e-0000-4000-8000-000000000000' }, 100)).statusCode).toBe(422);
    expect((await pay(invoice, 0)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await api('GET', `/api/invoices/${invoice.uuid}`)).json().paidAmount).toBe(10_000);
  });

  it('marking an invoice paid by hand books what is due; unmarking cancels its payments', async () => {
    const invoice = await vatInvoice();
    await pay(invoice, 23_000);
    const marked = await api('PUT', `/api/invoices/${invoice.uuid}`, { paid: true, paidDate: '2026-11-25' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ paid: true, paidAmount: 123_000, dueAmount: 0, paidDate: '2026-11-25' });
    const unmarked = (await api('PUT', `/api/invoices/${invoice.uuid}`, { paid: false })).json();
    expect(unmarked).toMatchObject({ paid: false, paidAmount: 0, dueAmount: 123_000 });
    const payments = (await api('GET', `/api/invoice_payments?invoice.uuid=${invoice.uuid}`)).json()['hydra:member'];
    expect(payments).toHaveLength(2);
    for (const p of payments) expect(p.cancelReason).toBe(receivablesMessages.markedUnpaidReason);
  });

  it('carrier payments: a part and the rest make the carrier paid; the cockpit books the rest', async () => {
    const o = await order({ carrierPrice: 200_000, carrierPriceCurrency: 'pln' });
    const part = await api('POST', '/api/carrier_payments', { order: o['@id'], date: '2026-11-20', amount: 50_000 });
    expect(part.statusCode, part.body).toBe(201);
    expect((await api('GET', `/api/orders/${o.uuid}`)).json().carrierPaid).toBe(false);
    const rest = await api('POST', '/api/carrier_payments', { order: o['@id'], date: '2026-11-21', amount: 150_000 });
    expect(rest.statusCode).toBe(201);
    expect((await api('GET', `/api/orders/${o.uuid}`)).json().carrierPaid).toBe(true);
    const cancelled = await api('DELETE', `/api/carrier_payments/${rest.json().uuid}`, { reason: 'Błędna kwota' });
    expect(cancelled.statusCode).toBe(200);
    expect((await api('GET', `/api/orders/${o.uuid}`)).json().carrierPaid).toBe(false);

    const cockpit = await api('POST', `/api/payments/${o.uuid}/paid`, { side: 'carrier', date: '2026-11-26' });
    expect(cockpit.statusCode, cockpit.body).toBe(200);
    const listed = (await api('GET', `/api/carrier_payments?order.uuid=${o.uuid}`)).json()['hydra:member'];
    const live = listed.filter((p: { cancelledAt: string | null }) => !p.cancelledAt);
    expect(live.map((p: { amount: number }) => p.amount)).toEqual([50_000, 150_000]);
    expect((await api('GET', `/api/orders/${o.uuid}`)).json().carrierPaid).toBe(true);
  });

  it("lists payments as PostgreSQL's JSON with the members the item reads write (cancelled, with a note)", async () => {
    const o = await order({ carrierPriceCurrency: 'pln' });
    const noted = await api('POST', '/api/carrier_payments', {
      order: o['@id'],
      date: '2026-11-22',
      amount: 1_234,
      note: 'Zaliczka „gotówką” – 50%',
    });
    expect(noted.statusCode, noted.body).toBe(201);
    await api('DELETE', `/api/carrier_payments/${noted.json().uuid}`, { reason: 'Pomyłka' });
    const invoice = await vatInvoice({ orderEntity: o['@id'] });
    const paid = await api('POST', '/api/invoice_payments', {
      invoice: invoice['@id'],
      date: '2026-11-23',
      amount: 1,
      method: 'przelew',
      note: 'Część',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await api('DELETE', `/api/invoice_payments/${paid.json().uuid}`, { reason: 'Zwrot' });
    for (const [route, filter] of [
      ['/api/carrier_payments', ''],
      ['/api/carrier_payments', `?order.uuid=${o.uuid}`],
      ['/api/invoice_payments', ''],
      ['/api/invoice_payments', `?invoice.uuid=${invoice.uuid}`],
    ] as const) {
      const res = await api('GET', `${route}${filter}`);
      expect(res.statusCode).toBe(200);
      const list = res.json();
      const members = list['hydra:member'] as { uuid: string }[];
      expect(members.length).toBeGreaterThan(0);
      expect(list['hydra:totalItems']).toBe(members.length);
      for (const member of members) {
        const item = (await api('GET', `${route}/${member.uuid}`)).json();
        // The same members in the same order (the item is read as rows and written by JavaScript).
        expect(JSON.stringify(member)).toBe(JSON.stringify(item));
      }
    }
  });

  it("the cockpit's 'opłacone' on a customer's order with an invoice books the invoice's due", async () => {
    const o = await order();
    const invoice = await vatInvoice({ orderEntity: o['@id'] });
    // The cockpit's row shows what the customer owes in all (the balances' figure).
    const cockpit = (await api('GET', '/api/payments?side=customer&state=all&pagination=false')).json();
    const listed = cockpit['hydra:member'].find((p: { uuid: string }) => p.uuid === o.uuid);
    const balances = (await api('GET', `/api/receivables/balances?customer.uuid=${customer.uuid}`)).json();
    const pln = balances['hydra:member'][0].currencies.find((c: { currency: string }) => c.currency === 'pln');
    expect(listed.partyBalance).toBe(pln.due);
    expect(pln.due).toBeGreaterThanOrEqual(123_000);
    const res = await api('POST', `/api/payments/${o.uuid}/paid`, { side: 'customer', date: '2026-11-26' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await api('GET', `/api/invoices/${invoice.uuid}`)).json()).toMatchObject({
      paid: true,
      paidAmount: 123_000,
      paidDate: '2026-11-26',
    });
    expect((await api('GET', `/api/orders/${o.uuid}`)).json().customerPaid).toBe(true);
  });
});

type Row = {
  paid: boolean;
  gross: number;
  paidAmount: number;
  dueAmount: number;
  corrections: number;
  payments: number;
};

describe('receivables: the demo data', () => {
  it('pays the seeded paid invoices by payments and leaves the rest due', async () => {
    const database = await freshDatabase('pglite');
    try {
      await bootstrap(database.db, testConfig());
      await seedDemo(database.db, { scale: 15 });
      const result = (await database.db.execute(sql`
          SELECT i.type, i.paid, i.total_gross AS gross, i.paid_amount AS "paidAmount", i.due_amount AS "dueAmount",
            coalesce((SELECT sum(c.total_gross) FROM invoices c WHERE c.corrected_invoice_id = i.id), 0) AS corrections,
            coalesce((SELECT sum(p.amount) FROM invoice_payments p WHERE p.invoice_id = i.id AND p.cancelled_at IS NULL), 0)
              AS payments
          FROM invoices i WHERE i.type = 'vat'`)) as unknown as { rows: Row[] };
      const rows = result.rows;
      expect(rows.some((r) => r.paid)).toBe(true);
      expect(rows.some((r) => !r.paid)).toBe(true);
      for (const r of rows) {
        if (r.paid) {
          expect(Number(r.dueAmount)).toBe(0);
          expect(Number(r.paidAmount)).toBe(Number(r.gross));
        } else {
          // A debt paid in part (issue 35's spread) is due less what was paid.
          expect(Number(r.dueAmount)).toBe(Math.max(0, Number(r.gross) + Number(r.corrections) - Number(r.paidAmount)));
          expect(Number(r.paidAmount)).toBe(Number(r.payments));
        }
      }
    } finally {
      await database.close();
    }
  }, 120_000);

  it("has sent the reminders an office with a history has: the worker's first run mails no backlog", async () => {
    const database = await freshDatabase('pglite');
    try {
      await bootstrap(database.db, testConfig());
      await seedDemo(database.db);
      const { rows } = (await database.db.execute(
        sql`SELECT count(*)::int AS n FROM invoice_reminders WHERE mail_id IS NULL`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]?.n).toBeGreaterThan(0);
      await expect(sendDueReminders(database.db)).resolves.toBe(0);
    } finally {
      await database.close();
    }
  }, 120_000);
});
