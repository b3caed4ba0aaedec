import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  buildUrl,
  configureApiClient,
  forgetVersion,
  holdVersion,
  TOKEN_REFRESH_LOCK,
} from './apiClient.ts';
import { session } from './session.ts';

type Call = { url: string; init: RequestInit };

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function authOf(call: Call | undefined): string | undefined {
  return (call?.init.headers as Record<string, string> | undefined)?.Authorization;
}

let calls: Call[];
let handler: (url: string, init: RequestInit) => Response | Promise<Response>;

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      calls.push({ url: input, init });
      return handler(input, init);
    }),
  );
  session.setTokens({ token: 'old-token', refreshToken: 'refresh-1' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiClient({ onSessionExpired: () => {} });
});

const refreshCalls = () => calls.filter((c) => c.url === '/api/token/refresh');

describe('apiClient', () => {
  it('adds the bearer token from localStorage', async () => {
    handler = () => json(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    const result = await api.list('/users', { page: 2, name: '', 'order[name]': 'asc' });
    expect(result['hydra:totalItems']).toBe(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/users?page=2&order%5Bname%5D=asc');
    expect(authOf(calls[0])).toBe('Bearer old-token');
  });

  it('refreshes the token on a 401 and retries with the new one', async () => {
    handler = (url, init) => {
      if (url === '/api/token/refresh') {
        expect(JSON.parse(String(init.body))).toEqual({ refreshToken: 'refresh-1' });
        return json(200, { token: 'new-token', refreshToken: 'refresh-2' });
      }
      return authOf({ url, init }) === 'Bearer new-token' ? json(200, { ok: true }) : json(401, { detail: 'x' });
    };
    await expect(api.get('/settings')).resolves.toEqual({ ok: true });
    expect(refreshCalls()).toHaveLength(1);
    expect(session.getToken()).toBe('new-token');
    expect(session.getRefreshToken()).toBe('refresh-2');
    expect(authOf(calls.at(-1))).toBe('Bearer new-token');
  });

  it('makes ONE refresh call for two concurrent 401s', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    handler = async (url, init) => {
      if (url === '/api/token/refresh') {
        await gate;
        return json(200, { token: 'new-token', refreshToken: 'refresh-2' });
      }
      return authOf({ url, init }) === 'Bearer new-token' ? json(200, { url }) : json(401);
    };
    const first = api.get('/users');
    const second = api.get('/settings');
    await vi.waitFor(() => expect(calls.filter((c) => c.url !== '/api/token/refresh')).toHaveLength(2));
    release();
    await expect(Promise.all([first, second])).resolves.toEqual([{ url: '/api/users' }, { url: '/api/settings' }]);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('logs out when the refresh itself is refused with 401', async () => {
    const expired = vi.fn();
    configureApiClient({ onSessionExpired: expired });
    handler = (url) => (url === '/api/token/refresh' ? json(401, { detail: 'Sesja wygasła.' }) : json(401));
    const error = await api.get('/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(session.getToken()).toBeNull();
    expect(session.getRefreshToken()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('does not refresh for the login call', async () => {
    handler = () => json(401, { detail: 'Nieprawidłowy login lub hasło.' });
    const error = await api.post('/login', { username: 'a', password: 'b' }, { anonymous: true }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(refreshCalls()).toHaveLength(0);
    expect(authOf(calls[0])).toBeUndefined();
    expect(session.getToken()).toBe('old-token');
  });

  it('retries with the token another tab stored while this one waited for the lock', async () => {
    const request = vi.fn(async (name: string, work: () => Promise<unknown>) => {
      expect(name).toBe(TOKEN_REFRESH_LOCK);
      // The other tab held the lock and refreshed meanwhile.
      session.setTokens({ token: 'other-tab-token', refreshToken: 'refresh-9' });
      return work();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    handler = (url, init) => (authOf({ url, init }) === 'Bearer other-tab-token' ? json(200, { ok: 1 }) : json(401));
    await expect(api.get('/users')).resolves.toEqual({ ok: 1 });
    expect(request).toHaveBeenCalledTimes(1);
    expect(refreshCalls()).toHaveLength(0);
  });

  it('turns problem+json into an ApiError with detail and violations', async () => {
    handler = () =>
      json(422, {
        status: 422,
        title: 'Unprocessable Entity',
        detail: 'Użytkownik o podanym loginie już istnieje!',
        violations: [{ propertyPath: 'login', message: 'Użytkownik o podanym loginie już istnieje!' }],
      });
    const error = (await api.post('/users', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(422);
    expect(error.detail).toBe('Użytkownik o podanym loginie już istnieje!');
    expect(error.violations).toEqual([
      { propertyPath: 'login', message: 'Użytkownik o podanym loginie już istnieje!' },
    ]);
  });

  it('reports a missing response as status 0', async () => {
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    const error = (await api.get('/users').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.detail).toBeNull();
  });

  const keyOf = (call: Call | undefined) =>
    (call?.init.headers as Record<string, string> | undefined)?.['Idempotency-Key'];

  it('sends a new Idempotency-Key with every write, and none with a read or a login', async () => {
    handler = () => json(200, { ok: true });
    await api.post('/queries', { a: 1 });
    await api.put('/queries/1', { a: 2 });
    await api.patch('/queries/1', { a: 3 });
    await api.del('/queries/1');
    await api.get('/queries');
    await api.post('/login', { username: 'a', password: 'b' }, { anonymous: true });
    const keys = calls.slice(0, 4).map(keyOf);
    expect(keys.every((k) => typeof k === 'string' && /^[0-9a-f]{32}$/.test(k))).toBe(true);
    expect(new Set(keys).size).toBe(4);
    expect(keyOf(calls[4])).toBeUndefined();
    expect(keyOf(calls[5])).toBeUndefined();
  });

  it('keeps the key of a write across the refresh-and-retry after a 401', async () => {
    handler = (url, init) => {
      if (url === '/api/token/refresh') return json(200, { token: 'new-token', refreshToken: 'refresh-2' });
      return authOf({ url, init }) === 'Bearer new-token' ? json(201, { ok: true }) : json(401, { detail: 'x' });
    };
    await api.post('/orders', { cargo: 'x' });
    const writes = calls.filter((c) => c.url === '/api/orders');
    expect(writes).toHaveLength(2);
    expect(keyOf(writes[0])).toBeDefined();
    expect(keyOf(writes[1])).toBe(keyOf(writes[0]));
  });

  it('sends a write again with the same key when the connection failed, and a read not', async () => {
    let failures = 1;
    handler = () => {
      if (failures-- > 0) throw new TypeError('Failed to fetch');
      return json(201, { ok: true });
    };
    await expect(api.post('/orders', { cargo: 'x' })).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
    calls = [];
    failures = 1;
    await expect(api.get('/orders')).rejects.toMatchObject({ status: 0 });
    expect(calls).toHaveLength(1);
  });

  it('sends a write the server undid in a collision (503 + Retry-After) again with the same key, twice at most', async () => {
    vi.useFakeTimers();
    try {
      const collided = () =>
        new Response(JSON.stringify({ detail: 'kolizja' }), {
          status: 503,
          headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '1' },
        });
      let collisions = 1;
      handler = () => (collisions-- > 0 ? collided() : json(201, { ok: true }));
      const saved = api.post('/orders', { cargo: 'x' });
      await vi.advanceTimersByTimeAsync(1000);
      await expect(saved).resolves.toEqual({ ok: true });
      expect(calls).toHaveLength(2);
      expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
      // Still colliding after two more tries: the user hears of it.
      calls = [];
      handler = collided;
      const failed = api.post('/orders', { cargo: 'y' });
      const heard = expect(failed).rejects.toMatchObject({ status: 503, detail: 'kolizja' });
      await vi.advanceTimersByTimeAsync(2000);
      await heard;
      expect(calls).toHaveLength(3);
      // A read is not sent again, and neither is a 503 that does not ask for it.
      calls = [];
      await expect(api.get('/orders')).rejects.toMatchObject({ status: 503 });
      handler = () => json(503, { detail: 'NBP' });
      await expect(api.post('/orders', {})).rejects.toMatchObject({ status: 503 });
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('uses the key and If-Match it is given', async () => {
    handler = () => json(200, { ok: true });
    await api.put('/orders/1', { a: 1 }, { idempotencyKey: 'wybrany', ifMatch: 'W/"3"' });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('wybrany');
    expect(headers['If-Match']).toBe('W/"3"');
  });

  const lastHeaders = () => (calls.at(-1)?.init.headers ?? {}) as Record<string, string>;

  it('sends the version it read as If-Match with an edit, and names the path of a 412', async () => {
    handler = (url, init) => {
      if (init.method === 'PUT') {
        return json(412, {
          status: 412,
          detail: 'Ten rekord został w międzyczasie zmieniony przez innego użytkownika.',
        });
      }
      if (url.startsWith('/api/orders?')) {
        return json(200, { 'hydra:member': [{ '@id': '/api/orders/b', version: 7 }], 'hydra:totalItems': 1 });
      }
      return json(200, { '@id': '/api/orders/a', version: 3 });
    };
    await api.get('/orders/a');
    await api.list('/orders', { page: 1 });
    const error = (await api.put('/orders/a', { cargo: 'x' }).catch((e: unknown) => e)) as ApiError;
    expect(lastHeaders()['If-Match']).toBe('W/"3"');
    expect(error.status).toBe(412);
    expect(error.path).toBe('/api/orders/a');
    await api.patch('/orders/b', { cargo: 'y' }).catch(() => undefined);
    expect(lastHeaders()['If-Match']).toBe('W/"7"');
    // A record never read is saved without If-Match (the server then takes it as it comes).
    await api.put('/orders/c', { cargo: 'z' }).catch(() => undefined);
    expect(lastHeaders()['If-Match']).toBeUndefined();
  });

  it("keeps a form's version while it is open: a list read meanwhile does not turn a colleague's change into the base of the save", async () => {
    let listed = 4;
    handler = (url, init) => {
      if (init.method === 'PUT') return json(200, { '@id': '/api/orders/held', version: 9 });
      if (url.startsWith('/api/orders?')) {
        return json(200, { 'hydra:member': [{ '@id': '/api/orders/held', version: listed }], 'hydra:totalItems': 1 });
      }
      return json(200, { '@id': '/api/orders/held', version: 3 });
    };
    await api.get('/orders/held');
    const release = holdVersion('/orders/held');
    // A colleague saved (version 4); the list behind the modal shows it.
    await api.list('/orders', { page: 1 });
    await api.put('/orders/held', { cargo: 'x' });
    expect(lastHeaders()['If-Match']).toBe('W/"3"');
    // The form's own save is its new base, and a later list does not move it.
    listed = 5;
    await api.list('/orders', { page: 1 });
    await api.put('/orders/held', { cargo: 'y' });
    expect(lastHeaders()['If-Match']).toBe('W/"9"');
    // 'Wczytaj ponownie': the record read again is the base.
    forgetVersion('/orders/held');
    await api.get('/orders/held');
    await api.list('/orders', { page: 1 });
    await api.put('/orders/held', { cargo: 'z' });
    expect(lastHeaders()['If-Match']).toBe('W/"3"');
    // Closed: reads move the version again.
    release();
    await api.list('/orders', { page: 1 });
    await api.put('/orders/held', { cargo: 'w' });
    expect(lastHeaders()['If-Match']).toBe('W/"5"');
  });

  it("lets a form's own side action move its version: the first read sent after it counts, one sent before it not", async () => {
    let version = 3;
    let releaseList: (() => void) | null = null;
    handler = async (url, init) => {
      if (init.method === 'POST') {
        version = 4; // the registry check wrote to the carrier; its answer is not the carrier
        return json(200, { source: 'whitelist', status: 'ok' });
      }
      if (init.method === 'PUT') return json(200, { '@id': '/api/carriers/held', version: 5 });
      if (url.startsWith('/api/carriers?')) {
        const listedVersion = version;
        await new Promise<void>((resolve) => {
          releaseList = resolve;
        });
        return json(200, { 'hydra:member': [{ '@id': '/api/carriers/held', version: listedVersion }] });
      }
      return json(200, { '@id': '/api/carriers/held', version });
    };
    await api.get('/carriers/held');
    const release = holdVersion('/carriers/held');
    try {
      // A list read sent before the check, answered after it, shows the carrier as it was: it does not count.
      const lateList = api.list('/carriers', { page: 1 });
      await vi.waitFor(() => expect(releaseList).not.toBeNull());
      await api.post('/carriers/held/verify', { source: 'whitelist' });
      (releaseList as (() => void) | null)?.();
      await lateList;
      // The read after the check gives the base of the save: no 412 for the form's own change.
      await api.get('/carriers/held');
      await api.put('/carriers/held', { name: 'x' });
      expect(lastHeaders()['If-Match']).toBe('W/"4"');
    } finally {
      release();
    }
  });

  it('builds API Platform query strings', () => {
    expect(buildUrl('/queries', { 'loadingDate[after]': '2026-01-01', status: ['a', 'b'], x: null })).toBe(
      '/api/queries?loadingDate%5Bafter%5D=2026-01-01&status%5B%5D=a&status%5B%5D=b',
    );
  });
});
