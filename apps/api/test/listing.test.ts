import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER, orderOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(dbKinds)('counted totals on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { LIST_COUNT_CACHE_SECONDS: '2' });
    admin = await t.login();
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const total = async (query: string) => (await api('GET', `/api/orders?${query}`)).json()['hydra:totalItems'];
  /** An order written beside the API (a script, another instance), which this server does not hear of. */
  const writeBeside = (number: string) =>
    t.database.db.execute(sql`INSERT INTO orders (number, cargo) VALUES (${number}, 'Obok API')`);

  it('counts a filter once while nothing is written, and anew after any write through the API', async () => {
    const carrier = (
      await api('POST', '/api/carriers', { companyName: 'Liczony Przewoźnik', email: 'liczony@example.com' })
    ).json();
    const customer = (await api('POST', '/api/customers', CUSTOMER)).json();
    const order = (
      await api('POST', '/api/orders', orderOf(customer['@id'], { cargo: 'Liczone', carrier: carrier['@id'] }))
    ).json();
    expect(await total('status=wszystkie')).toBe(1);
    expect(await total('status=wszystkie&mailSentToCarrier=true')).toBe(0);

    await writeBeside('900/01/2026');
    // The same filter again: the total counted a moment ago.
    expect(await total('status=wszystkie')).toBe(1);
    // A GET that writes (sending the order) forgets the totals, like any POST, PUT or DELETE.
    expect((await api('GET', `/api/orders/${order.uuid}/send/carrier`)).statusCode).toBe(200);
    expect(await total('status=wszystkie&mailSentToCarrier=true')).toBe(1);
    expect(await total('status=wszystkie')).toBe(2);

    await writeBeside('901/01/2026');
    await api('POST', '/api/customers', { companyName: 'Nowy klient' });
    expect(await total('status=wszystkie')).toBe(3);
  });

  it('counts again when the totals are older than LIST_COUNT_CACHE_SECONDS, for writes it did not see', async () => {
    const before = await total('status=wszystkie');
    await writeBeside('902/01/2026');
    expect(await total('status=wszystkie')).toBe(before);
    await sleep(2100);
    expect(await total('status=wszystkie')).toBe(before + 1);
  });
});
