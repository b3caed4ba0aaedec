import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNbpClient } from '../src/integrations/nbp/http.ts';
import { type FakeNbp, fakeMid, startFakeNbp } from './fakeNbp.ts';
import { freePort } from './smtp.ts';

describe('NBP client against a local NBP API', () => {
  let nbp: FakeNbp;
  beforeAll(async () => {
    nbp = await startFakeNbp('2026-11-20');
  });
  afterAll(() => nbp.close());

  it('gives the table A mid rate of the last business day before the tax point, with four decimals', async () => {
    const client = createNbpClient({ baseUrl: nbp.url });
    // Monday 23/11/2026: the last business day before it is Friday 20/11.
    const rate = await client.eurBefore('2026-11-23');
    expect(rate).toEqual({
      rate: Math.round(fakeMid('2026-11-20') * 10_000),
      table: expect.stringMatching(/^\d+\/A\/NBP\/2026$/),
      date: '2026-11-20',
    });
    expect(nbp.requests.at(-1)).toBe('/exchangerates/rates/a/eur/2026-11-09/2026-11-22/?format=json');
    // Tuesday: Monday's rate.
    expect((await client.eurBefore('2026-11-24'))?.date).toBe('2026-11-23');
    expect((await client.latestEur())?.date).toBe('2026-11-20');
  });

  it('remembers a day it has read', async () => {
    const client = createNbpClient({ baseUrl: nbp.url });
    await client.eurBefore('2026-10-14');
    const asked = nbp.requests.length;
    await client.eurBefore('2026-10-14');
    expect(nbp.requests.length).toBe(asked);
  });

  it('answers null when NBP has no data or cannot be reached (the caller falls back)', async () => {
    const client = createNbpClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, timeoutMs: 1000 });
    expect(await client.eurBefore('2026-11-23')).toBeNull();
    expect(await client.latestEur()).toBeNull();
    const bad = createNbpClient({ baseUrl: `${nbp.url}/nonsense` });
    expect(await bad.eurBefore('2026-11-23')).toBeNull();
  });
});
