import {
  CALENDAR_PROPERTIES,
  calendarPropertyParams,
  loadingMessages,
  receivablesMessages,
  validationMessages,
} from '@spedycja/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, orderOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

type Order = Record<string, unknown> & { '@id': string; uuid: string; number: string; status: string };

describe.each(dbKinds)('loadings on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let userToken: string;
  let customer: { '@id': string; uuid: string };
  let otherCustomer: { '@id': string; uuid: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    userToken = (await factories(t.app, token).user({ login: 'dyspozytor', name: 'Dyspozytor' })).token;
    customer = (
      await api('POST', '/api/customers', {
        companyName: 'Żabka Logistyka Sp. z o.o.',
        nip: '7831672591',
        streetAddress: 'ul. Święty Marcin 1',
        postalCode: '61-131',
        city: 'Poznań',
        country: 'PL',
      })
    ).json();
    otherCustomer = (
      await api('POST', '/api/customers', { companyName: 'Inny Klient', city: 'Łódź', country: 'PL' })
    ).json();
  }, 60_000);
  afterAll(() => t.close());

  function api(method: string, url: string, payload?: unknown, as = token) {
    return t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(as),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  // Each order differs (the cargo): the same POST again within seconds is answered as a double click.
  let seq = 0;
  async function order(fields: Record<string, unknown> = {}): Promise<Order> {
    const res = await api('POST', '/api/orders', orderOf(customer['@id'], { cargo: `Palety ${++seq}`, ...fields }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const confirmLoading = (o: Order, body: Record<string, unknown>, as = token) =>
    api('POST', `/api/orders/${o.uuid}/loadingConfirmation`, body, as);
  const confirmUnloading = (o: Order, body: Record<string, unknown>, as = token) =>
    api('POST', `/api/orders/${o.uuid}/unloadingConfirmation`, body, as);

  async function invoiceFor(o: Order, type: 'proforma' | 'vat') {
    const res = await api('POST', '/api/invoices', {
      type,
      description: `Faktura do ${o.number}`,
      createdDate: '2026-12-02',
      saleDate: '2026-12-01',
      paymentDate: '2026-12-16',
      paymentMethod: 'przelew',
      currency: 'pln',
      vendorName: 'Spedycja Przykład Sp. z o.o.',
      vendorNip: '5260250274',
      vendorStreetAddress: 'ul. Transportowa 1',
      vendorPostalCode: '00-001',
      vendorCity: 'Warszawa',
      customerName: 'Żabka Logistyka Sp. z o.o.',
      customerNip: '7831672591',
      customerStreetAddress: 'ul. Święty Marcin 1',
      customerPostalCode: '61-131',
      customerCity: 'Poznań',
      customer: customer['@id'],
      [type === 'proforma' ? 'orderProFormaEntity' : 'orderEntity']: o['@id'],
      invoicePositions: [{ title: 'Usługa transportu', amount: 1, unit: 'usł.', netto: 350000, vatRate: 2300 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { '@id': string; totalGross: number };
  }

  it('sets the status from the two unloading flags, in every combination, and keeps a cancelled order cancelled', async () => {
    const cases: [boolean, boolean, string][] = [
      [false, false, 'aktywne'],
      [true, false, 'aktywne'],
      [false, true, 'aktywne'],
      [true, true, 'zakonczone'],
    ];
    for (const [unloadingFinished, customerPaid, status] of cases) {
      for (const start of ['aktywne', 'zakonczone']) {
        const o = await order({ status: start, unloadingFinished: !unloadingFinished, customerPaid: !customerPaid });
        const res = await confirmUnloading(o, { unloadingFinished, customerPaid });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ unloadingFinished, customerPaid, status });
        expect((await api('GET', `/api/orders/${o.uuid}`)).json().status).toBe(status);
      }
      const cancelled = await order({ status: 'anulowane' });
      const res = await confirmUnloading(cancelled, { unloadingFinished, customerPaid });
      expect(res.json()).toMatchObject({ unloadingFinished, customerPaid, status: 'anulowane' });
    }
  });

  it('applies the same rule to a plain PUT that changes the flags, and leaves a status set by hand otherwise', async () => {
    const o = await order();
    let res = await api('PUT', `/api/orders/${o.uuid}`, { unloadingFinished: true, customerPaid: true });
    expect(res.json().status).toBe('zakonczone');
    res = await api('PUT', `/api/orders/${o.uuid}`, { customerPaid: false });
    expect(res.json().status).toBe('aktywne');
    // The flags unchanged, or a status chosen by hand in the same request: the chosen status stays.
    res = await api('PUT', `/api/orders/${o.uuid}`, { status: 'zakonczone', customerPaid: false });
    expect(res.json().status).toBe('zakonczone');
    res = await api('PUT', `/api/orders/${o.uuid}`, { status: 'aktywne', customerPaid: true, unloadingFinished: true });
    expect(res.json()).toMatchObject({ status: 'aktywne', customerPaid: true });
    // The same status sent along (a form sends every field): the rule decides.
    res = await api('PUT', `/api/orders/${o.uuid}`, { status: 'aktywne', customerPaid: false });
    expect(res.json().status).toBe('aktywne');
    res = await api('PUT', `/api/orders/${o.uuid}`, { status: 'aktywne', customerPaid: true });
    expect(res.json().status).toBe('zakonczone');
    const cancelled = await order({ status: 'anulowane' });
    res = await api('PUT', `/api/orders/${cancelled.uuid}`, { unloadingFinished: true, customerPaid: true });
    expect(res.json().status).toBe('anulowane');
  });

  it('asks for the ProForma once: when this call finished the loading and the order has none', async () => {
    const o = await order();
    let res = await confirmLoading(o, { loadingFinished: false, driverName: 'Jan Kowalski' });
    expect(res.json()).toMatchObject({ loadingFinished: false, askProForma: false });
    res = await confirmLoading(o, {
      loadingFinished: true,
      loadingDate: '2026-12-01 07:30',
      driverName: 'Jan Kowalski',
      truck: 'PO 12345',
      trailer: 'PO 6789A',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      uuid: o.uuid,
      number: o.number,
      loadingFinished: true,
      loadingDate: '2026-12-01T07:30:00.000Z',
      driverName: 'Jan Kowalski',
      truck: 'PO 12345',
      trailer: 'PO 6789A',
      askProForma: true,
    });
    // Confirmed again, the same request: nothing changed to true, so no question.
    res = await confirmLoading(o, {
      loadingFinished: true,
      loadingDate: '2026-12-01 07:30',
      driverName: 'Jan Kowalski',
      truck: 'PO 12345',
      trailer: 'PO 6789A',
    });
    expect(res.json()).toMatchObject({ loadingFinished: true, askProForma: false });
    res = await confirmLoading(o, { loadingFinished: true, driverName: 'Adam Nowak' });
    expect(res.json()).toMatchObject({ loadingFinished: true, driverName: 'Adam Nowak', askProForma: false });

    const invoiced = await order();
    await invoiceFor(invoiced, 'proforma');
    res = await confirmLoading(invoiced, { loadingFinished: true });
    expect(res.json()).toMatchObject({ loadingFinished: true, askProForma: false });
    // A VAT invoice is not a ProForma.
    const withVat = await order();
    await invoiceFor(withVat, 'vat');
    expect((await confirmLoading(withVat, { loadingFinished: true })).json().askProForma).toBe(true);
  });

  it('asks for the VAT invoice once: when this call marked the customer paid and the order has none', async () => {
    const o = await order();
    let res = await confirmUnloading(o, { unloadingFinished: true, customerPaid: false });
    expect(res.json()).toMatchObject({ status: 'aktywne', askVat: false });
    res = await confirmUnloading(o, {
      unloadingFinished: true,
      customerPaid: true,
      customerDateOfPayment: '2026-12-10',
      unloadingDate: '2026-12-02 15:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'zakonczone',
      customerPaid: true,
      customerDateOfPayment: '2026-12-10T00:00:00.000Z',
      unloadingDate: '2026-12-02T15:00:00.000Z',
      askVat: true,
    });
    res = await confirmUnloading(o, {
      unloadingFinished: true,
      customerPaid: true,
      customerDateOfPayment: '2026-12-10',
      unloadingDate: '2026-12-02 15:00',
    });
    expect(res.json()).toMatchObject({ status: 'zakonczone', askVat: false });
    res = await confirmUnloading(o, { unloadingFinished: true, customerPaid: true, customerDateOfPayment: null });
    expect(res.json()).toMatchObject({ customerDateOfPayment: null, askVat: false });

    // Issue 26: with a VAT invoice 'Klient opłacił' follows its payments: not ticked here, but booked on the invoice.
    const invoiced = await order();
    const vat = await invoiceFor(invoiced, 'vat');
    res = await confirmUnloading(invoiced, { unloadingFinished: true, customerPaid: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0]).toMatchObject({
      propertyPath: 'customerPaid',
      message: receivablesMessages.customerPaidFollowsInvoice,
    });
    const paid = await api('POST', '/api/invoice_payments', {
      invoice: vat['@id'],
      date: '2026-12-10',
      amount: vat.totalGross,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    res = await confirmUnloading(invoiced, { unloadingFinished: true, customerPaid: true });
    expect(res.json()).toMatchObject({ status: 'zakonczone', askVat: false });
    const withProForma = await order();
    await invoiceFor(withProForma, 'proforma');
    expect(
      (await confirmUnloading(withProForma, { unloadingFinished: false, customerPaid: true })).json(),
    ).toMatchObject({ status: 'aktywne', askVat: true });
  });

  it('lets a dispatcher confirm, refuses without a token, a deleted order, bad input and an unloading before the loading', async () => {
    const o = await order();
    expect((await confirmLoading(o, { loadingFinished: true }, userToken)).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${o.uuid}/unloadingConfirmation`,
      payload: { unloadingFinished: true, customerPaid: true },
    });
    expect(anonymous.statusCode).toBe(401);

    let res = await confirmUnloading(o, { unloadingFinished: 'tak', customerPaid: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toContainEqual({
      propertyPath: 'unloadingFinished',
      message: validationMessages.oneOf,
    });
    res = await confirmLoading(o, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toContainEqual({
      propertyPath: 'loadingFinished',
      message: validationMessages.required,
    });
    res = await confirmUnloading(o, { unloadingFinished: true, customerPaid: true, unloadingDate: '2026-11-20' });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toContainEqual({
      propertyPath: 'unloadingDate',
      message: validationMessages.loadingAfterUnloading,
    });
    expect((await api('GET', `/api/orders/${o.uuid}`)).json()).toMatchObject({
      status: 'aktywne',
      customerPaid: false,
    });
    expect(
      (await confirmLoading({ ...o, uuid: '00000000-0000-4000-8000-000000000000' }, { loadingFinished: true }))
        .statusCode,
    ).toBe(404);

    const removed = await order();
    expect((await api('POST', `/api/remove/${removed.uuid}`, { type: 'order', reason: 1 })).statusCode).toBe(200);
    for (const res of [
      await confirmLoading(removed, { loadingFinished: true }),
      await confirmUnloading(removed, { unloadingFinished: true, customerPaid: true }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail).toBe(loadingMessages.deletedOrder);
    }
    expect((await api('GET', `/api/orders/${removed.uuid}`)).json()).toMatchObject({
      loadingFinished: false,
      status: 'aktywne',
    });
  });

  it('gives the calendar every order of the visible range, and nothing just outside it', async () => {
    const calendarCustomer = otherCustomer['@id'];
    const at = async (loadingDate: string, unloadingDate: string, fields: Record<string, unknown> = {}) =>
      (await order({ customer: calendarCustomer, loadingDate, unloadingDate, ...fields })).number;
    const inside = [
      await at('2027-03-01', '2027-03-02'),
      await at('2027-03-01 06:00', '2027-03-03'),
      await at('2027-03-31 23:30', '2027-04-01 08:00'),
    ];
    for (let day = 10; day < 17; day++) inside.push(await at(`2027-03-${day} 08:00`, `2027-03-${day} 18:00`));
    const before = await at('2027-02-28 23:30', '2027-03-01 10:00');
    const after = await at('2027-04-01', '2027-04-02');
    const hidden = await at('2027-03-05', '2027-03-06', { showInCalendar: false });
    const removed = await order({ customer: calendarCustomer, loadingDate: '2027-03-07', unloadingDate: '2027-03-08' });
    await api('POST', `/api/remove/${removed.uuid}`, { type: 'order', reason: 1 });

    // What the calendar asks for March (FullCalendar's range with the exclusive end): the day before, the day after.
    const numbers = async (side: 'loadingDate' | 'unloadingDate', gt: string, lt: string) => {
      const res = await api(
        'GET',
        `/api/orders?${side}[gt]=${gt}&${side}[lt]=${lt}&showInCalendar=true&pagination=false&customer.uuid=${otherCustomer.uuid}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body['hydra:totalItems']).toBe(body['hydra:member'].length);
      return (body['hydra:member'] as Order[]).map((o) => o.number).sort();
    };
    const loading = await numbers('loadingDate', '2027-02-28', '2027-04-01');
    expect(loading).toEqual([...inside].sort());
    expect(loading).not.toContain(before);
    expect(loading).not.toContain(after);
    expect(loading).not.toContain(hidden);
    expect(loading).not.toContain(removed.number);
    // Unloading: the order unloaded on 1 April is outside March, the one loaded on 28 February inside.
    const unloading = await numbers('unloadingDate', '2027-02-28', '2027-04-01');
    expect(unloading).toContain(before);
    expect(unloading).not.toContain(inside[2]);
    expect(unloading).not.toContain(after);
    expect(unloading).toHaveLength(inside.length);
    // As instants too: the bounds are exclusive.
    const instants = await numbers('loadingDate', '2027-03-01T06:00:00Z', '2027-03-31T23:30:00Z');
    expect(instants).not.toContain(inside[1]);
    expect(instants).not.toContain(inside[2]);
    expect(instants).toHaveLength(inside.length - 3);
    expect((await api('GET', '/api/orders?loadingDate[gt]=2027-02-30&pagination=false')).statusCode).toBe(400);
    // What the calendar reads of each order: only the members an event shows (API Platform's property filter).
    const slim = new URLSearchParams([
      ['loadingDate[gt]', '2027-02-28'],
      ['loadingDate[lt]', '2027-04-01'],
      ['showInCalendar', 'true'],
      ['pagination', 'false'],
      ['customer.uuid', otherCustomer.uuid],
      ...(calendarPropertyParams()['properties[]'] ?? []).map((p): [string, string] => ['properties[]', p]),
      ['properties[customer][]', 'companyName'],
    ] as [string, string][]);
    const projected = (await api('GET', `/api/orders?${slim}`)).json()['hydra:member'];
    expect(projected).toHaveLength(inside.length);
    expect(Object.keys(projected[0]).sort()).toEqual(
      ['@id', '@type', 'uuid', ...CALENDAR_PROPERTIES.top, 'customer'].sort(),
    );
    expect(projected[0].customer).toEqual({ '@id': otherCustomer['@id'], companyName: 'Inny Klient' });
    // Read narrowly (only those columns and joins), the members are the same as in the whole order.
    const whole = (await api('GET', `/api/orders/${projected[0].uuid}`)).json();
    for (const name of CALENDAR_PROPERTIES.top) expect(projected[0][name], name).toEqual(whole[name]);
    // A sort or a filter by a record the projection leaves out still works; renamed members read their columns.
    const sorted = await api(
      'GET',
      `/api/orders?${new URLSearchParams([
        ['loadingDate[gt]', '2027-02-28'],
        ['loadingDate[lt]', '2027-04-01'],
        ['pagination', 'false'],
        ['order[carrier.companyName]', 'desc'],
        ['user.name', 'a'],
        ['properties[]', 'number'],
        ['properties[]', 'createdDate'],
        ['properties[]', 'query'],
      ])}`,
    );
    expect(sorted.statusCode, sorted.body).toBe(200);
    const first = sorted.json()['hydra:member'][0];
    expect(Object.keys(first).sort()).toEqual(['@id', '@type', 'createdDate', 'number', 'query', 'uuid']);
    const firstWhole = (await api('GET', `/api/orders/${first.uuid}`)).json();
    expect(first).toMatchObject({ createdDate: firstWhole.createdDate, query: firstWhole.query });
    // Every kind of member, read as PostgreSQL writes it, is what the whole order says; a hidden column is absent.
    const members = [
      'id',
      'number',
      'status',
      'loadingDate',
      'customerDateOfPayment',
      'customerPaidDate',
      'distance',
      'customerPrice',
      'margin',
      'showInCalendar',
      'mailSentToCustomerAt',
      'createdDate',
      'query',
      'loadingPlaceLatitude',
      'customerId',
    ];
    const broad = await api(
      'GET',
      `/api/orders?${new URLSearchParams([
        ['loadingDate[gt]', '2027-02-28'],
        ['loadingDate[lt]', '2027-04-01'],
        ['pagination', 'false'],
        ...members.map((m): [string, string] => ['properties[]', m]),
        ['properties[user][]', 'name'],
        ['properties[user][]', 'login'],
        ['properties[carrier][]', 'uuid'],
      ])}`,
    );
    expect(broad.statusCode, broad.body).toBe(200);
    for (const item of broad.json()['hydra:member']) {
      const full = (await api('GET', `/api/orders/${item.uuid}`)).json();
      expect(item).not.toHaveProperty('customerId');
      for (const m of members.filter((m) => m !== 'customerId')) expect(item[m], m).toEqual(full[m]);
      expect(item.user).toEqual(
        full.user ? { '@id': full.user['@id'], name: full.user.name, login: full.user.login } : null,
      );
      expect(item.carrier).toEqual(full.carrier ? { '@id': full.carrier['@id'], uuid: full.carrier.uuid } : null);
    }
    // A member not known to the narrow read: the whole order is read, and the answer has only what exists.
    const unknown = (await api('GET', `/api/orders?pagination=false&properties[]=number&properties[]=nosuch`)).json();
    expect(Object.keys(unknown['hydra:member'][0]).sort()).toEqual(['@id', '@type', 'number', 'uuid']);
    expect((await api('GET', '/api/orders?properties[]=a.b')).statusCode).toBe(400);
    expect((await api('GET', '/api/orders?properties[customer]=name')).statusCode).toBe(400);
  });

  it('lists the archive: unloading confirmed or its day over, the latest unloading first, 15 a page, filtered', async () => {
    const archiveCustomer = (
      await api('POST', '/api/customers', { companyName: 'Archiwalny Klient', city: 'Gdańsk', country: 'PL' })
    ).json();
    const mine = (fields: Record<string, unknown>) => order({ customer: archiveCustomer['@id'], ...fields });
    const confirmedFuture = await mine({ loadingDate: '2099-01-01', unloadingDate: '2099-01-03' });
    await confirmUnloading(confirmedFuture, { unloadingFinished: true, customerPaid: false });
    const past = await mine({ loadingDate: '2020-01-01', unloadingDate: '2020-01-02' });
    await invoiceFor(past, 'proforma');
    await invoiceFor(past, 'vat');
    const older = await mine({ loadingDate: '2019-05-01', unloadingDate: '2019-05-02 10:00' });
    const future = await mine({ loadingDate: '2099-02-01', unloadingDate: '2099-02-02' });
    const removed = await mine({ loadingDate: '2020-02-01', unloadingDate: '2020-02-02' });
    await api('POST', `/api/remove/${removed.uuid}`, { type: 'order', reason: 1 });

    const res = await api('GET', `/api/loadings/archive?customer.uuid=${archiveCustomer.uuid}`, undefined, userToken);
    expect(res.statusCode, res.body).toBe(200);
    const numbers = res.json()['hydra:member'].map((o: Order) => o.number);
    expect(numbers).toEqual([confirmedFuture.number, past.number, older.number]);
    expect(numbers).not.toContain(future.number);
    expect(res.json()['hydra:totalItems']).toBe(3);
    // Each with the invoices issued for it, for the archive's link.
    const members = res.json()['hydra:member'];
    expect(members[0].invoices).toEqual([]);
    expect(members[1].invoices.map((i: { type: string; number: string }) => i.type)).toEqual(['proforma', 'vat']);
    expect(members[1].invoices[1]['@id']).toMatch(/^\/api\/invoices\/[0-9a-f-]{36}$/);

    const march: string[] = [];
    for (let i = 0; i < 15; i++) {
      march.unshift((await mine({ loadingDate: '2021-03-01', unloadingDate: `2021-03-${10 + i}` })).number);
    }
    const first = (await api('GET', `/api/loadings/archive?customer.uuid=${archiveCustomer.uuid}`)).json();
    expect(first['hydra:member']).toHaveLength(15);
    expect(first['hydra:totalItems']).toBe(18);
    expect(first['hydra:view']['hydra:next']).toContain('page=2');
    const second = (await api('GET', `/api/loadings/archive?customer.uuid=${archiveCustomer.uuid}&page=2`)).json();
    expect(first['hydra:member'].map((o: Order) => o.number)).toEqual([confirmedFuture.number, ...march.slice(0, 14)]);
    expect(second['hydra:member'].map((o: Order) => o.number)).toEqual([march[14], past.number, older.number]);
    // The date range and the number narrow it.
    const dated = (
      await api(
        'GET',
        `/api/loadings/archive?customer.uuid=${archiveCustomer.uuid}&unloadingDate[after]=2020-01-01&unloadingDate[before]=2020-12-31`,
      )
    ).json();
    expect(dated['hydra:member'].map((o: Order) => o.number)).toEqual([past.number]);
    const byNumber = (await api('GET', `/api/loadings/archive?number=${encodeURIComponent(older.number)}`)).json();
    expect(byNumber['hydra:member'].map((o: Order) => o.number)).toEqual([older.number]);
    // Unfiltered, the total is the archive's, not every live order's (the orders list's kept count).
    const whole = (await api('GET', '/api/loadings/archive?pagination=false')).json();
    expect((await api('GET', '/api/loadings/archive')).json()['hydra:totalItems']).toBe(whole['hydra:member'].length);
    expect(whole['hydra:member'].map((o: Order) => o.number)).not.toContain(future.number);
    expect((await api('GET', '/api/loadings/archive?unloadingDate[after]=jutro')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/loadings/archive' })).statusCode).toBe(401);
  });
});
