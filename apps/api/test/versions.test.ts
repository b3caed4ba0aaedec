import { apiMessages } from '@spedycja/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER, factories, orderOf, queryOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

/** Issue 13, parts 3 and 4: versions with ETag/If-Match, and the change history, on every editable resource. */
describe.each(dbKinds)('versions and history on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let customer: { '@id': string; uuid: string };
  let query: { '@id': string; uuid: string };
  let make: ReturnType<typeof factories>;

  const api = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'POST',
      url,
      headers: { ...bearer(token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    make = factories(t.app, token);
    customer = (await api('POST', '/api/customers', CUSTOMER)).json();
    query = (await api('POST', '/api/queries', queryOf(customer['@id']))).json();
    // Generous: under a full parallel run the embedded database starts slowly.
  }, 120_000);
  afterAll(() => t.close());

  /** Each resource: how to make one, and one field to edit. */
  const cases: [string, () => Promise<string>, Record<string, unknown>][] = [
    [
      'customers',
      async () => (await api('POST', '/api/customers', { companyName: 'Wersja', country: 'PL' })).json().uuid,
      { city: 'Kraków' },
    ],
    [
      'carriers',
      async () => (await api('POST', '/api/carriers', { companyName: 'Wersja P', country: 'PL' })).json().uuid,
      { city: 'Gdynia' },
    ],
    [
      'queries',
      async () => (await api('POST', '/api/queries', queryOf(customer['@id']))).json().uuid,
      { cargo: 'Stal' },
    ],
    ['orders', async () => (await api('POST', '/api/orders', orderOf(customer['@id']))).json().uuid, { cargo: 'Stal' }],
    [
      'tasks',
      async () =>
        (await api('POST', '/api/tasks', { comment: 'a', contactDate: '2026-12-01T10:00:00.000Z' })).json().uuid,
      { comment: 'b' },
    ],
    [
      'offers',
      async () => (await api('POST', '/api/offers', { query: query['@id'], price: 100000 })).json().uuid,
      { price: 120000 },
    ],
    [
      'users',
      async () =>
        (
          await api('POST', '/api/users', {
            login: `w${Date.now()}`,
            name: 'W',
            plainPassword: 'Wersja-Hasla-1',
            roles: ['ROLE_USER'],
          })
        ).json().uuid,
      { name: 'W2' },
    ],
    ['settings', async () => 'euroExchangeRate', { value: '431' }],
    ['invoices', async () => (await make.invoice({ customer: customer['@id'] })).uuid, { description: 'Zmieniona' }],
  ];

  it.each(cases)(
    '%s: ETag on GET, If-Match of an older version is a 412 changing nothing',
    async (resource, make, edit) => {
      const id = await make();
      const url = `/api/${resource}/${id}`;
      const first = await api('GET', url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toBe(`W/"${first.json().version}"`);

      const saved = await api('PUT', url, edit, { 'if-match': etag });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().version).toBe(first.json().version + 1);
      expect(saved.headers.etag).toBe(`W/"${saved.json().version}"`);

      const stale = await api('PUT', url, { ...edit }, { 'if-match': etag });
      expect(stale.statusCode).toBe(412);
      expect(stale.json().detail).toBe('Ten rekord został w międzyczasie zmieniony przez innego użytkownika.');
      expect(stale.json().detail).toBe(apiMessages.versionConflict);
      expect(stale.headers.etag).toBe(saved.headers.etag);
      expect((await api('GET', url)).json().version).toBe(saved.json().version);

      // The original client sends no If-Match: its write goes through.
      expect((await api('PUT', url, edit)).statusCode).toBe(200);
    },
  );

  it('lets one of two saves from the same version through and refuses the other', async () => {
    const order = (await api('POST', '/api/orders', orderOf(customer['@id']))).json();
    const etag = `W/"${order.version}"`;
    const [a, b] = await Promise.all([
      api('PUT', `/api/orders/${order.uuid}`, { cargo: 'Pierwszy' }, { 'if-match': etag }),
      api('PUT', `/api/orders/${order.uuid}`, { cargo: 'Drugi' }, { 'if-match': etag }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 412]);
    const winner = a.statusCode === 200 ? 'Pierwszy' : 'Drugi';
    expect((await api('GET', `/api/orders/${order.uuid}`)).json().cargo).toBe(winner);
  });

  it('refuses a malformed If-Match (400) and takes * as any version', async () => {
    const url = `/api/customers/${customer.uuid}`;
    expect((await api('PUT', url, { city: 'A' }, { 'if-match': 'wczoraj' })).statusCode).toBe(400);
    expect((await api('PUT', url, { city: 'B' }, { 'if-match': '*' })).statusCode).toBe(200);
  });

  it("keeps a party's version when a save changes nothing (its derived search columns are not a change)", async () => {
    for (const resource of ['customers', 'carriers']) {
      const body = { companyName: `Bez Zmian ${resource}`, email: `bez-zmian-${resource}@example.com` };
      const created = (await api('POST', `/api/${resource}`, body)).json();
      const again = await api('PUT', `/api/${resource}/${created.uuid}`, body, { 'if-match': `"${created.version}"` });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().version).toBe(created.version);
      const renamed = await api('PUT', `/api/${resource}/${created.uuid}`, { companyName: `Zmieniony ${resource}` });
      expect(renamed.json().version).toBe(created.version + 1);
    }
  });

  it('keeps a version for bookkeeping: a recomputed best offer does not make a query stale', async () => {
    const q = (await api('POST', '/api/queries', queryOf(customer['@id']))).json();
    await api('POST', '/api/offers', { query: q['@id'], price: 90000 });
    expect((await api('GET', `/api/queries/${q.uuid}`)).json().version).toBe(q.version);
  });

  it('writes the history of a record: create, changes old → new, delete and restore, newest first', async () => {
    const c = (await api('POST', '/api/customers', { companyName: 'Historia', city: 'Opole', country: 'PL' })).json();
    await api('PUT', `/api/customers/${c.uuid}`, { city: 'Nysa', companyName: 'Historia Sp. z o.o.' });
    const q = (await api('POST', '/api/queries', queryOf(c['@id'], { cargo: 'Drewno' }))).json();
    await api('POST', `/api/remove/${q.uuid}`, { type: 'query', reason: 2 });
    await api('POST', `/api/restore/${q.uuid}`, { type: 'query' });

    const history = await api('GET', `/api/customers/${c.uuid}/history`);
    expect(history.statusCode).toBe(200);
    const members = history.json()['hydra:member'];
    expect(members.map((m: { action: string }) => m.action)).toEqual(['update', 'create']);
    expect(members[0].changes).toEqual([
      { field: 'city', from: 'Opole', to: 'Nysa' },
      { field: 'companyName', from: 'Historia', to: 'Historia Sp. z o.o.' },
    ]);
    expect(members[0].user).toEqual({ uuid: expect.any(String), name: 'Administrator' });
    expect(Date.parse(members[0].date)).toBeGreaterThan(Date.now() - 60_000);
    expect(members[1].changes).toContainEqual({ field: 'companyName', from: null, to: 'Historia' });

    const queryHistory = (await api('GET', `/api/queries/${q.uuid}/history`)).json()['hydra:member'];
    expect(queryHistory.map((m: { action: string }) => m.action)).toEqual(['restore', 'delete', 'create']);
    expect(queryHistory[1].changes).toEqual([{ field: 'deletionReason', from: 0, to: 2 }]);
    // A reference is shown by name.
    expect(queryHistory[2].changes).toContainEqual({ field: 'customer', from: null, to: 'Historia Sp. z o.o.' });
  });

  it('names conversions, and never shows a password', async () => {
    const mailed = (
      await api('POST', '/api/customers', { companyName: 'Z mailem', email: 'biuro@example.com', country: 'PL' })
    ).json();
    const o = (await api('POST', '/api/orders', orderOf(mailed['@id'], { cargo: 'Wysyłka' }))).json();
    // (A send marks the order only once a mail server accepted the message, outside the request: mail.test.ts.)
    const conv = (await api('POST', `/api/orders/${o.uuid}/changeType`)).json();
    expect(conv).toBeDefined();
    const afterConversion = (await api('GET', `/api/orders/${o.uuid}/history`)).json()['hydra:member'];
    expect(afterConversion[0].action).toBe('conversion');

    const u = (
      await api('POST', '/api/users', {
        login: 'historia',
        name: 'H',
        plainPassword: 'Pierwsze-Haslo-1',
        roles: ['ROLE_USER'],
      })
    ).json();
    await api('PUT', `/api/users/${u.uuid}`, { plainPassword: 'Drugie-Haslo-2', name: 'H2' });
    const text = (await api('GET', `/api/users/${u.uuid}/history`)).body;
    expect(text).not.toMatch(/password|argon2|Haslo/i);
    expect(text).toContain('H2');
  });

  it('writes no history for a refused change, and answers 404 for an unknown record', async () => {
    const c = (await api('POST', '/api/customers', { companyName: 'Bez zmian', country: 'PL' })).json();
    await api('PUT', `/api/customers/${c.uuid}`, { city: 'X' }, { 'if-match': 'W/"99"' });
    await api('PUT', `/api/customers/${c.uuid}`, { nip: '123' });
    const members = (await api('GET', `/api/customers/${c.uuid}/history`)).json()['hydra:member'];
    expect(members.map((m: { action: string }) => m.action)).toEqual(['create']);
    expect((await api('GET', '/api/customers/00000000-0000-4000-8000-000000000000/history')).statusCode).toBe(404);
  });
});
