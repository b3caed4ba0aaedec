import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

/**
 * Filters and sorts on a list's joined records (its customer, carrier, owner; issue 35): the filters are semi-joins on
 * the record's table and the sorts read the names the list's row keeps (migrations 0049–0050). Each answer is compared
 * with the join they replaced, written out here in SQL, on every page; and a renamed record's name is sorted by at once.
 */
describe.each(dbKinds)('lists filtered and sorted by a joined record on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const ids: Record<string, number> = {};
  const uuids: Record<string, string> = {};

  const run = <T>(query: ReturnType<typeof sql>) => selectRows<T>(t.database.db, query);
  async function insert(table: string, name: string, values: ReturnType<typeof sql>) {
    const [row] = await run<{ id: number; uuid: string }>(
      sql`INSERT INTO ${sql.raw(table)} ${values} RETURNING id, uuid::text AS uuid`,
    );
    ids[name] = row?.id ?? 0;
    uuids[name] = row?.uuid ?? '';
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    // Names that sort apart only by accent or case, a person without a company, shared fragments ('trans', 'pol').
    const users: [string, string][] = [
      ['zaneta', 'Żaneta Wójcik'],
      ['anna', 'Anna Kowal'],
      ['bartek', 'bartek Zieliński'],
    ];
    for (const [key, name] of users) {
      await insert(
        'users',
        key,
        sql`(login, name, email, password_hash) VALUES (${key}, ${name}, ${`${key}@example.com`}, 'x')`,
      );
    }
    const customers: [string, string | null, string | null, string | null][] = [
      ['zebra', 'Zebra Trans', null, '5260000011'],
      ['atrakcja', 'Ątrakcja Meble', null, '7831672591'],
      ['osoba', null, 'Jan Trans-Osoba', null],
      ['auto', 'auto-Lux Polska', null, '1000000009'],
    ];
    for (const [key, company, name, nip] of customers) {
      await insert('customers', key, sql`(company_name, name, nip) VALUES (${company}, ${name}, ${nip})`);
    }
    const carriers: [string, string | null, string | null][] = [
      ['ges', 'Przewozy Gęś', '9452170001'],
      ['transpol', 'Trans-Pol', '5260000028'],
      ['kierowca', null, null],
    ];
    for (const [key, company, nip] of carriers) {
      await insert('carriers', key, sql`(company_name, name, nip) VALUES (${company}, ${key}, ${nip})`);
    }
    const pick = <T>(list: T[], n: number) => list[n % list.length] as T;
    const customerKeys = ['zebra', 'atrakcja', 'osoba', 'auto', null];
    const carrierKeys = ['ges', 'transpol', 'kierowca', null];
    const userKeys = ['zaneta', 'anna', 'bartek', null];
    const id = (key: string | null) => (key === null ? null : (ids[key] ?? null));
    for (let n = 0; n < 24; n++) {
      const status = pick(['aktywne', 'zakonczone', 'anulowane'], n);
      await insert(
        'orders',
        `o${n}`,
        sql`(number, cargo, status, customer_id, carrier_id, user_id, deletion_reason, customer_paid, unloading_date)
          VALUES (${`${n + 1}/01/2026`}, 'Palety', ${status}, ${id(pick(customerKeys, n))}, ${id(pick(carrierKeys, n))},
            ${id(pick(userKeys, n))}, ${n === 5 ? 1 : 0}, ${n % 4 === 1}, now() - interval '3 days')`,
      );
      await insert(
        'queries',
        `q${n}`,
        sql`(cargo, status, customer_id, user_id) VALUES ('Palety', 'aktywne', ${id(pick(customerKeys, n + 1))},
            ${id(pick(userKeys, n + 2))})`,
      );
    }
  });
  afterAll(() => t.close());

  const api = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  /** Every page of a list (2 a page: the page's ids are read first, with an offset), its uuids in order and its total. */
  async function listed(path: string, query: string) {
    const all: string[] = [];
    let total = -1;
    for (let page = 1; page <= 20; page++) {
      const response = await api(`${path}${path.includes('?') ? '&' : '?'}${query}&itemsPerPage=2&page=${page}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      total = body['hydra:totalItems'];
      const members = body['hydra:member'] as { uuid: string }[];
      if (members.length === 0) break;
      all.push(...members.map((m) => m.uuid));
    }
    return { uuids: all, total };
  }

  type Reference = { where: string; order?: string; desc?: boolean; orderBy?: string };
  /** The same list through the joins the filters and sorts used to read, in SQL. */
  async function expected(table: 'orders' | 'queries', base: string, { where, order, desc, orderBy }: Reference) {
    const sortKey = orderBy
      ? `${orderBy}, `
      : order
        ? `${order} ${desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}, `
        : '';
    const rows = await run<{ uuid: string }>(
      sql.raw(`SELECT r.uuid::text AS uuid FROM ${table} r
        LEFT JOIN customers c ON c.id = r.customer_id
        ${table === 'orders' ? 'LEFT JOIN carriers k ON k.id = r.carrier_id' : ''}
        LEFT JOIN users u ON u.id = r.user_id
        WHERE ${base} AND ${where}
        ORDER BY ${sortKey}r.id ${desc || !(order || orderBy) ? 'DESC' : 'ASC'}`),
    );
    return rows.map((r) => r.uuid);
  }

  const unaccented = (column: string, text: string) =>
    `f_unaccent(lower(${column})) LIKE f_unaccent(lower('%${text}%'))`;
  const filters = (): [string, string][] => [
    [`customer.uuid=${uuids.zebra}`, `c.uuid = '${uuids.zebra}'`],
    [`customer.uuid[]=${uuids.zebra}&customer.uuid[]=${uuids.auto}`, `c.uuid IN ('${uuids.zebra}', '${uuids.auto}')`],
    ['customer.nip=000', `c.nip LIKE '%000%'`],
    ['customer.nip=783-167', `c.nip LIKE '%783167%'`],
    ['customer.companyName=atrak', unaccented('c.company_name', 'atrak')],
    ['customer.companyName=LUX', unaccented('c.company_name', 'lux')],
    ['customer=trans', `c.search_text LIKE '%trans%'`],
    [`user.uuid=${uuids.anna}`, `u.uuid = '${uuids.anna}'`],
    ['user.name=zaneta', unaccented('u.name', 'zaneta')],
    ['user.name=ZIEL', unaccented('u.name', 'ziel')],
    ['customer.companyName=brak', unaccented('c.company_name', 'brak')],
  ];
  const carrierFilters = (): [string, string][] => [
    [`carrier.uuid=${uuids.transpol}`, `k.uuid = '${uuids.transpol}'`],
    ['carrier.nip=5260', `k.nip LIKE '%5260%'`],
    ['carrier.companyName=ges', unaccented('k.company_name', 'ges')],
    ['carrier=pol', `k.search_text LIKE '%pol%'`],
  ];
  const sorts = (table: 'orders' | 'queries'): [string, string][] => [
    ['customer.companyName', 'c.company_name'],
    ['user.name', 'u.name'],
    ...(table === 'orders' ? ([['carrier.companyName', 'k.company_name']] as [string, string][]) : []),
  ];

  async function agrees(path: string, table: 'orders' | 'queries', base: string) {
    for (const [query, where] of [...filters(), ...(table === 'orders' ? carrierFilters() : [])]) {
      const want = await expected(table, base, { where });
      const got = await listed(path, `status=wszystkie&${query}`);
      expect(got.uuids, `${path} ${query}`).toEqual(want);
      expect(got.total, `${path} ${query}`).toBe(want.length);
    }
    for (const [name, column] of sorts(table)) {
      for (const desc of [false, true]) {
        const want = await expected(table, base, { where: 'true', order: column, desc });
        const got = await listed(path, `status=wszystkie&order[${name}]=${desc ? 'desc' : 'asc'}`);
        expect(got.uuids, `${path} order[${name}]`).toEqual(want);
      }
    }
    // A filter on the record and a sort by another's name together.
    const want = await expected(table, base, { where: `c.search_text LIKE '%trans%'`, order: 'u.name', desc: true });
    expect((await listed(path, 'status=wszystkie&customer=trans&order[user.name]=desc')).uuids).toEqual(want);
  }

  it('answers the orders, the archive and the queries as the joins did, on every page', async () => {
    await agrees('/api/orders', 'orders', 'r.deletion_reason = 0');
    await agrees('/api/queries', 'queries', 'r.deletion_reason = 0');
    const archived = `r.deletion_reason = 0 AND r.status <> 'zamienione'`;
    // The archive ignores `status`: every finished loading (all of these unloaded days ago).
    const archive = await listed('/api/loadings/archive', `customer.companyName=atrak&order[user.name]=asc`);
    expect(archive.uuids).toEqual(
      await expected('orders', archived, { where: unaccented('c.company_name', 'atrak'), order: 'u.name' }),
    );
  });

  it("answers the payments cockpit and the tasks as the joins did: a party's name, a user", async () => {
    const open = `NOT r.customer_paid AND r.deletion_reason = 0 AND r.status IN ('aktywne', 'zakonczone')`;
    for (const desc of [false, true]) {
      const got = await listed('/api/payments?side=customer', `order[party.companyName]=${desc ? 'desc' : 'asc'}`);
      expect(got.uuids).toEqual(await expected('orders', open, { where: 'true', order: 'c.company_name', desc }));
    }
    // The cockpit's own order: the payment date, those without one last.
    const byDate = 'r.customer_date_of_payment ASC NULLS LAST';
    const byName = await listed('/api/payments?side=customer', 'party.companyName=TRANS');
    expect(byName.uuids).toEqual(
      await expected('orders', open, { where: unaccented('c.company_name', 'trans'), orderBy: byDate }),
    );
    const byUser = await listed('/api/payments?side=customer', `user.uuid=${uuids.bartek}`);
    expect(byUser.uuids).toEqual(
      await expected('orders', open, { where: `u.uuid = '${uuids.bartek}'`, orderBy: byDate }),
    );

    for (const [n, key] of [0, 1, 2, 3].map((n) => [n, ['zaneta', 'anna', 'bartek', 'anna'][n]] as const)) {
      await run(
        sql`INSERT INTO tasks (status, user_id, order_id, contact_date, comment)
            VALUES ('niewykonane', ${ids[key as string]}, ${ids[`o${n}`]}, now() + ${`${n} days`}::interval, 'Zadzwonić')`,
      );
    }
    const tasks = await api('/api/tasks?status=wszystkie&user.name=ANNA&itemsPerPage=1&page=2');
    expect(tasks.json()['hydra:totalItems']).toBe(2);
    expect(tasks.json()['hydra:member'][0].orderEntity.uuid).toBe(uuids.o3);
    const ofOrder = await api(`/api/tasks?status=wszystkie&orderEntity.uuid=${uuids.o2}`);
    expect(ofOrder.json()['hydra:member'].map((m: { user: { uuid: string } }) => m.user.uuid)).toEqual([uuids.bartek]);
  });

  it('sorts by a renamed customer, carrier or owner at once, and keeps the name a row was given its record by', async () => {
    const versions = async () =>
      (
        await run<{ uuid: string; version: number }>(sql`SELECT uuid::text AS uuid, version FROM orders ORDER BY id`)
      ).map((r) => `${r.uuid}:${r.version}`);
    const before = await versions();
    await run(sql`UPDATE customers SET company_name = 'AAA Pierwszy' WHERE id = ${ids.auto}`);
    await run(sql`UPDATE carriers SET company_name = 'Żółw Ostatni' WHERE id = ${ids.ges}`);
    await run(sql`UPDATE users SET name = 'Aaron Nowy' WHERE id = ${ids.bartek}`);
    // A rename is neither a new version of the orders nor a line of their history.
    expect(await versions()).toEqual(before);
    const first = async (path: string, sort: string, desc = false) =>
      (await api(`${path}?status=wszystkie&order[${sort}]=${desc ? 'desc' : 'asc'}&itemsPerPage=1`)).json()[
        'hydra:member'
      ][0];
    // Descending, empty names last: the carrier renamed to the end of the alphabet comes first.
    expect((await first('/api/orders', 'carrier.companyName', true)).carrier.companyName).toBe('Żółw Ostatni');
    expect((await first('/api/queries', 'user.name', true)).user.name).toBe('Żaneta Wójcik');
    await agrees('/api/orders', 'orders', 'r.deletion_reason = 0');
    await agrees('/api/queries', 'queries', 'r.deletion_reason = 0');

    // Through the API too: a user renamed by an administrator.
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${uuids.anna}`,
      headers: bearer(token),
      payload: { name: 'Anna Zmieniona' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await agrees('/api/orders', 'orders', 'r.deletion_reason = 0');

    // An order given another customer takes its name; a kept name written back from an older read is the record's.
    await run(sql`UPDATE orders SET customer_id = ${ids.zebra} WHERE id = ${ids.o3}`);
    await run(sql`UPDATE orders SET customer_company_name = 'Nieaktualna', owner_name = NULL WHERE id = ${ids.o1}`);
    const kept = await run<{ customer: string | null; owner: string | null }>(
      sql`SELECT customer_company_name AS customer, owner_name AS owner FROM orders WHERE id IN (${ids.o3}, ${ids.o1})
          ORDER BY id DESC`,
    );
    expect(kept).toEqual([
      { customer: 'Zebra Trans', owner: null },
      { customer: 'Ątrakcja Meble', owner: 'Anna Zmieniona' },
    ]);
    // Every kept name is its record's.
    const stale = await run<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders o LEFT JOIN customers c ON c.id = o.customer_id
          LEFT JOIN carriers k ON k.id = o.carrier_id LEFT JOIN users u ON u.id = o.user_id
          WHERE o.customer_company_name IS DISTINCT FROM c.company_name
             OR o.carrier_company_name IS DISTINCT FROM k.company_name OR o.owner_name IS DISTINCT FROM u.name`,
    );
    expect(stale[0]?.n).toBe(0);
  });
});
