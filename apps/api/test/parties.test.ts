import { carrierMessages, customerMessages, partyMessages, validationMessages } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema/index.ts';
import { exportBatches } from '../src/http/export.ts';
import { parseListQuery } from '../src/http/filters.ts';
import { customerFilters } from '../src/modules/customers/repository.ts';
import { walkedPage } from '../src/modules/parties/walk.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

describe.each(dbKinds)('customers on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
  });
  afterAll(() => t.close());

  const api = (method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** The ids walk.ts finds for a list query ('search=…&partial=true…'), or null when it leaves the page to the trigram index. */
  const walked = (query: string) =>
    walkedPage(
      t.database.db,
      customers,
      parseListQuery(Object.fromEntries(new URLSearchParams(query)), customerFilters),
    );

  /** The web form sends every known field, null when missing. */
  const fullCustomer = (overrides: Record<string, unknown>) => ({
    companyName: null,
    name: null,
    phonePrefix: null,
    phone: null,
    email: null,
    streetAddress: null,
    postalCode: null,
    city: null,
    country: null,
    nip: null,
    language: null,
    acquiredBy: null,
    ...overrides,
  });

  it('creates a customer (201) with defaults: prefix 48 and language Polski', async () => {
    const res = await api(
      'POST',
      '/api/customers',
      fullCustomer({
        companyName: 'Trans-Łódź Sp. z o.o.',
        nip: '526-025-02-74',
        phone: '600 100 200',
        city: 'Łódź',
        country: 'PL',
        acquiredBy: 'polecenie',
      }),
    );
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c['@id']).toBe(`/api/customers/${c.uuid}`);
    expect(c).toMatchObject({
      '@type': 'Customer',
      companyName: 'Trans-Łódź Sp. z o.o.',
      nip: '5260250274',
      phone: '600100200',
      phonePrefix: '48',
      language: 'Polski',
      acquiredBy: 'polecenie',
      email: null,
    });
    expect((await api('GET', `/api/customers/${c.uuid}`)).json().companyName).toBe('Trans-Łódź Sp. z o.o.');
  });

  it('refuses a duplicate NIP or phone with the SPEC message and stores nothing', async () => {
    const before = (await api('GET', '/api/customers')).json()['hydra:totalItems'];
    const byNip = await api('POST', '/api/customers', fullCustomer({ companyName: 'Kopia', nip: '5260250274' }));
    expect(byNip.statusCode).toBe(422);
    expect(byNip.json().detail).toBe(customerMessages.duplicate);
    const byPhone = await api('POST', '/api/customers', fullCustomer({ companyName: 'Kopia', phone: '600100200' }));
    expect(byPhone.statusCode).toBe(422);
    expect(byPhone.json().detail).toBe(customerMessages.duplicate);
    expect((await api('GET', '/api/customers')).json()['hydra:totalItems']).toBe(before);
  });

  it('names the existing customer when a NIP typed with PL, spaces or dashes is taken', async () => {
    const existing = (
      await api('POST', '/api/customers', fullCustomer({ companyName: 'Agro-Kalisz', nip: '7251801126' }))
    ).json();
    expect(existing.nip).toBe('7251801126');
    for (const nip of ['PL7251801126', 'PL 725-180-11-26', 'pl725.180.11.26']) {
      const res = await api('POST', '/api/customers', fullCustomer({ companyName: 'Kopia', nip }));
      expect(res.statusCode, nip).toBe(422);
      expect(res.json().violations).toEqual([
        { propertyPath: 'nip', message: customerMessages.duplicateNip('Agro-Kalisz') },
      ]);
      expect(res.json().existing).toMatchObject({ '@id': existing['@id'], companyName: 'Agro-Kalisz' });
    }
    const phoneTaken = await api(
      'POST',
      '/api/customers',
      fullCustomer({ companyName: 'Kopia', phone: '+48 600 100 200' }),
    );
    expect(phoneTaken.json().violations[0]).toMatchObject({ propertyPath: 'phone' });
    expect(phoneTaken.json().violations[0].message).toMatch(/^Klient z tym numerem telefonu już istnieje: /);
  });

  it('stores a phone typed internationally as its prefix and national digits', async () => {
    const c = (
      await api('POST', '/api/customers', fullCustomer({ companyName: 'Berliner Spedition', phone: '+49 30 1234567' }))
    ).json();
    expect(c).toMatchObject({ phonePrefix: '49', phone: '301234567' });
    const d = (
      await api('POST', '/api/customers', fullCustomer({ companyName: 'Praha Trans', phone: '00420 777 123 456' }))
    ).json();
    expect(d).toMatchObject({ phonePrefix: '420', phone: '777123456' });
    const counts = (await api('GET', '/api/customers/duplicates?phone=%2B49%2030%201234567&nip=')).json();
    expect(counts.phone).toBe(1);
  });

  it('lets the same phone exist under another country prefix', async () => {
    const res = await api(
      'POST',
      '/api/customers',
      fullCustomer({ companyName: 'Spedition Müller', phonePrefix: '49', phone: '600100200', country: 'DE' }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('holds the duplicate guard under concurrent creation', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        api('POST', '/api/customers', fullCustomer({ companyName: `Równoległy ${i}`, nip: '7740001454' })),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
    expect((await api('GET', '/api/customers?nip=7740001454')).json()['hydra:totalItems']).toBe(1);
  });

  it('counts other records with the same NIP and phone for the modal hints', async () => {
    const dup = await api('GET', '/api/customers/duplicates?nip=526-025-02-74&phone=600100200&phonePrefix=48');
    const own = (await api('GET', '/api/customers?nip=5260250274')).json()['hydra:member'][0];
    const match = { '@id': own['@id'], uuid: own.uuid, companyName: own.companyName, name: own.name };
    expect(dup.json()).toEqual({ nip: 1, phone: 1, nipMatch: match, phoneMatch: match });
    const excluded = await api('GET', `/api/customers/duplicates?nip=5260250274&phone=600100200&exclude=${own.uuid}`);
    expect(excluded.json()).toEqual({ nip: 0, phone: 0, nipMatch: null, phoneMatch: null });
    expect((await api('GET', '/api/customers/duplicates?nip=1111111111')).json()).toEqual({
      nip: 0,
      phone: 0,
      nipMatch: null,
      phoneMatch: null,
    });
    // Typed with PL and an international prefix, the same numbers are found.
    const typed = await api(
      'GET',
      `/api/customers/duplicates?nip=PL5260250274&phone=${encodeURIComponent('+48 600 100 200')}`,
    );
    expect(typed.json()).toMatchObject({ nip: 1, phone: 1 });
  });

  it('checks a Polish NIP checksum, accepts foreign tax ids', async () => {
    const bad = await api(
      'POST',
      '/api/customers',
      fullCustomer({ companyName: 'Zły NIP', nip: '5260250275', country: 'PL' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations).toContainEqual({ propertyPath: 'nip', message: partyMessages.nipInvalid });
    const foreign = await api(
      'POST',
      '/api/customers',
      fullCustomer({ companyName: 'Transporte García', nip: 'ESB12345678', country: 'ES' }),
    );
    expect(foreign.statusCode).toBe(201);
  });

  it('validates e-mail, phone and names with the SPEC §5 messages', async () => {
    const res = await api('POST', '/api/customers', fullCustomer({ email: 'zly@', phone: '12a' }));
    expect(res.statusCode).toBe(422);
    const byField = Object.fromEntries(
      res.json().violations.map((v: { propertyPath: string; message: string }) => [v.propertyPath, v.message]),
    );
    expect(byField.email).toBe(validationMessages.email);
    expect(byField.phone).toBe(validationMessages.numeric);
    expect(byField.companyName).toBe(validationMessages.required);
  });

  it('searches company, name, NIP, phone and e-mail ignoring case and Polish letters', async () => {
    await api(
      'POST',
      '/api/customers',
      fullCustomer({
        companyName: 'Żegluga Gdańska',
        name: 'Paweł Świątek',
        email: 'biuro@zegluga.pl',
        phone: '501501501',
      }),
    );
    const names = async (q: string) =>
      (await api('GET', `/api/customers?search=${encodeURIComponent(q)}`))
        .json()
        ['hydra:member'].map((c: { companyName: string }) => c.companyName);
    expect(await names('łódź')).toEqual(['Trans-Łódź Sp. z o.o.']);
    expect(await names('LODZ')).toEqual(['Trans-Łódź Sp. z o.o.']);
    expect(await names('zegluga gdanska')).toEqual(['Żegluga Gdańska']);
    expect(await names('świątek')).toEqual(['Żegluga Gdańska']);
    expect(await names('501 501')).toEqual(['Żegluga Gdańska']);
    // A phone is found by its digits however it is typed, and as the app shows it ('(0048) 501501501');
    // a NIP without 'PL', spaces and dashes.
    for (const typed of ['+48 501 501 501', '0048501501501', '501-501-501', '(501) 501 501', '(0048) 501501501']) {
      expect(await names(typed), typed).toEqual(['Żegluga Gdańska']);
    }
    expect(await names('PL 526-025-02-74')).toEqual(['Trans-Łódź Sp. z o.o.']);
    const byFilter = async (q: string) =>
      (await api('GET', `/api/customers?${q}`))
        .json()
        ['hydra:member'].map((c: { companyName: string }) => c.companyName);
    expect(await byFilter(`phone=${encodeURIComponent('+48 501 501 501')}`)).toEqual(['Żegluga Gdańska']);
    expect(await byFilter(`phone=${encodeURIComponent('(0048) 501501501')}`)).toEqual(['Żegluga Gdańska']);
    expect(await byFilter(`nip=${encodeURIComponent('PL 526-025-02-74')}`)).toEqual(['Trans-Łódź Sp. z o.o.']);
    expect(await names('526-025')).toEqual(['Trans-Łódź Sp. z o.o.']);
    expect(await names('biuro@zeg')).toEqual(['Żegluga Gdańska']);
    expect(await names('100%')).toEqual([]);
    // The picker asks for a partial page: no total is counted.
    const partial = (await api('GET', '/api/customers?search=gda&partial=true&itemsPerPage=10')).json();
    expect(partial['hydra:member'].map((c: { companyName: string }) => c.companyName)).toEqual(['Żegluga Gdańska']);
    expect(partial).not.toHaveProperty('hydra:totalItems');
  });

  it('updates partially; the merged record is validated; an unknown uuid is a 404', async () => {
    const c = (await api('GET', '/api/customers?search=zegluga')).json()['hydra:member'][0];
    const res = await api('PUT', `/api/customers/${c.uuid}`, { city: 'Gdańsk' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Gdańsk', companyName: 'Żegluga Gdańska', phone: '501501501' });
    const badNip = await api('PUT', `/api/customers/${c.uuid}`, { nip: '1234567890' });
    expect(badNip.statusCode).toBe(422);
    const clash = await api('PUT', `/api/customers/${c.uuid}`, { phone: '600100200' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().detail).toBe(customerMessages.duplicate);
    expect((await api('GET', `/api/customers/${c.uuid}`)).json().phone).toBe('501501501');
    expect((await api('PUT', '/api/customers/00000000-0000-4000-8000-000000000000', { city: 'X' })).statusCode).toBe(
      404,
    );
  });

  it('deletes with 204', async () => {
    const c = (await api('POST', '/api/customers', fullCustomer({ companyName: 'Do usunięcia' }))).json();
    expect((await api('DELETE', `/api/customers/${c.uuid}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/customers/${c.uuid}`)).statusCode).toBe(404);
  });

  it('lists with pagination=false, filters and sorts', async () => {
    const all = (await api('GET', '/api/customers?pagination=false&order[companyName]=desc')).json();
    const names = all['hydra:member'].map((c: { companyName: string }) => c.companyName);
    expect(names.length).toBe(all['hydra:totalItems']);
    expect(names).toEqual([...names].sort((a: string, b: string) => b.localeCompare(a, 'pl')));
    const de = (await api('GET', '/api/customers?country=de')).json()['hydra:member'];
    expect(de.map((c: { companyName: string }) => c.companyName)).toEqual(['Spedition Müller']);
  });

  it("finds a picker's page along the search's order when it is near the start, and through the trigram index otherwise, alike", async () => {
    await t.database.db.execute(sql`
      INSERT INTO customers (company_name, name, city)
      SELECT CASE WHEN g % 7 = 0 THEN NULL ELSE 'Ścieżka ' || lpad((40 - g)::text, 2, '0') END,
             CASE WHEN g % 7 = 0 OR g % 3 = 0 THEN 'Anna Ścieżkowska' ELSE 'Jan Kowal' END, 'Wrocław'
      FROM generate_series(1, 34) g`);
    await t.database.db.execute(sql`
      INSERT INTO customers (company_name, name, city) VALUES ('Rzadki Ścieżek', 'Ola', 'Opole'), ('Ścieżek Rzadki', 'Ela', 'Opole')`);
    const uuids = async (query: string) => {
      const response = await api('GET', `/api/customers?${query}`);
      expect(response.statusCode).toBe(200);
      return (response.json()['hydra:member'] as { uuid: string }[]).map((c) => c.uuid);
    };
    // The whole order through the trigram index (not partial: counted, so never walked).
    const all = await uuids('search=sciezk&itemsPerPage=100');
    expect(all).toHaveLength(34);
    for (const page of [1, 2, 3]) {
      const query = `search=sciezk&partial=true&itemsPerPage=10&page=${page}`;
      expect(await walked(query)).toHaveLength(10);
      expect(await uuids(query)).toEqual(all.slice((page - 1) * 10, page * 10));
    }
    // Page 4 has 4 matches, fewer than a page: the walk gives up and the trigram index answers.
    const last = 'search=sciezk&partial=true&itemsPerPage=10&page=4';
    expect(await walked(last)).toBeNull();
    expect(await uuids(last)).toEqual(all.slice(30));
    // Two rare matches: not walked, found.
    expect(await walked('search=rzadki&partial=true&itemsPerPage=10')).toBeNull();
    expect(await uuids('search=rzadki&partial=true&itemsPerPage=10')).toHaveLength(2);
    // Another filter beside the search: not walked.
    expect(await walked('search=sciezk&city=Wroc%C5%82aw&partial=true&itemsPerPage=10')).toBeNull();
  });

  it('ranks the companies whose name begins with the typed text first, accents or not, in the picker and the list alike', async () => {
    // 'Agro…' and 'Budo…' only mention the text (an e-mail, a person): alphabetically before every 'Trąns…', ranked after.
    await t.database.db.execute(sql`
      INSERT INTO customers (company_name, name, email)
      SELECT 'Trąnsmar ' || lpad(g::text, 2, '0'), 'Ola', NULL FROM generate_series(1, 6) g
      UNION ALL SELECT 'Agro ' || g, 'Ewa', 'trasy' || g || '@transmarek.pl' FROM generate_series(1, 5) g
      UNION ALL SELECT NULL, 'Transmarski ' || g, NULL FROM generate_series(1, 2) g
      UNION ALL SELECT 'Budo Transmarinus', 'Iza', NULL
      UNION ALL SELECT NULL, 'Żaneta Transmar ' || lpad(g::text, 3, '0'), NULL FROM generate_series(1, 200) g`);
    const names = async (query: string) => {
      const response = await api('GET', `/api/customers?${query}`);
      expect(response.statusCode).toBe(200);
      return (response.json()['hydra:member'] as { companyName: string | null; name: string }[]).map(
        (c) => c.companyName ?? c.name,
      );
    };
    const expected = [
      ...['01', '02', '03', '04', '05', '06'].map((n) => `Trąnsmar ${n}`),
      ...[1, 2, 3, 4, 5].map((n) => `Agro ${n}`),
      'Budo Transmarinus',
      'Transmarski 1',
      'Transmarski 2',
      ...Array.from({ length: 200 }, (_, i) => `Żaneta Transmar ${String(i + 1).padStart(3, '0')}`),
    ];
    // The list (counted, never walked) through the trigram index.
    expect(await names('search=transmar&pagination=false')).toEqual(expected);
    expect(await names('search=TRĄNSMAR&pagination=false')).toEqual(expected);
    // The picker, page by page: the first from the leading range alone, the next ones across both groups, walked
    // (more than FEW_MATCHES match).
    for (const page of [1, 2, 3, 4]) {
      const query = `search=transmar&partial=true&itemsPerPage=4&page=${page}`;
      expect(await names(query)).toEqual(expected.slice((page - 1) * 4, page * 4));
      expect(await walked(query)).toHaveLength(4);
    }
    // A text few records match is sorted by the trigram index at once rather than walked for.
    const rare = 'search=budo%20transmar&partial=true&itemsPerPage=4';
    expect(await walked(rare)).toBeNull();
    expect(await names(rare)).toEqual(['Budo Transmarinus']);
    // A text ending in a character with no next one (the range's end) is searched through the trigram index.
    for (const last of ['\ud7ff', '\u{10ffff}']) {
      expect(await names(`search=${encodeURIComponent(`transmar${last}`)}&partial=true&itemsPerPage=4`)).toEqual([]);
    }
    // An export of the search walks the same order in batches (the ranking is one of its keys).
    const exported: string[] = [];
    for await (const rows of exportBatches<{ companyName: string | null; name: string }>(
      parseListQuery({ search: 'transmar', pagination: 'false' }, customerFilters),
      (extra) =>
        t.database.db
          .select({ companyName: customers.companyName, name: customers.name, ...extra })
          .from(customers)
          .$dynamic(),
      3,
    )) {
      exported.push(...rows.map((c) => c.companyName ?? c.name));
    }
    expect(exported).toEqual(expected);
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/customers' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/customers', payload: { companyName: 'x' } })).statusCode,
    ).toBe(401);
  });
});

describe.each(dbKinds)('carriers on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
  });
  afterAll(() => t.close());

  const api = (method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const carrier = (companyName: string, extra: Record<string, unknown>) => ({ companyName, ...extra });

  it('creates carriers with served countries and capacity in hundredths', async () => {
    const res = await api(
      'POST',
      '/api/carriers',
      carrier('Tir-Trans', {
        countries: ['DE', 'PL', 'FR'],
        maxCargoLength: 1360,
        maxCargoWidth: 245,
        maxCargoHeight: 270,
        maxCargoWeight: 2400,
        accountNumber: 'PL61 1090 1014 0000 0712 1981 2874',
        methodOfContact: 'telefon/email',
        phone: '700700700',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      '@type': 'Carrier',
      countries: ['DE', 'FR', 'PL'],
      maxCargoLength: 1360,
      maxCargoWeight: 2400,
      language: 'Polski',
      phonePrefix: '48',
      methodOfContact: 'telefon/email',
    });
    await api(
      'POST',
      '/api/carriers',
      carrier('Bus-Ekspres', {
        countries: ['PL', 'CZ'],
        maxCargoLength: 450,
        maxCargoWidth: 220,
        maxCargoHeight: 250,
        maxCargoWeight: 350,
      }),
    );
    await api(
      'POST',
      '/api/carriers',
      carrier('Mega-Cargo', {
        countries: ['DE', 'NL'],
        maxCargoLength: 1360,
        maxCargoWidth: 248,
        maxCargoHeight: 300,
        maxCargoWeight: 2500,
      }),
    );
  });

  it('finds carriers able to take a 13.6 × 2.45 × 2.7 m, 24 t load to Germany', async () => {
    const q =
      'countries=DE&maxCargoLength[gte]=1360&maxCargoWidth[gte]=245&maxCargoHeight[gte]=270&maxCargoWeight[gte]=2400&order[companyName]=asc';
    const names = (await api('GET', `/api/carriers?${q}`))
      .json()
      ['hydra:member'].map((c: { companyName: string }) => c.companyName);
    expect(names).toEqual(['Mega-Cargo', 'Tir-Trans']);
    const both = (await api('GET', '/api/carriers?countries=DE&countries=PL')).json()['hydra:member'];
    expect(both.map((c: { companyName: string }) => c.companyName)).toEqual(['Tir-Trans']);
    expect((await api('GET', '/api/carriers?maxCargoWeight[gte]=dużo')).statusCode).toBe(400);
  });

  it('refuses duplicates with the carrier message, a bad IBAN and unknown countries', async () => {
    const dup = await api('POST', '/api/carriers', carrier('Kopia', { phone: '700 700 700' }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().detail).toBe(carrierMessages.duplicate);
    const iban = await api(
      'POST',
      '/api/carriers',
      carrier('Zły IBAN', { accountNumber: 'PL61 1090 1014 0000 0712 1981 2875' }),
    );
    expect(iban.json().violations).toContainEqual({
      propertyPath: 'accountNumber',
      message: partyMessages.accountInvalid,
    });
    const country = await api('POST', '/api/carriers', carrier('Zły kraj', { countries: ['XX'] }));
    expect(country.statusCode).toBe(422);
    const fraction = await api('POST', '/api/carriers', carrier('Ułamek', { maxCargoLength: 13.6 }));
    expect(fraction.statusCode).toBe(422);
  });

  it('updates served countries and deletes', async () => {
    const c = (await api('GET', '/api/carriers?search=bus')).json()['hydra:member'][0];
    const res = await api('PUT', `/api/carriers/${c.uuid}`, { countries: ['SK', 'CZ'] });
    expect(res.json().countries).toEqual(['CZ', 'SK']);
    expect(res.json().maxCargoLength).toBe(450);
    expect((await api('DELETE', `/api/carriers/${c.uuid}`)).statusCode).toBe(204);
  });
});
