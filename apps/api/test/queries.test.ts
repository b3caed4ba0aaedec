import { conversionMessages, validationMessages } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

describe.each(dbKinds)('queries on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let customerIri: string;
  let otherCustomerIri: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    customerIri = (await api('POST', '/api/customers', { companyName: 'Meble Wójcik', nip: '7831672591' })).json()[
      '@id'
    ];
    otherCustomerIri = (await api('POST', '/api/customers', { companyName: 'Stal-Hurt', phone: '322504410' })).json()[
      '@id'
    ];
  });
  afterAll(() => t.close());

  function api(method: string, url: string, payload?: unknown) {
    return t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  const query = (overrides: Record<string, unknown> = {}) => ({
    cargo: 'Palety z meblami',
    cargoLength: 1360,
    cargoWidth: 245,
    cargoHeight: 270,
    cargoWeight: 2400,
    loadingCity: 'Poznań',
    loadingPostalCode: '61-131',
    loadingCountry: 'PL',
    loadingDate: '2026-12-01',
    unloadingCity: 'Berlin',
    unloadingPostalCode: '10557',
    unloadingCountry: 'DE',
    unloadingDate: '2026-12-02',
    customer: customerIri,
    customerPrice: 350000,
    customerPriceCurrency: 'pln',
    ...overrides,
  });
  const ids = (res: { json(): { 'hydra:member': { cargo: string }[] } }) =>
    res.json()['hydra:member'].map((q) => q.cargo);

  it('creates a query (201) with defaults, the owner, the rate and the distance from the offline gazetteer', async () => {
    const res = await api('POST', '/api/queries', query());
    expect(res.statusCode).toBe(201);
    const q = res.json();
    expect(q).toMatchObject({
      '@type': 'Query',
      status: 'aktywne',
      loadingType: 'brak informacji',
      euroExchangeRate: 430,
      customerPrice: 350000,
      customerPriceCurrency: 'pln',
      bestOffer: null,
    });
    expect(q.customer).toMatchObject({ '@id': customerIri, companyName: 'Meble Wójcik' });
    expect(q.user.login).toBe('admin');
    expect(q.createdBy.login).toBe('admin');
    // Poznań → Berlin is about 270 km in a straight line; by road a little more.
    expect(q.distance).toBeGreaterThan(250);
    expect(q.distance).toBeLessThan(400);
    expect(q.loadingPlaceLatitude).toBeCloseTo(52.4, 0);
    expect(q.loadingDate).toMatch(/^2026-1[12]-\d\dT/);
  });

  it('saves a query whose places cannot be found, without a distance', async () => {
    const res = await api(
      'POST',
      '/api/queries',
      query({ cargo: 'Nieznane miejsce', loadingCity: 'Xyzzyvo', unloadingCity: 'Qwertyburg' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().distance).toBeNull();
  });

  it('refuses an unloading date before the loading date, on create and on update', async () => {
    const res = await api('POST', '/api/queries', query({ loadingDate: '2026-12-05', unloadingDate: '2026-12-04' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toContainEqual({
      propertyPath: 'unloadingDate',
      message: validationMessages.loadingAfterUnloading,
    });
    const created = (await api('POST', '/api/queries', query({ cargo: 'Daty' }))).json();
    const upd = await api('PUT', `/api/queries/${created.uuid}`, { unloadingDate: '2026-11-20' });
    expect(upd.statusCode).toBe(422);
    expect((await api('GET', `/api/queries/${created.uuid}`)).json().unloadingDate).toBe(created.unloadingDate);
  });

  it('updates partially and recomputes the distance when the route changes', async () => {
    const created = (await api('POST', '/api/queries', query({ cargo: 'Trasa' }))).json();
    const same = (await api('PUT', `/api/queries/${created.uuid}`, { customerPriceSuggested: 390000 })).json();
    expect(same.distance).toBe(created.distance);
    expect(same.cargo).toBe('Trasa');
    const moved = (await api('PUT', `/api/queries/${created.uuid}`, { unloadingCity: 'Monachium' })).json();
    expect(moved.distance).toBeGreaterThan(created.distance + 200);
    const status = await api('PUT', `/api/queries/${created.uuid}`, {
      status: 'nieaktywne',
      customer: otherCustomerIri,
    });
    expect(status.json()).toMatchObject({ status: 'nieaktywne', customer: { companyName: 'Stal-Hurt' } });
  });

  it('refuses a half-typed query, naming every missing field, and writes nothing', async () => {
    const before = (await api('GET', '/api/queries?status=wszystkie')).json()['hydra:totalItems'];
    const res = await api('POST', '/api/queries', {});
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .violations.map((v: { propertyPath: string }) => v.propertyPath)
        .sort(),
    ).toEqual(
      ['cargo', 'customer', 'loadingCity', 'loadingCountry', 'loadingDate', 'unloadingCity', 'unloadingCountry'].sort(),
    );
    const nulls = await api('POST', '/api/queries', query({ cargo: null, loadingDate: '' }));
    expect(
      nulls
        .json()
        .violations.map((v: { propertyPath: string }) => v.propertyPath)
        .sort(),
    ).toEqual(['cargo', 'loadingDate']);
    expect((await api('GET', '/api/queries?status=wszystkie')).json()['hydra:totalItems']).toBe(before);
  });

  it('refuses bad input with Polish messages and changes nothing', async () => {
    const rows = async () =>
      (
        await selectRows<{ n: number; versions: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n, coalesce(sum(version), 0)::int AS versions FROM queries`,
        )
      )[0];
    const before = await rows();
    expect(before?.n).toBeGreaterThan(0);
    const status = await api('POST', '/api/queries', query({ status: 'nowe' }));
    expect(status.statusCode).toBe(422);
    expect(status.json().violations[0]).toMatchObject({ propertyPath: 'status' });
    expect(status.json().violations[0].message).toMatch(/[ąćęłńóśźżA-Za-z]/);
    expect((await api('POST', '/api/queries', query({ cargoLength: 13.6 }))).statusCode).toBe(422);
    const dangling = await api(
      'POST',
      '/api/queries',
      query({ customer: '/api/customers/00000000-0000-4000-8000-000000000000' }),
    );
    expect(dangling.statusCode).toBe(422);
    expect(dangling.json().violations[0].propertyPath).toBe('customer');
    const badDate = await api('POST', '/api/queries', query({ loadingDate: '2026-13-45' }));
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().violations[0]).toMatchObject({
      propertyPath: 'loadingDate',
      message: 'Podaj poprawną datę!',
    });
    // An edit refused changes nothing either.
    const [existing] = (await api('GET', '/api/queries?status=wszystkie&itemsPerPage=1')).json()['hydra:member'];
    const refusedEdit = await api('PATCH', `/api/queries/${existing.uuid}`, { cargo: '', cargoWeight: -1 });
    expect(refusedEdit.statusCode).toBe(422);
    expect(await rows()).toEqual(before);
  });

  it('saves a quick query without an unloading date; converting it asks for the date, which the order takes', async () => {
    const created = await api('POST', '/api/queries', query({ cargo: 'Szybka wycena', unloadingDate: null }));
    expect(created.statusCode, created.body).toBe(201);
    const q = created.json();
    expect(q.unloadingDate).toBeNull();
    // An edit may leave it empty too, and fill it in later.
    expect((await api('PATCH', `/api/queries/${q.uuid}`, { unloadingDate: '' })).statusCode).toBe(200);
    // An order still needs it.
    const { customer: _c, customerPrice: _p, customerPriceCurrency: _cur, ...route } = query({ unloadingDate: null });
    const order = await api('POST', '/api/orders', { ...route, customer: customerIri, unloadingDate: null });
    expect(order.statusCode).toBe(422);
    expect(order.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain('unloadingDate');

    const countOrders = async () =>
      (await selectRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM orders`))[0]?.n;
    const ordersBefore = await countOrders();
    // Converting without the date: 422 naming it, nothing converted.
    const refused = await api('POST', `/api/queries/${q.uuid}/changeType`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations).toEqual([
      { propertyPath: 'unloadingDate', message: conversionMessages.unloadingDateRequired },
    ]);
    const bad = await api('POST', `/api/queries/${q.uuid}/changeType`, { unloadingDate: '2026-02-30' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations[0]).toMatchObject({ propertyPath: 'unloadingDate', message: 'Podaj poprawną datę!' });
    const early = await api('POST', `/api/queries/${q.uuid}/changeType`, { unloadingDate: '2026-11-30' });
    expect(early.statusCode).toBe(422);
    expect(early.json().violations[0]).toMatchObject({
      propertyPath: 'unloadingDate',
      message: validationMessages.loadingAfterUnloading,
    });
    expect(await countOrders()).toBe(ordersBefore);
    expect((await api('GET', `/api/queries/${q.uuid}`)).json().status).toBe('aktywne');

    // With the date the order is made, and the date is the order's.
    const converted = await api('POST', `/api/queries/${q.uuid}/changeType`, { unloadingDate: '2026-12-03' });
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json().unloadingDate.slice(0, 10)).toBe('2026-12-03');
    expect(await countOrders()).toBe((ordersBefore ?? 0) + 1);
  });

  it('filters by status (none or wszystkie for all), dimensions, dates, places, customer, owner and prices', async () => {
    await api(
      'POST',
      '/api/queries',
      query({
        cargo: 'Mała paczka',
        cargoLength: 120,
        cargoWeight: 300,
        loadingDate: '2026-11-10',
        unloadingDate: '2026-11-11',
        loadingCity: 'Łódź',
        loadingCountry: 'PL',
        unloadingCity: 'Praga',
        unloadingCountry: 'CZ',
        customer: otherCustomerIri,
        customerPrice: 80000,
      }),
    );
    await api('POST', '/api/queries', query({ cargo: 'Oczekująca', status: 'oczekujace' }));
    const all = ids(await api('GET', '/api/queries?pagination=false&status=wszystkie'));
    const unfiltered = ids(await api('GET', '/api/queries?pagination=false'));
    const active = ids(await api('GET', '/api/queries?pagination=false&status=aktywne'));
    expect(all).toContain('Oczekująca');
    // No status filter means every status, as API Platform does (the table sends status=aktywne).
    expect(unfiltered).toEqual(all);
    expect(active).not.toContain('Oczekująca');
    expect(ids(await api('GET', '/api/queries?status=oczekujace'))).toEqual(['Oczekująca']);
    expect(ids(await api('GET', '/api/queries?cargoLength[lte]=500&cargoWeight[lte]=500'))).toEqual(['Mała paczka']);
    expect(ids(await api('GET', '/api/queries?loadingDate[before]=2026-11-10'))).toEqual(['Mała paczka']);
    expect(ids(await api('GET', '/api/queries?loadingCity=lodz'))).toEqual(['Mała paczka']);
    expect(ids(await api('GET', '/api/queries?unloadingCountry=cz&loadingCountry=PL'))).toEqual(['Mała paczka']);
    expect(ids(await api('GET', '/api/queries?customer=stal&status=aktywne'))).toEqual(['Mała paczka']);
    expect(
      ids(await api('GET', `/api/queries?status=aktywne&customer.uuid=${otherCustomerIri.split('/').pop()}`)),
    ).toEqual(['Mała paczka']);
    expect(ids(await api('GET', '/api/queries?customerPrice[lte]=100000'))).toEqual(['Mała paczka']);
    expect(ids(await api('GET', '/api/queries?user.name=administrator&cargo=paczka'))).toEqual(['Mała paczka']);
    const today = new Date().toISOString().slice(0, 10);
    expect(ids(await api('GET', `/api/queries?createdDate[after]=${today}&cargo=paczka`))).toEqual(['Mała paczka']);
    expect(ids(await api('GET', '/api/queries?createdDate[before]=2020-01-01'))).toEqual([]);
    for (const bad of [
      'status=usuniete',
      'cargoLength[gte]=abc',
      'loadingDate[after]=jutro',
      'customer.uuid=x',
      'page=0',
    ]) {
      const res = await api('GET', `/api/queries?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('soft-deletes with a reason, hides the query, shows it with deletionReason[gt]=0, restores as admin', async () => {
    const created = (await api('POST', '/api/queries', query({ cargo: 'Do usunięcia' }))).json();
    expect((await api('POST', `/api/remove/${created.uuid}`, { type: 'query', reason: 1 })).statusCode).toBe(200);
    expect(ids(await api('GET', '/api/queries?pagination=false'))).not.toContain('Do usunięcia');
    const deleted = await api('GET', '/api/queries?deletionReason[gt]=0&status=wszystkie');
    expect(ids(deleted)).toEqual(['Do usunięcia']);
    expect(deleted.json()['hydra:member'][0].deletionReason).toBe(1);
    expect((await api('POST', `/api/restore/${created.uuid}`, { type: 'query' })).statusCode).toBe(200);
    expect(ids(await api('GET', '/api/queries?pagination=false'))).toContain('Do usunięcia');
  });

  it('deletes with 204', async () => {
    const created = (await api('POST', '/api/queries', query({ cargo: 'Kasowana' }))).json();
    expect((await api('DELETE', `/api/queries/${created.uuid}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/queries/${created.uuid}`)).statusCode).toBe(404);
  });

  it('sorts and paginates, and answers a partial page without a total', async () => {
    const page = (await api('GET', '/api/queries?itemsPerPage=2&order[cargoWeight]=asc&status=wszystkie')).json();
    expect(page['hydra:member']).toHaveLength(2);
    expect(page['hydra:member'][0].cargoWeight).toBeLessThanOrEqual(page['hydra:member'][1].cargoWeight);
    const partial = (await api('GET', '/api/queries?itemsPerPage=2&page=2&partial=true')).json();
    expect(partial).not.toHaveProperty('hydra:totalItems');
  });
});
