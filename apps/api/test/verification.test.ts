import { verificationMessages as vm } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carriers, tasks, whitelistDailyCounter } from '../src/db/schema/index.ts';
import { createGusClient } from '../src/integrations/gus/http.ts';
import { createViesClient } from '../src/integrations/vies/http.ts';
import { createWhitelistClient } from '../src/integrations/whitelist/http.ts';
import { recheckCarriersWithUnpaidOrders } from '../src/modules/verification/recheck.ts';
import { createExpiryReminders } from '../src/modules/verification/reminders.ts';
import { warsawDay } from '../src/warsawDay.ts';
import { orderOf, queryOf } from './fixtures.ts';
import { type FakeGus, startFakeGus } from './gusFake.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { type FakeVies, startFakeVies } from './viesFake.ts';
import { type FakeWhitelist, startFakeWhitelist } from './whitelistFake.ts';

const ON_LIST = '61109010140000071219812874';
const OFF_LIST = '10105000997603123456789123';

describe.each(dbKinds)('verification of parties on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let gus: FakeGus;
  let vies: FakeVies;
  let wl: FakeWhitelist;
  const api = (method: string, url: string, payload?: unknown, as = token) =>
    t.app.inject({ method: method as 'GET', url, payload: payload as object, headers: bearer(as) });
  const carrier = async (fields: Record<string, unknown>) => {
    const res = await api('POST', '/api/carriers', { companyName: 'Przewoźnik', country: 'PL', ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
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

  it('answers company data by NIP from GUS; unknown NIP 404, malformed 400, in Polish', async () => {
    const res = await api('GET', '/api/registry/company?nip=PL 526-104-08-28');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nip: '5261040828',
      regon: '000331501',
      name: 'TRANS-POL SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
      street: 'ul. Test-Krucza 208/4',
      postalCode: '00-950',
      city: 'Warszawa',
      status: 'aktywna',
      endedOn: null,
      source: 'GUS',
    });
    const unknown = await api('GET', '/api/registry/company?nip=9542751368');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(vm.gusNotFound);
    const bad = await api('GET', '/api/registry/company?nip=1234567890');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(vm.nipInvalid);
  });

  it('without a GUS key says how to get one (409); a register that does not answer is a 503 naming it', async () => {
    // The test configuration's registers: no GUS key, every URL a closed local port.
    const offline = await createTestApp(kind);
    try {
      const admin = await offline.login();
      const ask = (method: 'GET' | 'POST', url: string, payload?: object) =>
        offline.app.inject({ method, url, payload, headers: bearer(admin) });
      const res = await ask('GET', '/api/registry/company?nip=5261040828');
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(vm.gusNoKey);
      const c = (await ask('POST', '/api/carriers', { companyName: 'Offline', nip: '5261040828' })).json();
      const wlDown = await ask('POST', `/api/carriers/${c.uuid}/verify`, { source: 'whitelist' });
      expect(wlDown.statusCode).toBe(503);
      expect(wlDown.json().detail).toContain('Biała lista');
    } finally {
      await offline.close();
    }
  }, 60_000);

  it('verifies a carrier in GUS, keeps the check in its history, and a suspended company clears it', async () => {
    const c = await carrier({ nip: '5261040828' });
    expect(c.verificationStatus).toBe('niezweryfikowany');
    const res = await api('POST', `/api/carriers/${c.uuid}/verify`, { source: 'gus' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      source: 'gus',
      outcome: 'ok',
      proofId: '000331501',
      checkedBy: expect.any(String),
      details: { name: 'TRANS-POL SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ', status: 'aktywna' },
    });
    const after = (await api('GET', `/api/carriers/${c.uuid}`)).json();
    expect(after.registryStatus).toBe('aktywna');
    expect(after.verifiedAt).toEqual(expect.any(String));
    const history = (await api('GET', `/api/carriers/${c.uuid}/verifications`)).json();
    expect(history['hydra:totalItems']).toBe(1);
    expect(history['hydra:member'][0]).toMatchObject({ source: 'gus', outcome: 'ok', asked: { nip: '5261040828' } });

    const suspended = await carrier({ nip: '7792433421' });
    const s = await api('POST', `/api/carriers/${suspended.uuid}/verify`, { source: 'gus' });
    expect(s.json()).toMatchObject({ outcome: 'failed', details: { status: 'zawieszona', endedOn: '2026-03-01' } });
    const read = (await api('GET', `/api/carriers/${suspended.uuid}`)).json();
    expect(read.verifiedAt).toBeNull();
    expect(read.registryStatus).toBe('zawieszona');
  });

  it("checks an EU customer in VIES: valid with name and consultation number, invalid, and a member state that is down is 'unavailable'", async () => {
    const valid = (
      await api('POST', '/api/customers', { companyName: 'Müller', country: 'DE', nip: 'DE123456789' })
    ).json();
    const res = await api('POST', `/api/customers/${valid.uuid}/verify`, { source: 'vies' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      outcome: 'ok',
      proofId: expect.stringMatching(/^WAPI/),
      details: { state: 'valid', name: 'Spedition Müller GmbH' },
    });
    expect(vies.requests.at(-1)).toMatchObject({ requesterMemberStateCode: 'PL', requesterNumber: '5260250274' });
    expect((await api('GET', `/api/customers/${valid.uuid}`)).json().verificationStatus).toBe('zweryfikowany');

    const invalid = (
      await api('POST', '/api/customers', { companyName: 'Fake', country: 'DE', nip: 'DE999999999' })
    ).json();
    expect((await api('POST', `/api/customers/${invalid.uuid}/verify`, { source: 'vies' })).json()).toMatchObject({
      outcome: 'failed',
      details: { state: 'invalid' },
    });
    const down = (
      await api('POST', '/api/customers', { companyName: 'Société', country: 'FR', nip: 'FR12345678901' })
    ).json();
    const d = (await api('POST', `/api/customers/${down.uuid}/verify`, { source: 'vies' })).json();
    expect(d).toMatchObject({
      outcome: 'unavailable',
      warning: vm.viesUnavailable,
      details: { error: 'MS_UNAVAILABLE' },
    });
    expect((await api('GET', `/api/customers/${down.uuid}`)).json().verificationStatus).toBe('niezweryfikowany');
    // A Polish NIP is not a VIES question.
    const polish = await carrier({ nip: '1132622472' });
    expect((await api('POST', `/api/carriers/${polish.uuid}/verify`, { source: 'vies' })).statusCode).toBe(422);
  });

  it('reads the VAT status and the accounts from the white list, reuses the answer the same day and counts searches', async () => {
    const c =
      (await api('GET', '/api/carriers?nip=5261040828')).json()['hydra:member'][0] ??
      (await carrier({ nip: '5261040828' }));
    const before = wl.requests.length;
    const res = await api('POST', `/api/carriers/${c.uuid}/verify`, { source: 'whitelist' });
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json();
    expect(first).toMatchObject({
      source: 'whitelist',
      outcome: 'ok',
      proofId: expect.any(String),
      details: { statusVat: 'Czynny', accountNumbers: [ON_LIST, '27114020040000300201355387'] },
    });
    expect(wl.requests.at(-1)).toBe(`/api/search/nip/5261040828?date=${warsawDay()}`);
    const read = (await api('GET', `/api/carriers/${c.uuid}`)).json();
    expect(read.vatStatus).toBe('Czynny');
    expect(read.vatStatusCheckedAt).toEqual(expect.any(String));
    // The same question today: the stored answer, no new search.
    const again = await api('POST', `/api/carriers/${c.uuid}/verify`, { source: 'whitelist' });
    expect(again.statusCode).toBe(200);
    expect(again.json().uuid).toBe(first.uuid);
    expect(wl.requests.length).toBe(before + 1);
    const [counter] = await t.database.db
      .select()
      .from(whitelistDailyCounter)
      .where(eq(whitelistDailyCounter.day, warsawDay()));
    expect(counter?.searches).toBe(1);
  });

  it('says the daily limit is near instead of asking the list, and passes on the list refusing a NIP', async () => {
    const setSearches = (searches: number) =>
      t.database.db
        .insert(whitelistDailyCounter)
        .values({ day: warsawDay(), searches })
        .onConflictDoUpdate({ target: whitelistDailyCounter.day, set: { searches } });
    await setSearches(9);
    const c =
      (await api('GET', '/api/carriers?nip=7792433421')).json()['hydra:member'][0] ??
      (await carrier({ nip: '7792433421' }));
    const asked = wl.requests.length;
    const res = await api('POST', `/api/carriers/${c.uuid}/verify`, { source: 'whitelist' });
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toBe(vm.whitelistLimitNear(9, 10));
    expect(wl.requests.length).toBe(asked);
    await setSearches(0);
    wl.setSearchLimit(0);
    const limited = await api('POST', `/api/carriers/${c.uuid}/verify`, { source: 'whitelist' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toBe(vm.whitelistLimit);
    wl.setSearchLimit(Number.POSITIVE_INFINITY);
    const ok = await api('POST', `/api/carriers/${c.uuid}/verify`, { source: 'whitelist' });
    expect(ok.json().details.statusVat).toBe('Zwolniony');
  });

  it('keeps bank accounts as NRB digits (IBAN with PL and spaces accepted) and refuses a wrong one', async () => {
    const c = await carrier({ nip: '9542751368', bankAccounts: ['PL61 1090 1014 0000 0712 1981 2874', OFF_LIST] });
    expect(c.bankAccounts).toEqual([ON_LIST, OFF_LIST]);
    const bad = await api('PUT', `/api/carriers/${c.uuid}`, { bankAccounts: ['61109010140000071219812875'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations[0]).toMatchObject({ propertyPath: 'bankAccounts.0', message: vm.accountInvalid });
  });

  it('keeps an order carrier account and cargo value', async () => {
    const customer = (await api('POST', '/api/customers', { companyName: 'Klient K' })).json();
    const o = await api(
      'POST',
      '/api/orders',
      orderOf(customer['@id'], { carrierBankAccount: ON_LIST, cargoValue: 5000000 }),
    );
    expect(o.statusCode, o.body).toBe(201);
    expect(o.json()).toMatchObject({ carrierBankAccount: ON_LIST, cargoValue: 5000000, cargoValueCurrency: 'pln' });
  });

  describe('paying a carrier', () => {
    let payee: { '@id': string; uuid: string };
    let customerIri: string;
    let userToken: string;
    const order = async (fields: Record<string, unknown>) => {
      const res = await api(
        'POST',
        '/api/orders',
        // Domestic (23 % VAT on the freight) unless a test says otherwise.
        orderOf(customerIri, {
          carrier: payee['@id'],
          carrierPrice: 2_000_000,
          unloadingCity: 'Warszawa',
          unloadingCountry: 'PL',
          ...fields,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const history = async (uuid = payee.uuid) =>
      (await api('GET', `/api/carriers/${uuid}/verifications`)).json()['hydra:member'];

    beforeAll(async () => {
      payee =
        (await api('GET', '/api/carriers?nip=5261040828')).json()['hydra:member'][0] ??
        (await carrier({ nip: '5261040828' }));
      customerIri = (await api('POST', '/api/customers', { companyName: 'Płacący klient' })).json()['@id'];
      await api('POST', '/api/users', {
        login: 'dyspozytorka',
        name: 'Dyspozytorka',
        plainPassword: 'haslo-dysp-123',
        roles: ['ROLE_USER'],
      });
      userToken = await t.login('dyspozytorka', 'haslo-dysp-123');
    });

    it('checks the account on the white list and keeps its requestId as the proof naming the order', async () => {
      const o = await order({ carrierBankAccount: ON_LIST });
      const before = wl.requests.length;
      const res = await api('PUT', `/api/orders/${o.uuid}`, { carrierPaid: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().carrierPaid).toBe(true);
      expect(wl.requests.at(-1)).toBe(`/api/check/nip/5261040828/bank-account/${ON_LIST}?date=${warsawDay()}`);
      const [proof] = await history();
      expect(proof).toMatchObject({
        source: 'whitelist',
        outcome: 'ok',
        proofId: expect.any(String),
        order: o['@id'],
        orderNumber: o.number,
        details: { accountAssigned: 'TAK' },
        asked: { nip: '5261040828', account: ON_LIST, amountGrossPln: 2_460_000 },
      });
      // The same NIP and account again today: the stored answer, no new question to the list.
      const second = await order({ carrierBankAccount: ON_LIST });
      expect((await api('PUT', `/api/orders/${second.uuid}`, { carrierPaid: true })).statusCode).toBe(200);
      expect(wl.requests.length).toBe(before + 1);
      expect((await history())[0]).toMatchObject({ proofId: proof.proofId, order: second['@id'] });
    });

    it('refuses over 15 000 zł gross to an account off the list (409 whitelist_unconfirmed) until an admin confirms with a reason', async () => {
      const o = await order({ carrierBankAccount: OFF_LIST });
      const refused = await api('PUT', `/api/orders/${o.uuid}`, { carrierPaid: true });
      expect(refused.statusCode).toBe(409);
      // Says what is refused and why, in the words the notice shows after 'Szczegóły:'.
      expect(refused.json()).toMatchObject({ code: 'whitelist_unconfirmed', detail: vm.whitelistRefused });
      expect(vm.whitelistRefused).toBe(
        'Konto spoza białej listy VAT — zapłata powyżej 15 000 zł brutto wymaga uzasadnienia administratora',
      );
      expect((await api('GET', `/api/orders/${o.uuid}`)).json().carrierPaid).toBe(false);
      // The history's row of the refusal names the account that was refused.
      expect((await history())[0]).toMatchObject({
        outcome: 'failed',
        order: o['@id'],
        account: OFF_LIST,
        details: { accountAssigned: 'NIE' },
      });
      // A dispatcher cannot confirm it.
      const user = await api(
        'PUT',
        `/api/orders/${o.uuid}`,
        { carrierPaid: true, whitelistOverride: { reason: 'Przewoźnik potwierdził rachunek' } },
        userToken,
      );
      expect(user.statusCode).toBe(403);
      expect((await api('GET', `/api/orders/${o.uuid}`)).json().carrierPaid).toBe(false);
      const confirmed = await api('PUT', `/api/orders/${o.uuid}`, {
        carrierPaid: true,
        whitelistOverride: { reason: 'Przewoźnik potwierdził rachunek telefonicznie' },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().carrierPaid).toBe(true);
      expect((await history())[0]).toMatchObject({
        outcome: 'failed',
        order: o['@id'],
        overrideReason: 'Przewoźnik potwierdził rachunek telefonicznie',
        checkedBy: expect.any(String),
      });
    });

    it('below the threshold pays with a warning; EUR counts at the order rate; a Polish carrier without an account is unconfirmed', async () => {
      const small = await order({ carrierBankAccount: OFF_LIST, carrierPrice: 1_000_000 });
      const res = await api('PUT', `/api/orders/${small.uuid}`, { carrierPaid: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().paymentWarning).toBe(vm.whitelistUnconfirmedBelow);
      // 3 000 EUR × 4,30 × 1,23 = 15 867 zł gross: above.
      const eur = await order({
        carrierBankAccount: OFF_LIST,
        carrierPrice: 300_000,
        carrierPriceCurrency: 'eur',
        euroExchangeRate: 430,
      });
      expect((await api('PUT', `/api/orders/${eur.uuid}`, { carrierPaid: true })).statusCode).toBe(409);
      // The same to Berlin is an international transport, 0 % VAT: 12 900 zł gross, below.
      const abroad = await order({
        carrierBankAccount: OFF_LIST,
        carrierPrice: 300_000,
        carrierPriceCurrency: 'eur',
        euroExchangeRate: 430,
        unloadingCity: 'Berlin',
        unloadingCountry: 'DE',
      });
      const paidAbroad = await api('PUT', `/api/orders/${abroad.uuid}`, { carrierPaid: true });
      expect(paidAbroad.statusCode).toBe(200);
      expect(paidAbroad.json().paymentWarning).toBe(vm.whitelistUnconfirmedBelow);
      const noAccount = await order({ carrierBankAccount: null });
      const r = await api('PUT', `/api/orders/${noAccount.uuid}`, { carrierPaid: true });
      expect(r.statusCode).toBe(409);
      expect((await history())[0]).toMatchObject({ outcome: 'failed', details: { reason: 'brak rachunku' } });
    });

    it("the payments cockpit's mark-paid goes through the same check", async () => {
      const o = await order({ carrierBankAccount: OFF_LIST });
      const refused = await api('POST', `/api/payments/${o.uuid}/paid`, { side: 'carrier' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'whitelist_unconfirmed', detail: vm.whitelistRefused });
      expect((await history())[0]).toMatchObject({ outcome: 'failed', account: OFF_LIST, order: o['@id'] });
      const ok = await api('POST', `/api/payments/${o.uuid}/paid`, {
        side: 'carrier',
        whitelistOverride: { reason: 'Rachunek potwierdzony pisemnie' },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await history())[0]).toMatchObject({ overrideReason: 'Rachunek potwierdzony pisemnie', order: o['@id'] });
    });

    it('POST /api/carrier_payments goes through the same check: 409 until an admin gives a reason, a dispatcher 403, the proof kept', async () => {
      const o = await order({ carrierBankAccount: OFF_LIST });
      const payment = { order: o['@id'], date: warsawDay(), amount: 2_000_000 };
      const paid = async () =>
        (await api('GET', `/api/carrier_payments?order.uuid=${o.uuid}`)).json()['hydra:member'].length;
      const refused = await api('POST', '/api/carrier_payments', payment);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'whitelist_unconfirmed', detail: vm.whitelistRefused });
      expect(await paid()).toBe(0);
      expect((await history())[0]).toMatchObject({ outcome: 'failed', order: o['@id'], overrideReason: null });
      const override = { whitelistOverride: { reason: 'Rachunek potwierdzony w umowie' } };
      const user = await api('POST', '/api/carrier_payments', { ...payment, ...override }, userToken);
      expect(user.statusCode).toBe(403);
      expect(await paid()).toBe(0);
      const ok = await api('POST', '/api/carrier_payments', { ...payment, ...override });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().warning).toBe(vm.whitelistUnconfirmed);
      expect(await paid()).toBe(1);
      expect((await api('GET', `/api/orders/${o.uuid}`)).json().carrierPaid).toBe(true);
      expect((await history())[0]).toMatchObject({ overrideReason: 'Rachunek potwierdzony w umowie', order: o['@id'] });
      // An account on the list: booked without a reason, the list's requestId the proof.
      const listed = await order({ carrierBankAccount: ON_LIST });
      const booked = await api('POST', '/api/carrier_payments', { ...payment, order: listed['@id'] });
      expect(booked.statusCode, booked.body).toBe(201);
      expect(booked.json().warning).toBeUndefined();
      expect((await history())[0]).toMatchObject({ outcome: 'ok', order: listed['@id'], proofId: expect.any(String) });
    });
  });

  describe('verification status and OCP', () => {
    const daysFromToday = (days: number) => {
      const d = new Date(`${warsawDay()}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };
    const setSetting = (key: string, value: string) => api('PUT', `/api/settings/${key}`, { value });

    it("is 'zweryfikowany' after GUS, an active VAT status and a valid OCP; 'wygasla' after verificationValidDays; the list filters by it in SQL", async () => {
      const c = await carrier({ nip: '5261040828', companyName: 'Status' }).catch(
        async () => (await api('GET', '/api/carriers?nip=5261040828')).json()['hydra:member'][0],
      );
      await api('PUT', `/api/carriers/${c.uuid}`, { ocpValidTo: daysFromToday(200), ocpSum: 50_000_000 });
      await api('POST', `/api/carriers/${c.uuid}/verify`, { source: 'gus' });
      await api('POST', `/api/carriers/${c.uuid}/verify`, { source: 'whitelist' });
      expect((await api('GET', `/api/carriers/${c.uuid}`)).json().verificationStatus).toBe('zweryfikowany');
      const listed = async (status: string) =>
        (await api('GET', `/api/carriers?verificationStatus=${status}&itemsPerPage=100`))
          .json()
          ['hydra:member'].map((m: { uuid: string }) => m.uuid);
      expect(await listed('zweryfikowany')).toContain(c.uuid);
      expect(await listed('niezweryfikowany')).not.toContain(c.uuid);
      // Without a valid OCP a carrier is not verified.
      await api('PUT', `/api/carriers/${c.uuid}`, { ocpValidTo: daysFromToday(-1) });
      expect((await api('GET', `/api/carriers/${c.uuid}`)).json().verificationStatus).toBe('niezweryfikowany');
      expect(await listed('niezweryfikowany')).toContain(c.uuid);
      await api('PUT', `/api/carriers/${c.uuid}`, { ocpValidTo: daysFromToday(200) });
      // An old check: expired after the setting's days.
      await setSetting('verificationValidDays', '1');
      await t.database.db
        .update(carriers)
        .set({ verifiedAt: new Date(Date.now() - 5 * 86_400_000) })
        .where(eq(carriers.uuid, c.uuid));
      expect((await api('GET', `/api/carriers/${c.uuid}`)).json().verificationStatus).toBe('wygasla');
      expect(await listed('wygasla')).toContain(c.uuid);
      expect(await listed('zweryfikowany')).not.toContain(c.uuid);
      // The boundary, as the record's JSON reads it: a check on the first valid UTC day (its first minute) is
      // recent, one minute before that midnight is not — the list's range on the check's time agrees.
      const limitDay = new Date(`${warsawDay()}T00:00:00Z`);
      limitDay.setUTCDate(limitDay.getUTCDate() - 1);
      for (const [offset, status] of [
        [60_000, 'zweryfikowany'],
        [-60_000, 'wygasla'],
      ] as const) {
        await t.database.db
          .update(carriers)
          .set({ verifiedAt: new Date(limitDay.getTime() + offset) })
          .where(eq(carriers.uuid, c.uuid));
        expect((await api('GET', `/api/carriers/${c.uuid}`)).json().verificationStatus).toBe(status);
        expect(await listed(status)).toContain(c.uuid);
        expect(await listed(status === 'wygasla' ? 'zweryfikowany' : 'wygasla')).not.toContain(c.uuid);
      }
      expect((await api('GET', '/api/carriers?verificationStatus=maybe')).statusCode).toBe(400);
      await setSetting('verificationValidDays', '60');
      expect((await api('GET', `/api/carriers/${c.uuid}`)).json().verificationStatus).toBe('zweryfikowany');
    });

    it('with "only verified carriers" on, a dispatcher cannot save an order with an unverified carrier (422 naming why); an admin can with a reason', async () => {
      await api('POST', '/api/users', {
        login: 'dyspozytor2',
        name: 'Dyspozytor Dwa',
        plainPassword: 'haslo-dysp-456',
        roles: ['ROLE_USER'],
      });
      const user = await t.login('dyspozytor2', 'haslo-dysp-456');
      const unverified = await carrier({ nip: '2223334443', companyName: 'Nowy przewoźnik' });
      const customerIri = (await api('POST', '/api/customers', { companyName: 'Klient reguły' })).json()['@id'];
      expect((await setSetting('onlyVerifiedCarriers', 'tak')).statusCode).toBe(200);
      try {
        const refused = await api('POST', '/api/orders', orderOf(customerIri, { carrier: unverified['@id'] }), user);
        expect(refused.statusCode).toBe(422);
        expect(refused.json().violations[0]).toMatchObject({
          propertyPath: 'carrier',
          message: vm.carrierUnverified('brak sprawdzenia w GUS lub VIES'),
        });
        // Changing the carrier of an existing order is refused the same way.
        const plain = (await api('POST', '/api/orders', orderOf(customerIri), user)).json();
        expect((await api('PUT', `/api/orders/${plain.uuid}`, { carrier: unverified['@id'] }, user)).statusCode).toBe(
          422,
        );
        const sneaky = await api(
          'POST',
          '/api/orders',
          orderOf(customerIri, { carrier: unverified['@id'], carrierVerificationOverride: { reason: 'Znam go' } }),
          user,
        );
        expect(sneaky.statusCode).toBe(403);
        expect(
          (await api('POST', '/api/orders', orderOf(customerIri, { carrier: unverified['@id'] }))).statusCode,
        ).toBe(422);
        const admin = await api(
          'POST',
          '/api/orders',
          orderOf(customerIri, {
            carrier: unverified['@id'],
            carrierVerificationOverride: { reason: 'Stały partner, dokumenty w drodze' },
          }),
        );
        expect(admin.statusCode, admin.body).toBe(201);
        expect(admin.json().carrierVerificationOverride).toBe('Stały partner, dokumenty w drodze');
        expect(admin.json().warnings).toContainEqual({
          code: 'carrier_unverified',
          message: vm.carrierNotVerified('brak sprawdzenia w GUS lub VIES'),
        });
      } finally {
        await setSetting('onlyVerifiedCarriers', 'nie');
      }
    });

    it('with "only verified carriers" on, converting a query whose offer has an unverified carrier is refused for a dispatcher (the same 422); an admin converts with a reason', async () => {
      await api('POST', '/api/users', {
        login: 'dyspozytor3',
        name: 'Dyspozytor Trzy',
        plainPassword: 'haslo-dysp-789',
        roles: ['ROLE_USER'],
      });
      const user = await t.login('dyspozytor3', 'haslo-dysp-789');
      const unverified = await carrier({ nip: '1132853869', companyName: 'Przewoźnik z oferty' });
      const customerIri = (await api('POST', '/api/customers', { companyName: 'Klient zapytania' })).json()['@id'];
      const query = async () => {
        const q = await api('POST', '/api/queries', queryOf(customerIri), user);
        expect(q.statusCode, q.body).toBe(201);
        const offer = await api('POST', '/api/offers', {
          query: q.json()['@id'],
          carrier: unverified['@id'],
          price: 150_000,
        });
        expect(offer.statusCode, offer.body).toBe(201);
        return { uuid: q.json().uuid as string, offer: offer.json()['@id'] as string };
      };
      const q = await query();
      const convert = (body: object, as = token, uuid = q.uuid) =>
        api('POST', `/api/queries/${uuid}/changeType`, body, as);
      expect((await setSetting('onlyVerifiedCarriers', 'tak')).statusCode).toBe(200);
      try {
        const refused = await convert({ offer: q.offer }, user);
        expect(refused.statusCode).toBe(422);
        expect(refused.json().violations[0]).toMatchObject({
          propertyPath: 'carrier',
          message: vm.carrierUnverified('brak sprawdzenia w GUS lub VIES'),
        });
        // The best offer (none named) is held to the same rule; a dispatcher's reason is not enough.
        expect((await convert({}, user)).statusCode).toBe(422);
        expect((await convert({ carrierVerificationOverride: { reason: 'Znam go' } }, user)).statusCode).toBe(403);
        expect((await convert({ carrierVerificationOverride: { reason: 'x' } })).statusCode).toBe(422);
        expect((await api('GET', `/api/queries/${q.uuid}`)).json().status).toBe('aktywne');
        const admin = await convert({
          offer: q.offer,
          carrierVerificationOverride: { reason: 'Sprawdzony telefonicznie' },
        });
        expect(admin.statusCode, admin.body).toBe(200);
        expect(admin.json()).toMatchObject({
          carrier: { '@id': unverified['@id'] },
          carrierVerificationOverride: 'Sprawdzony telefonicznie',
        });
        // An admin without a reason is refused as on an order's save.
        expect((await convert({}, token, (await query()).uuid)).statusCode).toBe(422);
      } finally {
        await setSetting('onlyVerifiedCarriers', 'nie');
      }
      // With the setting off the rule does not apply.
      const off = await convert({}, user, (await query()).uuid);
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().carrierVerificationOverride).toBeNull();
    });

    it("warns on the order when the carrier's OCP has ended, ends before unloading, or its sum is below the cargo value", async () => {
      const c = await carrier({
        nip: '7740001454',
        companyName: 'OCP',
        ocpSum: 10_000_000,
        ocpValidTo: daysFromToday(-3),
      });
      const customerIri = (await api('POST', '/api/customers', { companyName: 'Klient OCP' })).json()['@id'];
      const codes = (o: { warnings: { code: string }[] }) => o.warnings.map((w) => w.code);
      const expired = (await api('POST', '/api/orders', orderOf(customerIri, { carrier: c['@id'] }))).json();
      expect(codes(expired)).toContain('ocp_expired');
      expect(expired.warnings[0].message).toBe('OCP wygasło');
      await api('PUT', `/api/carriers/${c.uuid}`, { ocpValidTo: daysFromToday(5) });
      const later = daysFromToday(10);
      const before = await api(
        'POST',
        '/api/orders',
        orderOf(customerIri, { carrier: c['@id'], loadingDate: later, unloadingDate: later, cargoValue: 20_000_000 }),
      );
      expect(before.statusCode, before.body).toBe(201);
      const w = before.json().warnings;
      const [y, m, d] = daysFromToday(5).split('-');
      expect(w).toContainEqual({ code: 'ocp_expires_before_unloading', message: `OCP wygasa ${d}/${m}/${y}` });
      expect(w).toContainEqual({ code: 'ocp_sum_too_low', message: 'Suma OCP niższa niż wartość towaru' });
      const read = (await api('GET', `/api/orders/${before.json().uuid}`)).json();
      expect(codes(read)).toEqual(expect.arrayContaining(['ocp_expires_before_unloading', 'ocp_sum_too_low']));
    });

    it("makes the carrier's owner one task 14 days before its OCP or licence ends, however often it runs", async () => {
      const c = await carrier({
        nip: '9542751368',
        companyName: 'Kończąca się polisa',
        ocpValidTo: daysFromToday(10),
        licenceValidTo: daysFromToday(30),
      }).catch(async () => {
        const found = (await api('GET', '/api/carriers?nip=9542751368')).json()['hydra:member'][0];
        await api('PUT', `/api/carriers/${found.uuid}`, {
          companyName: 'Kończąca się polisa',
          ocpValidTo: daysFromToday(10),
          licenceValidTo: daysFromToday(30),
        });
        return found;
      });
      const mine = async () =>
        (await t.database.db.select().from(tasks)).filter((task) => task.comment?.includes('Kończąca się polisa'));
      await createExpiryReminders(t.database.db);
      await createExpiryReminders(t.database.db);
      const made = await mine();
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({
        comment: 'Poproś o nową polisę OCP: Kończąca się polisa',
        drawerNotification: true,
        telegramNotification: true,
      });
      expect(made[0]?.userId).toEqual(expect.any(Number));
      // A new policy end: a new reminder when it comes near.
      await api('PUT', `/api/carriers/${c.uuid}`, { ocpValidTo: daysFromToday(12) });
      await createExpiryReminders(t.database.db);
      expect(await mine()).toHaveLength(2);
    });

    it('re-checks the carriers with unpaid orders in one search of many NIPs and flags a changed account', async () => {
      const customerIri = (await api('POST', '/api/customers', { companyName: 'Klient nocny' })).json()['@id'];
      const flaggedOne =
        (await api('GET', '/api/carriers?nip=5261040828')).json()['hydra:member'][0] ??
        (await carrier({ nip: '5261040828' }));
      await api('PUT', `/api/carriers/${flaggedOne.uuid}`, { bankAccounts: [ON_LIST, OFF_LIST] });
      await api('POST', '/api/orders', orderOf(customerIri, { carrier: flaggedOne['@id'] }));
      const before = wl.requests.length;
      await t.database.db.delete(whitelistDailyCounter);
      const registers = {
        gus: createGusClient({ url: gus.url, key: gus.key }),
        vies: createViesClient({ url: vies.url }),
        whitelist: createWhitelistClient({ url: wl.url }),
      };
      expect(await recheckCarriersWithUnpaidOrders(t.database.db, registers)).toBeGreaterThanOrEqual(1);
      const asked = wl.requests.slice(before);
      expect(asked.every((u) => u.startsWith('/api/search/nips/'))).toBe(true);
      expect(asked[0]).toContain('5261040828');
      const [last] = (await api('GET', `/api/carriers/${flaggedOne.uuid}/verifications`)).json()['hydra:member'];
      expect(last).toMatchObject({
        outcome: 'failed',
        asked: { kind: 'bulk' },
        details: { changes: [`rachunek ${OFF_LIST} nie figuruje na białej liście`] },
      });
    });
  });

  describe("'Pobierz z GUS' saved with the form, and 'Sprawdź w GUS'", () => {
    const company = (nip: string, name: string) =>
      gus.add({
        Regon: `0${nip.slice(0, 8)}`,
        Nip: nip,
        Nazwa: name,
        Miejscowosc: 'Gniezno',
        KodPocztowy: '62200',
        Ulica: 'ul. Składowa',
        NrNieruchomosci: '3',
        Typ: 'P',
        SilosID: '6',
      });
    const lookup = async (nip: string, as = token) => {
      const res = await api('GET', `/api/registry/company?nip=${nip}`, undefined, as);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { lookup: string; checkedAt: string; regon: string };
    };
    const checks = async (uuid: string) =>
      (await api('GET', `/api/carriers/${uuid}/verifications`)).json()['hydra:member'] as {
        source: string;
        outcome: string;
        checkedAt: string;
        proofId: string | null;
      }[];

    it("records the look-up as the carrier's GUS check when it is saved, at the look-up's time; verified with the white list and an OCP", async () => {
      company('9458073026', 'GNIEŹNIEŃSKI TRANSPORT SP. Z O.O.');
      wl.add({ nip: '9458073026', name: 'GNIEŹNIEŃSKI TRANSPORT SP. Z O.O.', statusVat: 'Czynny', accountNumbers: [] });
      const found = await lookup('9458073026');
      expect(found.lookup).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
      const c = await carrier({
        companyName: 'GNIEŹNIEŃSKI TRANSPORT SP. Z O.O.',
        nip: '9458073026',
        registryLookup: found.lookup,
      });
      // The answer of the save already says verified by GUS (the form's next save must not be a 412).
      expect(c.verifiedAt).toBe(found.checkedAt);
      expect(c.registryStatus).toBe('aktywna');
      expect((await api('GET', `/api/carriers/${c.uuid}`)).json().version).toBe(c.version);
      const [gusCheck] = await checks(c.uuid);
      expect(gusCheck).toMatchObject({
        source: 'gus',
        outcome: 'ok',
        checkedAt: found.checkedAt,
        proofId: found.regon,
      });
      // Used once: the same look-up saved again records nothing more.
      await api('PUT', `/api/carriers/${c.uuid}`, { registryLookup: found.lookup });
      expect(await checks(c.uuid)).toHaveLength(1);

      await t.database.db.delete(whitelistDailyCounter);
      expect((await api('POST', `/api/carriers/${c.uuid}/verify`, { source: 'whitelist' })).statusCode).toBe(201);
      const ocp = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
      const saved = await api('PUT', `/api/carriers/${c.uuid}`, { ocpValidTo: ocp });
      expect(saved.json().verificationStatus).toBe('zweryfikowany');
      const customerIri = (await api('POST', '/api/customers', { companyName: 'Klient GUS' })).json()['@id'];
      const o = (await api('POST', '/api/orders', orderOf(customerIri, { carrier: c['@id'] }))).json();
      expect(o.warnings.map((w: { code: string }) => w.code)).not.toContain('carrier_unverified');
    });

    it('records nothing when the NIP was changed after the look-up, nor for a look-up of another user', async () => {
      company('1573681937', 'PIERWSZA FIRMA');
      company('2245383236', 'DRUGA FIRMA');
      const first = await lookup('1573681937');
      // The form's NIP changed after 'Pobierz z GUS': GUS was not asked about the saved one.
      const changed = await carrier({ companyName: 'PIERWSZA FIRMA', nip: '2245383236', registryLookup: first.lookup });
      expect(changed.verifiedAt).toBeNull();
      expect(await checks(changed.uuid)).toHaveLength(0);
      // An edit: the saved record's NIP is what counts.
      const edited = await lookup('2245383236');
      await api('PUT', `/api/carriers/${changed.uuid}`, { nip: '1573681937', registryLookup: edited.lookup });
      expect(await checks(changed.uuid)).toHaveLength(0);
      // Someone else's look-up is not this user's answer.
      await api('POST', '/api/users', {
        login: 'gus-dysp',
        name: 'GUS Dysp',
        plainPassword: 'haslo-gus-1234',
        roles: ['ROLE_USER'],
      });
      const other = await lookup('1573681937', await t.login('gus-dysp', 'haslo-gus-1234'));
      await api('PUT', `/api/carriers/${changed.uuid}`, { registryLookup: other.lookup });
      expect(await checks(changed.uuid)).toHaveLength(0);
      // A look-up id is an id: anything else is the user's 422.
      const bad = await api('PUT', `/api/carriers/${changed.uuid}`, { registryLookup: 'nie-id' });
      expect(bad.statusCode).toBe(422);
    });

    it("'Sprawdź w GUS' on a saved customer records the check with who asked", async () => {
      company('6405622411', 'KLIENT Z GUS');
      const customer = (await api('POST', '/api/customers', { companyName: 'Klient', nip: '6405622411' })).json();
      expect(customer.verificationStatus).toBe('niezweryfikowany');
      const res = await api('POST', `/api/customers/${customer.uuid}/verify`, { source: 'gus' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ source: 'gus', outcome: 'ok', checkedBy: expect.any(String) });
      const read = (await api('GET', `/api/customers/${customer.uuid}`)).json();
      expect(read.verificationStatus).toBe('zweryfikowany');
      expect(read.verifiedAt).toEqual(expect.any(String));
    });
  });
});
