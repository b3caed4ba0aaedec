import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderOf, queryOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

describe.each(dbKinds)('order margin on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let customer: string;
  let carrier: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    customer = (await api('POST', '/api/customers', { companyName: 'Marża Klient', city: 'Łódź' })).json()['@id'];
    carrier = (await api('POST', '/api/carriers', { companyName: 'Marża Przewoźnik', phone: '601000111' })).json()[
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

  it('computes the margin in PLN (EUR at the order rate), null while a price is missing, and keeps it current', async () => {
    const pln = (
      await api('POST', '/api/orders', orderOf(customer, { carrier, carrierPrice: 300000, cargo: 'M-PLN' }))
    ).json();
    expect(pln.margin).toBe(50000);
    expect(pln.marginPercent).toBe(1429); // 500 / 3500 = 14.2857 %
    // Rates are hundredths: 1000,00 € at 4,31 zł = 4310,00 zł against a carrier at 3000,00 zł.
    const eur = (
      await api(
        'POST',
        '/api/orders',
        orderOf(customer, {
          customerPrice: 100000,
          customerPriceCurrency: 'eur',
          euroExchangeRate: 431,
          carrier,
          carrierPrice: 300000,
          cargo: 'M-EUR',
        }),
      )
    ).json();
    expect(eur.margin).toBe(131000);
    expect(eur.marginPercent).toBe(3039); // 1310 / 4310 = 30.394 %
    const open = (await api('POST', '/api/orders', orderOf(customer, { cargo: 'M-OPEN' }))).json();
    expect(open.margin).toBeNull();
    expect(open.marginPercent).toBeNull();
    // A price typed later: the margin follows.
    const priced = (await api('PUT', `/api/orders/${open.uuid}`, { carrier, carrierPrice: 360000 })).json();
    expect(priced.margin).toBe(-10000);
    expect(priced.marginPercent).toBe(-286);

    const list = (order: string, filter = '') =>
      api('GET', `/api/orders?cargo=M-&order[margin]=${order}${filter}`).then((r) =>
        r.json()['hydra:member'].map((o: { cargo: string }) => o.cargo),
      );
    expect(await list('desc')).toEqual(['M-EUR', 'M-PLN', 'M-OPEN']);
    expect(await list('asc')).toEqual(['M-OPEN', 'M-PLN', 'M-EUR']);
    expect(await list('asc', '&margin[gte]=0')).toEqual(['M-PLN', 'M-EUR']);
    expect(await list('asc', '&marginPercent[gte]=2000')).toEqual(['M-EUR']);
    const bad = await api('GET', '/api/orders?margin[gte]=abc');
    expect(bad.statusCode).toBe(400);
  });

  it("shows a query's best-offer margin against the price shown to the customer", async () => {
    const query = (
      await api('POST', '/api/queries', queryOf(customer, { customerPriceSuggested: 400000, euroExchangeRate: 430 }))
    ).json();
    expect(query.bestOfferMargin).toBeNull();
    await api('POST', '/api/offers', { query: query['@id'], carrier, price: 80000, currency: 'eur' });
    const read = (await api('GET', `/api/queries/${query.uuid}`)).json();
    expect(read.bestOffer).toBe(80000);
    expect(read.bestOfferMargin).toBe(400000 - 344000);
  });
});
