import { SETTING_KEYS, validationMessages } from '@spedycja/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

describe.each(dbKinds)('settings on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login();
  });
  afterAll(() => t.close());

  const list = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(token) })).json()['hydra:member'] as {
      uuid: string;
      key: string;
      value: string;
    }[];

  it('lists every seeded key as {uuid, key, value}', async () => {
    const settings = await list(admin);
    expect(settings.map((s) => s.key).sort()).toEqual([...SETTING_KEYS].sort());
    const rate = settings.find((s) => s.key === 'euroExchangeRate');
    expect(rate?.value).toBe('430');
    expect(rate?.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets an admin change a value by uuid and keeps it', async () => {
    const rate = (await list(admin)).find((s) => s.key === 'euroExchangeRate');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/settings/${rate?.uuid}`,
      headers: bearer(admin),
      payload: { value: '432' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toBe('432');
    expect((await list(admin)).find((s) => s.key === 'euroExchangeRate')?.value).toBe('432');
  });

  it('refuses a non-numeric exchange rate with the SPEC message', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/euroExchangeRate',
      headers: bearer(admin),
      payload: { value: '4,3x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0]).toEqual({ propertyPath: 'value', message: validationMessages.numeric });
  });

  it('refuses writes from a ROLE_USER (403) but lets them read', async () => {
    const user = (await factories(t.app, admin).user({ login: 'reader', name: 'Reader' })).token;
    expect(await list(user)).not.toHaveLength(0);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/companyName',
      headers: bearer(user),
      payload: { value: 'Przejęta firma' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for an unknown setting', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/nope',
      headers: bearer(admin),
      payload: { value: 'x' },
    });
    expect(res.statusCode).toBe(404);
  });
});
