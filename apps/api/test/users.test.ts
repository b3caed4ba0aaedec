import { apiMessages, validationMessages } from '@spedycja/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

const newUser = (login: string, extra: Record<string, unknown> = {}) => ({
  login,
  name: `Jan ${login}`,
  plainPassword: 'haslo-12345',
  roles: ['ROLE_USER'],
  phone: '600100200',
  email: `${login}@example.pl`,
  ...extra,
});

describe.each(dbKinds)('users on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login();
  });
  afterAll(() => t.close());

  const api = (method: string, url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('creates a user (201) with defaults and never returns the password', async () => {
    const res = await api('POST', '/api/users', admin, newUser('kowalski'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body['@id']).toBe(`/api/users/${body.uuid}`);
    expect(body['@type']).toBe('User');
    expect(body.phonePrefix).toBe('48');
    expect(body.login).toBe('kowalski');
    expect(body).not.toHaveProperty('plainPassword');
    expect(JSON.stringify(body)).not.toContain('haslo');
    expect(body).not.toHaveProperty('passwordHash');
  });

  it('refuses a duplicate login (any letter case) with a 422 naming the field', async () => {
    await api('POST', '/api/users', admin, newUser('nowak'));
    const res = await api('POST', '/api/users', admin, newUser('NOWAK'));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([{ propertyPath: 'login', message: apiMessages.loginTaken }]);
  });

  it('validates with the Polish messages of SPEC §5 and stores nothing', async () => {
    const before = (await api('GET', '/api/users?pagination=false', admin)).json()['hydra:totalItems'];
    const res = await api('POST', '/api/users', admin, {
      login: '',
      name: 'X',
      plainPassword: 'short',
      roles: [],
      email: 'not-an-email',
      phone: '12ab',
    });
    expect(res.statusCode).toBe(422);
    const byField = Object.fromEntries(
      res.json().violations.map((v: { propertyPath: string; message: string }) => [v.propertyPath, v.message]),
    );
    expect(byField.login).toBe(validationMessages.required);
    expect(byField.plainPassword).toBe(validationMessages.minLength(8));
    expect(byField.roles).toBe(validationMessages.required);
    expect(byField.email).toBe(validationMessages.email);
    expect(byField.phone).toBe(validationMessages.numeric);
    const after = (await api('GET', '/api/users?pagination=false', admin)).json()['hydra:totalItems'];
    expect(after).toBe(before);
  });

  it('lets only admins write: a ROLE_USER gets 403 on POST, PUT and DELETE but can read', async () => {
    const created = (await api('POST', '/api/users', admin, newUser('zwykly'))).json();
    const user = await t.login('zwykly', 'haslo-12345');
    expect((await api('POST', '/api/users', user, newUser('intruz'))).statusCode).toBe(403);
    expect((await api('PUT', `/api/users/${created.uuid}`, user, { name: 'Hacker' })).statusCode).toBe(403);
    expect((await api('DELETE', `/api/users/${created.uuid}`, user)).statusCode).toBe(403);
    expect((await api('GET', '/api/users', user)).statusCode).toBe(200);
    expect((await api('GET', `/api/users/${created.uuid}`, admin)).json().name).toBe('Jan zwykly');
  });

  it('updates partially and keeps the password when it is empty', async () => {
    const created = (await api('POST', '/api/users', admin, newUser('partial'))).json();
    const res = await api('PUT', `/api/users/${created.uuid}`, admin, { name: 'Nowe Imię', plainPassword: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Nowe Imię');
    expect(res.json().email).toBe('partial@example.pl');
    await t.login('partial', 'haslo-12345');

    await api('PUT', `/api/users/${created.uuid}`, admin, { plainPassword: 'zupelnie-nowe' });
    await expect(t.login('partial', 'haslo-12345')).rejects.toThrow();
    await t.login('partial', 'zupelnie-nowe');
  });

  it('deletes with 204 and then answers 404', async () => {
    const created = (await api('POST', '/api/users', admin, newUser('dousuniecia'))).json();
    expect((await api('DELETE', `/api/users/${created.uuid}`, admin)).statusCode).toBe(204);
    expect((await api('GET', `/api/users/${created.uuid}`, admin)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/users/${created.uuid}`, admin)).statusCode).toBe(404);
  });

  it('does not let an admin delete their own account', async () => {
    const me = (await api('GET', '/api/users?login=admin', admin)).json()['hydra:member'][0];
    const res = await api('DELETE', `/api/users/${me.uuid}`, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(apiMessages.cannotDeleteSelf);
  });

  it('answers 404 for an id that is not a uuid', async () => {
    expect((await api('GET', '/api/users/123', admin)).statusCode).toBe(404);
    expect((await api('GET', "/api/users/1'%20or%201=1", admin)).statusCode).toBe(404);
  });

  it('paginates as hydra and returns everything with pagination=false', async () => {
    for (let i = 0; i < 5; i++) await api('POST', '/api/users', admin, newUser(`page${i}`));
    const page = (await api('GET', '/api/users?itemsPerPage=2&page=2&order[login]=asc', admin)).json();
    expect(page['hydra:member']).toHaveLength(2);
    const total = page['hydra:totalItems'];
    expect(total).toBeGreaterThanOrEqual(6);
    expect(page['hydra:view']['hydra:previous']).toContain('page=1');
    expect(page['hydra:view']['hydra:last']).toContain(`page=${Math.ceil(total / 2)}`);
    const all = (await api('GET', '/api/users?pagination=false', admin)).json();
    expect(all['hydra:member']).toHaveLength(total);
    expect(all['hydra:totalItems']).toBe(total);
  });

  it('filters by partial name and sorts', async () => {
    const res = (await api('GET', '/api/users?login=page&order[login]=desc&pagination=false', admin)).json();
    const logins = res['hydra:member'].map((u: { login: string }) => u.login);
    expect(logins).toEqual(['page4', 'page3', 'page2', 'page1', 'page0']);
  });

  it('filters by a fragment of the roles and of the name, in any letter case', async () => {
    for (const [login, roles] of [
      ['frag_admin', ['ROLE_ADMIN', 'ROLE_USER']],
      ['frag_user', ['ROLE_USER']],
    ] as const) {
      expect(
        (await api('POST', '/api/users', admin, newUser(login, { name: `Adam Fragment ${login}`, roles }))).statusCode,
      ).toBe(201);
    }
    const logins = async (query: string) =>
      (await api('GET', `/api/users?${query}&pagination=false`, admin))
        .json()
        ['hydra:member'].map((u: { login: string }) => u.login)
        .sort();
    expect(await logins(`name=${encodeURIComponent('ADAM FRAG')}`)).toEqual(['frag_admin', 'frag_user']);
    expect(await logins(`name=${encodeURIComponent('fragment frag_adm')}`)).toEqual(['frag_admin']);
    const admins = await logins('roles=Admin');
    expect(admins).toContain('frag_admin');
    expect(admins).toContain('admin');
    expect(admins).not.toContain('frag_user');
    expect(await logins('roles=role_user')).toContain('frag_user');
    expect(await logins('roles=kierowca')).toEqual([]);
  });

  it('answers a malformed filter value with a Polish 400', async () => {
    for (const q of [
      'page=0',
      'page=abc',
      'itemsPerPage=100000',
      'pagination=maybe',
      'order[login]=up',
      'createdDate[after]=yesterday',
    ]) {
      const res = await api('GET', `/api/users?${q}`, admin);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().detail).toMatch(/^Nieprawidłowa wartość parametru „.+”\.$/);
    }
  });

  it('ignores unknown parameters like API Platform', async () => {
    expect((await api('GET', '/api/users?deleted=false&foo=bar', admin)).statusCode).toBe(200);
  });

  it('answers invalid JSON with a Polish 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{"login": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(apiMessages.invalidJson);
  });

  it('two identical creations without a key are two attempts: the second is refused by the unique login', async () => {
    const [a, b] = await Promise.all([
      api('POST', '/api/users', admin, newUser('podwojny')),
      api('POST', '/api/users', admin, newUser('podwojny')),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const found = (await api('GET', '/api/users?login=podwojny', admin)).json();
    expect(found['hydra:totalItems']).toBe(1);
  });

  it('a double click with one Idempotency-Key creates one user and answers both clicks alike', async () => {
    const click = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { ...bearer(admin), 'idempotency-key': 'formularz-1' },
        payload: newUser('klikniety'),
      });
    const [a, b] = await Promise.all([click(), click()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().uuid).toBe(b.json().uuid);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']]).toContain('true');
    const found = (await api('GET', '/api/users?login=klikniety', admin)).json();
    expect(found['hydra:totalItems']).toBe(1);
  });
});
