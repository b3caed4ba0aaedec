import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER, orderOf, queryOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

describe.each(dbKinds)('guards on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let userUuid: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login();
    userUuid = (
      await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: bearer(admin),
        payload: { login: 'ewa', name: 'Ewa', plainPassword: 'haslo-ewy-123', roles: ['ROLE_USER'] },
      })
    ).json().uuid;
    user = await t.login('ewa', 'haslo-ewy-123');
  });
  afterAll(() => t.close());

  it('needs a token however the path is spelled', async () => {
    for (const url of ['/%61pi/users', '/api/%75sers', '/%61pi/settings', '/api//users']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([401, 403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('hydra:member');
    }
    const create = await t.app.inject({
      method: 'POST',
      url: '/%61pi/users',
      payload: { login: 'intruz', name: 'X', plainPassword: 'haslo-intruza', roles: ['ROLE_ADMIN'] },
    });
    expect(create.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'intruz', password: 'haslo-intruza' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("takes the roles from the user's record: a demoted admin loses admin rights and a deleted user is out, at once", async () => {
    const bossUuid = (
      await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: bearer(admin),
        payload: { login: 'szef2', name: 'Szef', plainPassword: 'haslo-szefa-123', roles: ['ROLE_ADMIN'] },
      })
    ).json().uuid;
    const boss = await t.login('szef2', 'haslo-szefa-123');
    const listUsers = () => t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(boss) });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(boss), payload: {} })).statusCode,
    ).toBe(422);
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${bossUuid}`,
      headers: bearer(admin),
      payload: { roles: ['ROLE_USER'] },
    });
    expect(demote.statusCode).toBe(200);
    // The same token, still unexpired: no longer an admin's.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(boss), payload: {} })).statusCode,
    ).toBe(403);
    expect((await listUsers()).statusCode).toBe(200);
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/users/${bossUuid}`, headers: bearer(admin) });
    expect(remove.statusCode).toBe(204);
    expect((await listUsers()).statusCode).toBe(401);
  });

  it('lets admins read a deleted query or task, and nobody change it until it is restored', async () => {
    const customer = (
      await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(admin), payload: CUSTOMER })
    ).json();
    const query = (
      await t.app.inject({
        method: 'POST',
        url: '/api/queries',
        headers: bearer(admin),
        payload: queryOf(customer['@id'], { cargo: 'Skasowane' }),
      })
    ).json();
    const task = (
      await t.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: bearer(admin),
        payload: { phone: '600100200', comment: 'x', contactDate: '2026-12-01T10:00:00.000Z', entry: query['@id'] },
      })
    ).json();
    for (const [type, url] of [
      ['query', `/api/queries/${query.uuid}`],
      ['task', `/api/tasks/${task.uuid}`],
    ] as const) {
      const uuid = url.split('/').at(-1);
      await t.app.inject({ method: 'POST', url: `/api/remove/${uuid}`, headers: bearer(admin), payload: { type } });
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(admin) })).statusCode, url).toBe(200);
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(user) })).statusCode, url).toBe(404);
      const edit = await t.app.inject({ method: 'PUT', url, headers: bearer(admin), payload: { comment: 'zmiana' } });
      expect(edit.statusCode, url).toBe(404);
      await t.app.inject({ method: 'POST', url: `/api/restore/${uuid}`, headers: bearer(admin), payload: { type } });
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(user) })).statusCode, url).toBe(200);
    }
  });

  it('shows the deleted views to admins only', async () => {
    for (const url of [
      '/api/queries?deletionReason[gt]=0',
      '/api/orders?deletionReason[gt]=0',
      '/api/tasks?deletionReason[gt]=0',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(user) })).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(admin) })).statusCode, url).toBe(200);
    }
  });

  it('has no hard delete for orders: DELETE of an existing order is refused and the order stays', async () => {
    const customer = (
      await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(admin), payload: CUSTOMER })
    ).json();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(admin),
      payload: orderOf(customer['@id']),
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    for (const token of [admin, user]) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order.uuid}`, headers: bearer(token) });
      expect([404, 405]).toContain(res.statusCode);
    }
    const after = await t.app.inject({ method: 'GET', url: `/api/orders/${order.uuid}`, headers: bearer(admin) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ uuid: order.uuid, number: order.number, deletionReason: 0 });
  });

  it('accepts PATCH with merge-patch+json as a partial update', async () => {
    const c = (
      await t.app.inject({
        method: 'POST',
        url: '/api/customers',
        headers: bearer(user),
        payload: { companyName: 'Patch Sp. z o.o.' },
      })
    ).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${c.uuid}`,
      headers: { ...bearer(user), 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ city: 'Kalisz' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Kalisz', companyName: 'Patch Sp. z o.o.' });
  });

  it('names the field of a duplicate', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: bearer(user),
      payload: { companyName: 'A', phone: '511511511' },
    });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: bearer(user),
      payload: { companyName: 'B', phone: '511511511' },
    });
    expect(dup.json().detail).toBe('Klient o podanym numerze NIP lub numerze tel. już istnieje!');
    expect(dup.json().violations).toEqual([
      { propertyPath: 'phone', message: 'Klient z tym numerem telefonu już istnieje: A' },
    ]);
  });

  it('answers impossible values with 400/422, never 500', async () => {
    const checks: [string, string, unknown][] = [
      ['GET', '/api/queries?id=99999999999', undefined],
      ['GET', '/api/queries?distance[gte]=99999999999', undefined],
      ['POST', '/api/queries', { loadingDate: '2026-02-30' }],
      ['POST', '/api/tasks', { contactDate: '0000-01-01T10:00:00Z' }],
      ['POST', '/api/remove/00000000-0000-4000-8000-000000000000', { type: 'task', reason: 99999999999 }],
      ['POST', '/api/remove/00000000-0000-4000-8000-000000000000', null],
      ['PUT', '/api/settings/euroExchangeRate', { value: '99999999999' }],
    ];
    for (const [method, url, payload] of checks) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { ...bearer(admin), 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });
      expect([400, 422], `${method} ${url}`).toContain(res.statusCode);
      expect(res.json().detail, url).not.toMatch(/Invalid input|expected/);
    }
  });

  it('ends other logins when a password or role changes, and only then', async () => {
    const loginPair = async (password: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'ewa', password } });
      expect(res.statusCode).toBe(200);
      return res.json() as { token: string; refreshToken: string };
    };
    const edit = async (payload: object) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${userUuid}`,
        headers: bearer(admin),
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const refresh = (pair: { refreshToken: string }) =>
      t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refreshToken: pair.refreshToken } });

    // Another change (the name) keeps the login: the test below can tell.
    let pair = await loginPair('haslo-ewy-123');
    await edit({ name: 'Ewa Nowa' });
    const kept = await refresh(pair);
    expect(kept.statusCode).toBe(200);
    pair = kept.json();

    // A new password ends it.
    await edit({ plainPassword: 'nowe-haslo-ewy' });
    expect((await refresh(pair)).statusCode).toBe(401);

    // Other roles end it too (promoted, then demoted again).
    pair = await loginPair('nowe-haslo-ewy');
    await edit({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    expect((await refresh(pair)).statusCode).toBe(401);
    pair = await loginPair('nowe-haslo-ewy');
    await edit({ roles: ['ROLE_USER'] });
    expect((await refresh(pair)).statusCode).toBe(401);
    // The same roles again are no change.
    pair = await loginPair('nowe-haslo-ewy');
    await edit({ roles: ['ROLE_USER'] });
    expect((await refresh(pair)).statusCode).toBe(200);
  });
});
