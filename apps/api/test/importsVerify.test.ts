import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGus, startFakeGus } from './gusFake.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { multipart } from './portalHelpers.ts';
import { type FakeVies, startFakeVies } from './viesFake.ts';
import { type FakeWhitelist, startFakeWhitelist } from './whitelistFake.ts';

type VerifyCounts = { pending: number; ok: number; failed: number; unavailable: number; skipped: number };

/** Issue 36: 'Zweryfikuj zaimportowanych' — the imported parties queued for GUS, VIES and the white list. */
describe.each(dbKinds)('verifying imported parties on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let gus: FakeGus;
  let vies: FakeVies;
  let wl: FakeWhitelist;

  const api = (method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(token),
      ...(payload ? { payload: payload as object } : {}),
    });
  const state = async (uuid: string) =>
    (await api('GET', `/api/imports/${uuid}`)).json() as {
      state: string;
      verifyState: string | null;
      verifyNote: string | null;
      verifyCounts: VerifyCounts | null;
      createdParties?: number | null;
    };

  /** A file uploaded as the screen sends it: the answer (uuid, proposed mapping, …). */
  const upload = async (what: string, name: string, csv: string) => {
    const body = multipart({ kind: what }, { name, data: Buffer.from(csv) });
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { ...bearer(token), ...body.headers },
    });
    expect(up.statusCode, up.body).toBe(201);
    return up.json();
  };

  beforeAll(async () => {
    [gus, vies, wl] = await Promise.all([startFakeGus(), startFakeVies(), startFakeWhitelist()]);
    t = await createTestApp(kind, {
      GUS_API_URL: gus.url,
      GUS_API_KEY: gus.key,
      VIES_API_URL: vies.url,
      WL_API_URL: wl.url,
    });
    token = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([gus.close(), vies.close(), wl.close()]);
  });

  it('checks each imported party once, waits for the next day at the white list limit, then goes on', async () => {
    const csv = [
      'Nazwa firmy;NIP;Kraj',
      'Trans-Pol;5261040828;PL',
      'Zawieszony Transport;7792433421;PL',
      'Bez NIP-u;;PL',
      'Trans-Pol bis;PL 526-104-08-28;PL',
    ].join('\n');
    const up = await upload('carriers', 'do-weryfikacji.csv', csv);
    const uuid = up.uuid as string;
    expect((await api('POST', `/api/imports/${uuid}/verify`)).statusCode).toBe(409);
    await api('POST', `/api/imports/${uuid}/run`);
    await t.app.imports.idle();

    // The white list refuses: the queue waits (until tomorrow), the rows stay pending.
    wl.setSearchLimit(0);
    const queued = await api('POST', `/api/imports/${uuid}/verify`);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().queued).toBe(3);
    await t.app.imports.idle();
    const waiting = await state(uuid);
    expect(waiting.verifyState).toBe('queued');
    expect(waiting.verifyNote).toBeTruthy();
    expect(waiting.verifyCounts?.pending).toBe(3);

    // The next day (the limit lifted): the queue resumes where it stopped.
    wl.setSearchLimit(Number.POSITIVE_INFINITY);
    await t.database.db.execute(`UPDATE data_imports SET verify_next_at = now() WHERE uuid = '${uuid}'` as never);
    await t.app.imports.idle();
    const done = await state(uuid);
    expect(done.verifyState).toBe('done');
    expect(done.verifyCounts).toMatchObject({ pending: 0, skipped: 1 });
    expect((done.verifyCounts?.ok ?? 0) + (done.verifyCounts?.failed ?? 0)).toBe(2);
    const carriers = (await api('GET', '/api/carriers?pagination=false')).json()['hydra:member'] as {
      uuid: string;
      nip: string;
      vatStatus: string | null;
    }[];
    const transPol = carriers.find((c) => c.nip === '5261040828');
    expect(transPol?.vatStatus).toBe('Czynny');
    const checks = (await api('GET', `/api/carriers/${transPol?.uuid}/verifications`)).json()['hydra:member'] as {
      source: string;
    }[];
    expect(checks.map((c) => c.source).sort()).toEqual(['gus', 'whitelist']);
  }, 60_000);

  it('queues the customers and carriers an orders import created from its rows, and only those', async () => {
    // A customer that is there before the import: found by its NIP, neither created nor queued.
    const known = await api('POST', '/api/customers', { name: 'Znany Klient', nip: '7792433421', country: 'PL' });
    expect(known.statusCode, known.body).toBe(201);
    const csv = [
      'Nr zlecenia;Klient;NIP klienta;Przewoźnik;NIP przewoźnika;Data załadunku;Cena klienta;Waluta ceny klienta',
      '1/05/2024;Nowy Klient z Zlecenia;5261040828;Przewoźnik z Zlecenia;;02.05.2024;1 000,00;PLN',
      '2/05/2024;Znany Klient;7792433421;Przewoźnik z Zlecenia;;03.05.2024;2 000,00;PLN',
      '3/05/2024;Nowy Klient z Zlecenia;5261040828;;;04.05.2024;3 000,00;PLN',
    ].join('\n');
    const up = await upload('orders', 'zlecenia-weryfikacja.csv', csv);
    const uuid = up.uuid as string;
    const mapped = await api('PUT', `/api/imports/${uuid}/mapping`, {
      mapping: up.proposedMapping,
      duplicates: 'skip',
      createMissingParties: true,
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    await api('POST', `/api/imports/${uuid}/run`);
    await t.app.imports.idle();
    const ran = await state(uuid);
    expect(ran.state).toBe('done');
    // One customer (its two rows make it once) and one carrier were created; the known customer was found.
    expect(ran.createdParties).toBe(2);

    wl.setSearchLimit(Number.POSITIVE_INFINITY);
    const queued = await api('POST', `/api/imports/${uuid}/verify`);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().queued).toBe(2);
    await t.app.imports.idle();
    const done = await state(uuid);
    expect(done.verifyState).toBe('done');
    // The carrier has no NIP (skipped); the customer's NIP went to GUS and the white list.
    expect(done.verifyCounts).toMatchObject({ pending: 0, skipped: 1 });
    expect((done.verifyCounts?.ok ?? 0) + (done.verifyCounts?.failed ?? 0)).toBe(1);
    const customers = (await api('GET', '/api/customers?pagination=false')).json()['hydra:member'] as {
      uuid: string;
      nip: string;
    }[];
    const created = customers.find((c) => c.nip === '5261040828');
    const checks = (await api('GET', `/api/customers/${created?.uuid}/verifications`)).json()['hydra:member'] as {
      source: string;
    }[];
    expect(checks.map((c) => c.source).sort()).toEqual(['gus', 'whitelist']);
    const knownChecks = (await api('GET', `/api/customers/${known.json().uuid}/verifications`)).json()[
      'hydra:member'
    ] as unknown[];
    expect(knownChecks).toHaveLength(0);
    // Asked again: nothing new to queue.
    expect((await api('POST', `/api/imports/${uuid}/verify`)).json().queued).toBe(0);
  }, 60_000);
});
