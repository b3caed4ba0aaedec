import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, tapStatements } from '../src/db/client.ts';
import { likePattern } from '../src/http/filters.ts';
import { factories } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

/**
 * Issue 35: the text filters that match inside a column are first looked for in a trigram index (a superset: the
 * party's search_text, a shipment's joined street addresses), postal codes from their start as lower(…) LIKE, and a
 * search's ranked page is read in two parts. The answers must be the rows the plain conditions gave before, in the
 * same order: each filter is compared with the plain ILIKE (or unaccented LIKE) over the table.
 */
describe.each(dbKinds)('text filters read through their indexes on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    const make = factories(t.app, token);
    const parties: Record<string, unknown>[] = [
      { companyName: 'Trans-Łódź Sp. z o.o.', name: 'Łukasz Kowalski', city: 'Łódź', postalCode: '90-001' },
      {
        companyName: 'LODZ-POL',
        name: 'Agnieszka Nowak',
        city: 'Lodz',
        postalCode: '16-100',
        streetAddress: 'ul. Łąkowa 5',
      },
      {
        companyName: 'Kowalski Auto',
        name: 'Jan Kowal',
        city: 'Bydgoszcz',
        postalCode: '16-2',
        email: 'biuro@kowal.pl',
      },
      { companyName: 'Autokowal', name: null, city: 'BYDGOSZCZ', postalCode: 'SW1A 1AA', streetAddress: 'Kowalska 3' },
      {
        companyName: 'Zażółć 100% Gęślą',
        name: 'Ewa_Kowalczyk',
        city: 'Gdańsk',
        postalCode: 'sw1b 2',
        streetAddress: '∖ odd',
      },
      {
        companyName: 'kowboj',
        name: 'Kowboj Łucja',
        city: 'Kraków',
        postalCode: '30-KRK',
        streetAddress: 'Al. Łódzka 1',
      },
      { companyName: null, name: 'Kowalewska Anna', city: 'Łomża', postalCode: null, streetAddress: null },
    ];
    for (const party of parties) {
      await make.customer(party);
      await make.carrier({ ...party, companyName: party.companyName ?? 'Przewoźnik bez nazwy' });
    }
    const streets = [
      ['ul. Łąkowa 5', '16-100'],
      ['Kowalska 3', 'SW1A 1AA'],
      ['Al. Łódzka 1', '90-001'],
      [null, null],
      ['ŁĄKOWA 7', 'sw1b 2'],
    ];
    for (const [loading, postal] of streets) {
      for (const [i, reversed] of [false, true].entries()) {
        const route = reversed
          ? { unloadingStreetAddress: loading, unloadingPostalCode: postal, loadingPostalCode: `0${i}-000` }
          : { loadingStreetAddress: loading, loadingPostalCode: postal, unloadingPostalCode: `0${i}-000` };
        await make.query(route);
        await make.order(route);
      }
    }
  });
  afterAll(() => t.close());

  const ids = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, url).toBe(200);
    return (res.json()['hydra:member'] as { id: number }[]).map((r) => r.id);
  };
  const plain = async (table: string, condition: ReturnType<typeof sql>) =>
    (
      await selectRows<{ id: number }>(
        t.database.db,
        sql`SELECT id FROM ${sql.identifier(table)} WHERE ${condition} ORDER BY id`,
      )
    ).map((r) => r.id);

  const texts = ['łódź', 'ŁÓDŹ', 'lodz', 'kow', 'KOWAL', 'ąk', 'ak', 'bydg', '100%', '_', 'ewa_k', '∖', 'zażółć'];
  const columns = {
    companyName: 'company_name',
    name: 'name',
    city: 'city',
    email: 'email',
    streetAddress: 'street_address',
  };

  it('finds the rows a plain ILIKE finds, by every party text filter', async () => {
    for (const table of ['customers', 'carriers']) {
      for (const [field, column] of Object.entries(columns)) {
        for (const text of texts) {
          const url = `/api/${table}?${field}=${encodeURIComponent(text)}&order[id]=asc&pagination=false`;
          const expected = await plain(table, sql`${sql.identifier(column)} ILIKE ${likePattern(text, 'partial')}`);
          expect(await ids(url), url).toEqual(expected);
        }
      }
    }
    // Polish letters as before: 'łódź' finds 'Łódź' (and not 'Lodz'), 'lodz' finds 'Lodz' only.
    const cities = async (q: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/customers?city=${encodeURIComponent(q)}`,
          headers: bearer(token),
        })
      )
        .json()
        ['hydra:member'].map((c: { city: string }) => c.city);
    expect(await cities('łódź')).toEqual(['Łódź']);
    expect(await cities('lodz')).toEqual(['Lodz']);
  });

  it('finds postal codes from their start, as ILIKE did', async () => {
    for (const table of ['customers', 'carriers']) {
      for (const text of ['16-', '16-1', 'sw1', 'SW1A', 'Sw1b 2', '30-krk', '9', '%', '_']) {
        const url = `/api/${table}?postalCode=${encodeURIComponent(text)}&order[id]=asc&pagination=false`;
        const expected = await plain(table, sql`postal_code ILIKE ${likePattern(text, 'start')}`);
        expect(await ids(url), url).toEqual(expected);
      }
    }
    expect(await ids('/api/customers?postalCode=sw1&order[id]=asc&pagination=false')).toHaveLength(2);
  });

  it('finds the rows of each street and postal filter of queries and orders as before', async () => {
    const unaccented = (column: string, text: string) =>
      sql`f_unaccent(lower(${sql.identifier(column)})) LIKE f_unaccent(lower(${likePattern(text, 'partial')}))`;
    const base = { queries: sql`deletion_reason = 0`, orders: sql`deletion_reason = 0` };
    for (const table of ['queries', 'orders'] as const) {
      for (const side of ['loading', 'unloading']) {
        for (const text of ['łąkowa', 'LAKOWA', 'łódzka', 'kowal', 'ul. ł', '∖', '%']) {
          const url = `/api/${table}?${side}StreetAddress=${encodeURIComponent(text)}&status=wszystkie&order[id]=asc&pagination=false`;
          const expected = await plain(table, sql`${base[table]} AND ${unaccented(`${side}_street_address`, text)}`);
          expect(await ids(url), url).toEqual(expected);
        }
        for (const text of ['16-', 'sw1', 'SW1A 1', '0', '%']) {
          const url = `/api/${table}?${side}PostalCode=${encodeURIComponent(text)}&status=wszystkie&order[id]=asc&pagination=false`;
          const column = sql.identifier(`${side}_postal_code`);
          const expected = await plain(table, sql`${base[table]} AND ${column} ILIKE ${likePattern(text, 'start')}`);
          expect(await ids(url), url).toEqual(expected);
        }
      }
    }
    // Something is found at all (the comparison above is not of empty lists only).
    expect(await ids('/api/orders?loadingStreetAddress=lakowa&status=wszystkie&pagination=false')).toHaveLength(2);
    expect(await ids('/api/queries?unloadingPostalCode=sw1&status=wszystkie&pagination=false')).toHaveLength(2);
  });

  it("ranks a search's page as the one statement did: names that begin with the text first", async () => {
    for (const table of ['customers', 'carriers']) {
      for (const text of ['kow', 'KOW', 'łódź', 'lodz', 'a', 'zzz', '100%']) {
        // The order the list had in one statement (fields.ts, partySearchOrder), over every match.
        const expected = (
          await selectRows<{ id: number }>(
            t.database.db,
            sql`SELECT id FROM ${sql.identifier(table)}
                WHERE search_text LIKE f_unaccent(${likePattern(text.toLowerCase(), 'partial')})
                ORDER BY coalesce(company_sort_key LIKE f_unaccent(${likePattern(text.toLowerCase(), 'start')}), false) DESC,
                  company_sort_key, name_sort_key, id`,
          )
        ).map((r) => r.id);
        const all = await ids(`/api/${table}?search=${encodeURIComponent(text)}&itemsPerPage=100`);
        expect(all, `${table} ${text}`).toEqual(expected);
        // Page by page (pages of 2: the leading names end inside a page), with and without the total.
        const paged: number[] = [];
        for (let page = 1; page <= Math.ceil(expected.length / 2) + 1; page++) {
          paged.push(...(await ids(`/api/${table}?search=${encodeURIComponent(text)}&itemsPerPage=2&page=${page}`)));
        }
        expect(paged, `${table} ${text} paged`).toEqual(expected);
        const withCity = await ids(`/api/${table}?search=${encodeURIComponent(text)}&city=d&itemsPerPage=3&page=2`);
        const cityIds = new Set(await ids(`/api/${table}?city=d&pagination=false`));
        expect(withCity, `${table} ${text} with a city`).toEqual(expected.filter((id) => cityIds.has(id)).slice(3, 6));
      }
    }
    expect(await ids('/api/customers?search=kow&itemsPerPage=100')).not.toHaveLength(0);
  });

  it("counts a search's matches without sorting the table in the ranked order", async () => {
    for (const table of ['customers', 'carriers']) {
      // A text no other test searched: its total is counted, not remembered.
      const url = `/api/${table}?search=owa&itemsPerPage=2`;
      const statements: { text: string; params: unknown[] }[] = [];
      tapStatements((text, params) => statements.push({ text, params }));
      let res: Awaited<ReturnType<typeof t.app.inject>>;
      try {
        res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      } finally {
        tapStatements(undefined);
      }
      const [{ n }] = (await selectRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE search_text LIKE f_unaccent('%owa%')`,
      )) as [{ n: number }];
      expect(n).toBeGreaterThan(2);
      expect(res.json()['hydra:totalItems'], table).toBe(n);
      // The total's bounded walk (http/listing.ts cappedMatches, a subquery with its own LIMIT) goes in an index's
      // order: the ranking (a LIKE of the sort key) is in the ORDER BY of the rows read by id only.
      const walks = statements.filter((s) => /LIMIT \$\d+ OFFSET \$\d+\)\s*AS/i.test(s.text));
      expect(walks.length, table).toBeGreaterThan(0);
      for (const walk of walks) expect(walk.text, table).not.toMatch(/ORDER BY coalesce/i);
    }
  });
});
