import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalError, portalApi } from './portalApi.ts';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let handler: (call: Call) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const keyOf = (call: Call | undefined) =>
  (call?.init.headers as Record<string, string> | undefined)?.['Idempotency-Key'];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { url, init };
      calls.push(call);
      return handler(call);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the carrier page's calls", () => {
  it('sends a new Idempotency-Key with each action and none with the read', async () => {
    handler = () => json(200, {});
    await portalApi.get('t0k3n');
    await portalApi.accept('t0k3n');
    await portalApi.event('t0k3n', 'loaded', '');
    expect(keyOf(calls[0])).toBeUndefined();
    expect(keyOf(calls[1])).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(calls[2])).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(calls[1])).not.toBe(keyOf(calls[2]));
  });

  it('sends an upload again with the same key when the connection failed, so the server stores it once', async () => {
    let failures = 2;
    handler = () => {
      if (failures-- > 0) throw new TypeError('Failed to fetch');
      return json(201, { uuid: 'd1' });
    };
    const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'cmr.pdf', { type: 'application/pdf' });
    await expect(portalApi.upload('t0k3n', 'cmr', file)).resolves.toEqual({ uuid: 'd1' });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map(keyOf)).size).toBe(1);
  });

  it('gives up after the retries with a connection error (status 0)', async () => {
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    const failure = await portalApi.accept('t0k3n').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PortalError);
    expect((failure as PortalError).status).toBe(0);
    expect(calls).toHaveLength(3);
  });
});
