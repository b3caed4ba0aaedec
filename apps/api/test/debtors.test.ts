import { debtorMessages as dm } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../src/db/schema/index.ts';
import { warsawDay } from '../src/warsawDay.ts';
import { invoiceOf, orderOf, queryOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

/** Today in Warsaw moved by `days` (YYYY-MM-DD). */
const daysFromToday = (days: number) => {
  const d = new Date(`${warsawDay()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Issue 26, last part: debtors — the flag and overdue amount on customers, and the orders' rule. */
describe.each(dbKinds)('debtors on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let userToken: string;

  const api = (method: string, url: string, payload?: unknown, as = token) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(as),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const setSetting = async (key: string, value: string) => {
    const res = await api('PUT', `/api/settings/${key}`, { value });
    expect(res.statusCode, res.body).toBe(200);
  };

  let nipSeq = 0;
  const NIPS = ['7831672591', '5261040828', '7740001454', '1132853869', '2223334443', '9542751368'];
  async function customer(name: string) {
    const res = await api('POST', '/api/customers', { companyName: name, nip: NIPS[nipSeq++], country: 'PL' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { '@id': string; uuid: string };
  }

  let seq = 0;
  /** A VAT invoice of 1 230,00 gross for the customer, its payment date `dueInDays` from today (set in the table). */
  async function vatInvoice(c: { '@id': string }, dueInDays: number, fields: Record<string, unknown> = {}) {
    const res = await api(
      'POST',
      '/api/invoices',
      invoiceOf(c['@id'], {
        description: `Dłużnik ${++seq}`,
        createdDate: daysFromToday(-1),
        saleDate: daysFromToday(-1),
        paymentDate: daysFromToday(30),
        customerName: 'Klient',
        customerNip: '7831672591',
        invoicePositions: [{ title: 'Usługa transportu', amount: 1, unit: 'usł.', netto: 100_000, vatRate: 2300 }],
        ...fields,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json() as { '@id': string; uuid: string; number: string };
    // An invoice issued long ago: its payment date moved into the past directly.
    await t.database.db
      .update(invoices)
      .set({ paymentDate: daysFromToday(dueInDays) })
      .where(eq(invoices.uuid, invoice.uuid));
    return invoice;
  }
  const read = async (c: { uuid: string }) => (await api('GET', `/api/customers/${c.uuid}`)).json();
  const listed = async (query: string) =>
    ((await api('GET', `/api/customers?${query}`)).json()['hydra:member'] as { uuid: string }[]).map((m) => m.uuid);

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
  });
  afterAll(() => t.close());

  it('the settings are seeded (30 days, no blocking) and validated in Polish', async () => {
    const all = (await api('GET', '/api/settings')).json()['hydra:member'] as { key: string; value: string }[];
    expect(all.find((s) => s.key === 'debtorAfterDays')?.value).toBe('30');
    expect(all.find((s) => s.key === 'blockOrdersForDebtors')?.value).toBe('nie');
    const bad = await api('PUT', '/api/settings/debtorAfterDays', { value: 'trzydzieści' });
    expect(bad.statusCode).toBe(422);
    expect((await api('PUT', '/api/settings/debtorAfterDays', { value: '0' })).statusCode).toBe(422);
    expect((await api('PUT', '/api/settings/blockOrdersForDebtors', { value: 'może' })).statusCode).toBe(422);
    expect((await api('PUT', '/api/settings/blockOrdersForDebtors', { value: 'tak' }, userToken)).statusCode).toBe(403);
  });

  it('a customer becomes a debtor only after debtorAfterDays past the payment date, and stops being one when paid', async () => {
    const c = await customer('Zwłoka Sp. z o.o.');
    expect(await read(c)).toMatchObject({ debtor: false, overdueAmount: 0 });
    const invoice = await vatInvoice(c, -10);
    // Overdue, but not for more than 30 days: the amount shows, the flag does not.
    expect(await read(c)).toMatchObject({ debtor: false, overdueAmount: 123_000 });
    // Exactly 30 days: not yet more than 30.
    await t.database.db
      .update(invoices)
      .set({ paymentDate: daysFromToday(-30) })
      .where(eq(invoices.uuid, invoice.uuid));
    expect((await read(c)).debtor).toBe(false);
    await t.database.db
      .update(invoices)
      .set({ paymentDate: daysFromToday(-31) })
      .where(eq(invoices.uuid, invoice.uuid));
    expect(await read(c)).toMatchObject({ debtor: true, overdueAmount: 123_000 });
    // The setting moves the line.
    await setSetting('debtorAfterDays', '40');
    expect((await read(c)).debtor).toBe(false);
    await setSetting('debtorAfterDays', '30');
    expect((await read(c)).debtor).toBe(true);
    // A part payment lowers the amount; the full one ends the debt.
    const part = await api('POST', '/api/invoice_payments', {
      invoice: invoice['@id'],
      date: warsawDay(),
      amount: 23_000,
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(await read(c)).toMatchObject({ debtor: true, overdueAmount: 100_000 });
    const rest = await api('POST', '/api/invoice_payments', {
      invoice: invoice['@id'],
      date: warsawDay(),
      amount: 100_000,
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await read(c)).toMatchObject({ debtor: false, overdueAmount: 0 });
  });

  it('overdueAmount sums the VAT invoices past their date (EUR through its rate), never proformas or future dates; the list filters debtor=true', async () => {
    const c = await customer('Suma Sp. z o.o.');
    const clean = await customer('Czysty Sp. z o.o.');
    await vatInvoice(c, -45);
    await vatInvoice(c, -3);
    await vatInvoice(c, 5); // not yet due
    const eur = await vatInvoice(c, -2);
    // An EUR invoice at 4,3000 PLN (the rate stored in ten-thousandths): 1 230,00 EUR is 5 289,00 PLN.
    await t.database.db
      .update(invoices)
      .set({ currency: 'eur', exchangeRate: 43_000 })
      .where(eq(invoices.uuid, eur.uuid));
    const proforma = await vatInvoice(clean, -90, { type: 'proforma' });
    expect(proforma.number).toBeTruthy();
    expect(await read(c)).toMatchObject({ debtor: true, overdueAmount: 123_000 * 2 + 528_900 });
    expect(await read(clean)).toMatchObject({ debtor: false, overdueAmount: 0 });

    const debtors = await listed('debtor=true&itemsPerPage=100');
    expect(debtors).toContain(c.uuid);
    expect(debtors).not.toContain(clean.uuid);
    const others = await listed('debtor=false&itemsPerPage=100');
    expect(others).toContain(clean.uuid);
    expect(others).not.toContain(c.uuid);
    const list = (await api('GET', `/api/customers?debtor=true&companyName=Suma`)).json();
    expect(list['hydra:totalItems']).toBe(1);
    expect(list['hydra:member'][0]).toMatchObject({ uuid: c.uuid, debtor: true, overdueAmount: 774_900 });
    // The picker's search reads the flag too.
    const picked = (await api('GET', '/api/customers?search=Suma&partial=true&itemsPerPage=10')).json();
    expect(picked['hydra:member'][0]).toMatchObject({ debtor: true, overdueAmount: 774_900 });
    // The orders and queries tables ask for the debtors among a page's customers in one request.
    const page = (await api('GET', `/api/customers?uuid[]=${c.uuid}&uuid[]=${clean.uuid}&debtor=true`)).json();
    expect(page['hydra:member'].map((m: { uuid: string }) => m.uuid)).toEqual([c.uuid]);
    const bad = await api('GET', '/api/customers?debtor=chyba');
    // As the other list filters' unknown values (paymentStatus): a Polish 422 on the parameter.
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('Wybierz');
  });

  it('without blocking a debtor gets orders from anyone; with it a dispatcher gets a 422 naming the invoices and an admin needs a reason, kept in the history', async () => {
    const c = await customer('Blokada Sp. z o.o.');
    const old = await vatInvoice(c, -60);
    const older = await vatInvoice(c, -90);
    await vatInvoice(c, -5); // overdue, but not what makes a debtor
    expect((await read(c)).debtor).toBe(true);

    const asUser = await api('POST', '/api/orders', orderOf(c['@id']), userToken);
    expect(asUser.statusCode, asUser.body).toBe(201);
    expect(asUser.json().debtorOverride).toBeNull();
    expect((await api('POST', '/api/orders', orderOf(c['@id']))).statusCode).toBe(201);

    await setSetting('blockOrdersForDebtors', 'tak');
    try {
      const refused = await api('POST', '/api/orders', orderOf(c['@id']), userToken);
      expect(refused.statusCode).toBe(422);
      const message = dm.blocked([older.number, old.number]);
      expect(refused.json().detail).toBe(message);
      expect(refused.json().violations[0]).toMatchObject({ propertyPath: 'customer', message });
      // A dispatcher's reason does not help.
      const withReason = await api('POST', '/api/orders', orderOf(c['@id'], { debtorOverride: 'Znam ich' }), userToken);
      expect(withReason.statusCode).toBe(422);

      const adminNoReason = await api('POST', '/api/orders', orderOf(c['@id']));
      expect(adminNoReason.statusCode).toBe(422);
      expect(adminNoReason.json().detail).toBe(dm.reasonNeeded([older.number, old.number]));
      const tooShort = await api('POST', '/api/orders', orderOf(c['@id'], { debtorOverride: 'x' }));
      expect(tooShort.statusCode).toBe(422);
      expect(JSON.stringify(tooShort.json())).toContain(dm.reasonRequired);

      const admin = await api(
        'POST',
        '/api/orders',
        orderOf(c['@id'], { debtorOverride: 'Zapłacą w piątek, potwierdzone' }),
      );
      expect(admin.statusCode, admin.body).toBe(201);
      expect(admin.json().debtorOverride).toBe('Zapłacą w piątek, potwierdzone');
      const history = (await api('GET', `/api/orders/${admin.json().uuid}/history`)).json()['hydra:member'];
      expect(history[0].action).toBe('create');
      expect(history[0].changes).toContainEqual({
        field: 'debtorOverride',
        from: null,
        to: 'Zapłacą w piątek, potwierdzone',
      });

      // A customer who is not a debtor is not concerned.
      const clean = await customer('Terminowy Sp. z o.o.');
      const plain = await api('POST', '/api/orders', orderOf(clean['@id']), userToken);
      expect(plain.statusCode).toBe(201);
      // Moving an order to the debtor is held to the same rule.
      const moved = await api('PUT', `/api/orders/${plain.json().uuid}`, { customer: c['@id'] }, userToken);
      expect(moved.statusCode).toBe(422);
      expect(moved.json().detail).toBe(dm.blocked([older.number, old.number]));
      expect((await api('PUT', `/api/orders/${plain.json().uuid}`, { customer: c['@id'] })).statusCode).toBe(422);
      const movedByAdmin = await api('PUT', `/api/orders/${plain.json().uuid}`, {
        customer: c['@id'],
        debtorOverride: 'Przepięte za zgodą zarządu',
      });
      expect(movedByAdmin.statusCode, movedByAdmin.body).toBe(200);
      expect(movedByAdmin.json()).toMatchObject({
        customer: { '@id': c['@id'] },
        debtorOverride: 'Przepięte za zgodą zarządu',
      });
    } finally {
      await setSetting('blockOrdersForDebtors', 'nie');
    }
  });

  it('converting a query into an order follows the same rule', async () => {
    const c = await customer('Zapytanie Sp. z o.o.');
    const overdue = await vatInvoice(c, -35);
    const query = async () => {
      const q = await api('POST', '/api/queries', queryOf(c['@id']), userToken);
      expect(q.statusCode, q.body).toBe(201);
      return q.json().uuid as string;
    };
    const convert = (uuid: string, body: object, as = token) =>
      api('POST', `/api/queries/${uuid}/changeType`, body, as);

    const free = await convert(await query(), {}, userToken);
    expect(free.statusCode, free.body).toBe(200);

    await setSetting('blockOrdersForDebtors', 'tak');
    try {
      const q = await query();
      const refused = await convert(q, {}, userToken);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().detail).toBe(dm.blocked([overdue.number]));
      expect((await convert(q, {})).statusCode).toBe(422);
      expect((await api('GET', `/api/queries/${q}`)).json().status).toBe('aktywne');
      const admin = await convert(q, { debtorOverride: 'Stały klient, zgoda zarządu' });
      expect(admin.statusCode, admin.body).toBe(200);
      expect(admin.json().debtorOverride).toBe('Stały klient, zgoda zarządu');
      const history = (await api('GET', `/api/orders/${admin.json().uuid}/history`)).json()['hydra:member'];
      expect(history.at(-1).changes).toContainEqual({
        field: 'debtorOverride',
        from: null,
        to: 'Stały klient, zgoda zarządu',
      });
    } finally {
      await setSetting('blockOrdersForDebtors', 'nie');
    }
  });
});
