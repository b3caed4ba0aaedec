import { apiMessages } from '@spedycja/domain';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

describe.each(dbKinds)('auth on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_PER_IP: '50' });
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: ip });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refreshToken } });

  it('logs in with the right password and returns a token with username, name, roles and exp', async () => {
    const res = await login(ADMIN.username, ADMIN.password);
    expect(res.statusCode).toBe(200);
    const { token, refreshToken } = res.json();
    expect(typeof refreshToken).toBe('string');
    const claims = decodeJwt(token);
    expect(claims.username).toBe('admin');
    expect(claims.name).toBe('Administrator');
    expect(claims.roles).toEqual(['ROLE_ADMIN', 'ROLE_USER']);
    expect(Number(claims.exp) - Math.floor(Date.now() / 1000)).toBeGreaterThan(800);
    expect(Number(claims.exp) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(900);
  });

  it('accepts the login in any letter case', async () => {
    expect((await login('ADMIN', ADMIN.password)).statusCode).toBe(200);
  });

  it('answers 401 with a Polish problem for a wrong password or an unknown user', async () => {
    const wrong = await login(ADMIN.username, 'nope', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    expect(wrong.json().detail).toBe(apiMessages.badCredentials);
    expect((await login('ghost', 'nope', '10.0.0.2')).statusCode).toBe(401);
  });

  it('rejects an empty body with 422 and changes nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([
      'username',
      'password',
    ]);
  });

  it('rate-limits failed logins per user and IP with a Polish message, while other IPs still log in', async () => {
    for (let i = 0; i < 3; i++) expect((await login(ADMIN.username, 'bad', '10.0.0.9')).statusCode).toBe(401);
    const limited = await login(ADMIN.username, ADMIN.password, '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^Zbyt wiele nieudanych prób logowania\. Spróbuj ponownie za \d+ min\.$/);
    expect((await login(ADMIN.username, ADMIN.password, '10.0.0.10')).statusCode).toBe(200);
  });

  it('rate-limits one IP trying many logins', async () => {
    const limited = await createTestApp(kind, { LOGIN_MAX_FAILURES: '100', LOGIN_MAX_FAILURES_PER_IP: '4' });
    try {
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: `user${i}`, password: 'x' },
          remoteAddress: '10.1.1.1',
        });
        expect(res.statusCode).toBe(401);
      }
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: ADMIN.username, password: ADMIN.password },
        remoteAddress: '10.1.1.1',
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('rotates refresh tokens: the new pair works, the spent one is refused and revokes the family', async () => {
    const first = (await login(ADMIN.username, ADMIN.password, '10.0.0.3')).json();
    const second = await refresh(first.refreshToken);
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair.refreshToken).not.toBe(first.refreshToken);
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(pair.token) })).statusCode).toBe(
      200,
    );

    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    // The replay revoked the family: the newest token no longer refreshes either.
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
  });

  it('keeps other logins alive when one family is revoked', async () => {
    const a = (await login(ADMIN.username, ADMIN.password, '10.0.0.4')).json();
    const b = (await login(ADMIN.username, ADMIN.password, '10.0.0.4')).json();
    await refresh(a.refreshToken);
    await refresh(a.refreshToken);
    expect((await refresh(b.refreshToken)).statusCode).toBe(200);
  });

  it('logout revokes the refresh token', async () => {
    const pair = (await login(ADMIN.username, ADMIN.password, '10.0.0.5')).json();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refreshToken: pair.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
  });

  it('refuses a garbage refresh token', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
  });

  it('answers 401 without a token, with a forged token and with an expired token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    const forged = await new SignJWT({ username: 'admin', name: 'x', roles: ['ROLE_ADMIN'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-0000-0000-000000000000')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(forged) })).statusCode).toBe(401);
    const expired = await new SignJWT({ username: 'admin', name: 'x', roles: ['ROLE_ADMIN'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-0000-0000-000000000000')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(expired) });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(apiMessages.unauthorized);
  });

  it('stores passwords as argon2id', async () => {
    const rows = await t.database.db.execute('select password_hash from users' as never);
    const hash = (rows as unknown as { rows: { password_hash: string }[] }).rows[0]?.password_hash;
    expect(hash).toMatch(/^\$argon2id\$/);
  });
});
