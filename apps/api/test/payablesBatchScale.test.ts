import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseElixir } from '../src/modules/payables/bankFiles.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { seedPayablesBatch } from './payablesScaleSeed.ts';
import { type FakeWhitelist, startFakeWhitelist } from './whitelistFake.ts';

/**
 * Issue 38's batch of 500 transfers, every account over 15 000 zł checked on the white list through its fake, the NIPs
 * asked 30 at a time as the list's /api/search/nips/ allows (10 searches a day: past them, one account at a time).
 * What it does is checked here; how fast is measured by `npm run bench -- --payables-only` (bench/payables.ts).
 */
const TRANSFERS = 500;

describe.each(dbKinds)('a batch of 500 transfers on %s', (kind) => {
  let t: TestApp;
  let wl: FakeWhitelist;
  let token: string;
  let invoices: string[];

  beforeAll(async () => {
    wl = await startFakeWhitelist();
    t = await createTestApp(kind, { WL_API_URL: wl.url });
    token = await t.login();
    invoices = await seedPayablesBatch(t.database, wl, TRANSFERS);
    expect(invoices).toHaveLength(TRANSFERS);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await wl.close();
  });

  it('prepares the batch (every account checked, 30 NIPs a request) and exports both files', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/transfer_batches',
      headers: bearer(token),
      payload: { invoices },
    });
    expect(made.statusCode, made.body.slice(0, 500)).toBe(201);
    const batch = made.json();
    expect(batch.lines).toHaveLength(TRANSFERS);
    expect(batch.refused).toEqual([]);
    expect(batch.lines.every((l: { whitelist: { status: string } }) => l.whitelist.status === 'confirmed')).toBe(true);
    const elixir = await t.app.inject({
      method: 'GET',
      url: `/api/transfer_batches/${batch.uuid}/file?format=elixir`,
      headers: bearer(token),
    });
    const pain = await t.app.inject({
      method: 'GET',
      url: `/api/transfer_batches/${batch.uuid}/file?format=pain001`,
      headers: bearer(token),
    });
    expect(elixir.statusCode).toBe(200);
    expect(pain.statusCode).toBe(200);
    expect(parseElixir(elixir.rawPayload)).toHaveLength(TRANSFERS);
    // The list allows 10 searches a day (the app stops at 9): 270 NIPs by search, the rest one account at a time.
    const searches = wl.requests.filter((r) => r.includes('/api/search/nips/'));
    const checks = wl.requests.filter((r) => r.includes('/api/check/nip/'));
    expect(searches).toHaveLength(9);
    expect(checks).toHaveLength(TRANSFERS - 9 * 30);
  });
});
