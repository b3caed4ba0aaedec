import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntegrationError } from '../src/integrations/errors.ts';
import { createGusClient } from '../src/integrations/gus/http.ts';
import { type FakeGus, startFakeGus } from './gusFake.ts';
import { freePort } from './smtp.ts';

describe('GUS BIR1.1 client against a local GUS', () => {
  let gus: FakeGus;
  beforeAll(async () => {
    gus = await startFakeGus();
  });
  afterAll(() => gus.close());

  it('logs in, sends the session id in the sid header, finds a company by NIP and reuses the session', async () => {
    const client = createGusClient({ url: gus.url, key: gus.key });
    const before = gus.calls.length;
    const company = await client.findByNip('5261040828');
    expect(company).toEqual({
      nip: '5261040828',
      regon: '000331501',
      name: 'TRANS-POL SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
      street: 'ul. Test-Krucza 208/4',
      postalCode: '00-950',
      city: 'Warszawa',
      status: 'aktywna',
      endedOn: null,
    });
    const mine = gus.calls.slice(before);
    expect(mine[0]).toEqual({ operation: 'Zaloguj', sid: null });
    const sid = mine[1]?.sid;
    expect(sid).toMatch(/^[0-9a-f]{20}$/);
    expect(mine.slice(1).every((c) => c.sid === sid)).toBe(true);
    await client.findByNip('5261040828');
    expect(gus.calls.slice(before).filter((c) => c.operation === 'Zaloguj')).toHaveLength(1);
    await client.close();
    expect(gus.calls.at(-1)).toEqual({ operation: 'Wyloguj', sid });
  });

  it('answers null for a NIP GUS has no data on (KomunikatKod 4)', async () => {
    const client = createGusClient({ url: gus.url, key: gus.key });
    expect(await client.findByNip('9542751368')).toBeNull();
    expect(gus.calls.at(-1)?.operation).toBe('GetValue');
  });

  it('answers null for a NIP GUS has no data on in the newer form too (ErrorCode 4 inside the result)', async () => {
    const client = createGusClient({ url: gus.url, key: gus.key });
    gus.setNoDataForm('error');
    try {
      const before = gus.calls.length;
      expect(await client.findByNip('9542751368')).toBeNull();
      // The answer itself said so: no GetValue asked.
      expect(gus.calls.slice(before).map((c) => c.operation)).toEqual(['Zaloguj', 'DaneSzukajPodmioty']);
    } finally {
      gus.setNoDataForm('empty');
    }
  });

  it("refuses with GUS's own message for another ErrorCode, never a company without a name", async () => {
    const client = createGusClient({ url: gus.url, key: gus.key });
    gus.failSearch('7740001454', '2', 'Do metody przekazano nieprawidłową liczbę identyfikatorów.');
    const error = await client.findByNip('7740001454').catch((e) => e);
    expect(error).toBeInstanceOf(IntegrationError);
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('GUS (REGON): Do metody przekazano nieprawidłową liczbę identyfikatorów.');
  });

  it('answers the company with its status unknown when the full report fails', async () => {
    const client = createGusClient({ url: gus.url, key: gus.key });
    gus.failReports(true);
    try {
      expect(await client.findByNip('7792433421')).toMatchObject({
        regon: '302125478',
        name: 'ZAWIESZONY TRANSPORT JAN KOWALSKI',
        status: 'nieznany',
        endedOn: null,
      });
    } finally {
      gus.failReports(false);
    }
  });

  it('reads a suspended and an ended activity with their dates', async () => {
    const client = createGusClient({ url: gus.url, key: gus.key });
    expect(await client.findByNip('7792433421')).toMatchObject({ status: 'zawieszona', endedOn: '2026-03-01' });
    expect(await client.findByNip('1132622472')).toMatchObject({ status: 'wykreślona', endedOn: '2025-06-30' });
  });

  it('logs in again once when GUS says the session expired (KomunikatKod 7)', async () => {
    const client = createGusClient({ url: gus.url, key: gus.key });
    await client.findByNip('5261040828');
    gus.expireSessions();
    const before = gus.calls.length;
    expect((await client.findByNip('5261040828'))?.regon).toBe('000331501');
    const ops = gus.calls.slice(before).map((c) => c.operation);
    expect(ops.slice(0, 4)).toEqual(['DaneSzukajPodmioty', 'GetValue', 'Zaloguj', 'DaneSzukajPodmioty']);
  });

  it('without a key says it is not configured; an unreachable GUS is unavailable', async () => {
    const noKey = createGusClient({ url: gus.url, key: undefined });
    await expect(noKey.findByNip('5261040828')).rejects.toMatchObject({ kind: 'not_configured' });
    const away = createGusClient({ url: `http://127.0.0.1:${await freePort()}/x`, key: 'k', timeoutMs: 1000 });
    const error = await away.findByNip('5261040828').catch((e) => e);
    expect(error).toBeInstanceOf(IntegrationError);
    expect(error.kind).toBe('unavailable');
  });
});
