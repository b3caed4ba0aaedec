/**
 * Every list of the API, found rather than listed (issue 35): each GET operation of the app's OpenAPI document is
 * called once, in process, with real ids; an answer that is a collection (`hydra:member`) makes it a list, and the
 * filter specs `parseListQuery` was given while answering tell its sortable columns, its filters and its search. The
 * bench (bench/listBench.ts) measures every case made here; bench/listCoverage.test.ts fails, naming the route, when
 * a list cannot be measured (a filter with no value to try, a path with no id) and has no written exemption.
 */
import { hash } from '@node-rs/argon2';
import { Column, getTableName, is, isNotNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config.ts';
import { type Db, selectRows } from '../src/db/client.ts';
import { orders } from '../src/db/schema/index.ts';
import { type FilterField, type FilterSpec, observeListSpecs, type RawQuery } from '../src/http/filters.ts';
import { ensureTrackToken, findTrackLink } from '../src/modules/customerWindow/token.ts';
import { portalKey } from '../src/modules/portal/service.ts';
import { ensurePortalToken, findPortalLink } from '../src/modules/portal/token.ts';
import { fillPath, operationsOf } from '../test/openapi.ts';

/** A list found: its route (OpenAPI form), the address called, and the specs it parsed its query with. */
export type ListRoute = {
  route: string;
  url: string;
  public: boolean;
  specs: FilterSpec[];
  /** The query the route was called with (a variant such as `side=carrier`). */
  base: RawQuery;
  /** A list read with a login of its own (the customer panel's, issue 37), not the admin's. */
  token?: string;
};

export type ListCase = { route: string; name: string; url: string; public: boolean; token?: string };

/**
 * GET operations that are not called to find lists, with the reason. Everything else is called; one that does not
 * answer 200 is reported (the coverage test fails on it), so a new list cannot hide behind an error.
 */
export const NOT_PROBED: Record<string, string> = {
  '/api/registry/company': 'an item: one company from GUS by NIP (an outside service)',
  '/api/public/offers/verify': 'a one-time e-mail confirmation link, not a list',
  '/api/telegram/me': "an item: the signed-in user's Telegram link",
  '/api/token/refresh': 'signs in again: not a read',
  // Writes the original client sends as GETs (SPEC §7): calling them would change the data being measured.
  '/api/queries/{id}/changeType': 'a write sent as a GET: turns the query into an order',
  '/api/orders/{id}/changeType': 'a write sent as a GET: turns the order back into a query',
  '/api/orders/{id}/send/{party}': "a write sent as a GET: mails the order's document",
  '/api/exchange_rates/eur': 'an item: one NBP rate (an outside service)',
  '/api/orders/{id}/rating': "an item: one order's rating of its carrier (a 404 until it is given)",
  '/api/invoices/{id}/draft': "an item: a new invoice's draft made from one invoice",
  '/api/invoices/{id}/interest': 'an item: the interest of one overdue invoice on a day',
  '/api/invoices/{id}/ksef/upo': "a file: KSeF's receipt of one sent invoice",
  '/api/received_invoices/{id}': 'an item: one invoice received from KSeF',
  '/api/interest_notes/{id}': 'an item: one interest note',
  '/api/received_invoices/{id}/xml': 'a file: one received invoice as KSeF sent it',
  '/api/received_invoices/{id}/pdf': 'a file: one received invoice printed',
  '/api/interest_notes/{id}/pdf': 'a file: one interest note printed',
  '/api/documents/{id}/content': "a file: one of an order's documents",
  '/api/documents/{id}/previewLink': "an item: a signed address of one order's document",
  '/api/public/documents/{id}/content': 'a file: one order document by its signed address (no signature here)',
  '/api/public/portal/{token}/documents/{id}/content': "a file: one document of the carrier's order",
  '/api/imports/{id}': 'an item: one import of a file (its state and counts)',
  '/api/imports/{id}/preview': "an item: the first 50 rows of one import's file, normalised",
  '/api/imports/{id}/rejected': "a file: one import's refused rows as CSV",
  '/api/public/track/{token}/documents/{id}': "a file: one document or invoice of the customer's order",
  '/api/panel/invoices/{id}/pdf': "a file: one of the customer's invoices printed",
  '/api/transfer_batches/{id}/file': "a file: one batch's bank file (its first export locks the batch)",
  // A list's export is a file of every row the list's filters match (at 1,000,000 rows a minute or more each); the
  // export of 100,000 orders has its own case (bench/exportBench.ts), and each export its API tests.
  ...Object.fromEntries(
    ['orders', 'loadings/archive', 'queries', 'tasks', 'customers', 'carriers', 'invoices', 'payments'].map((list) => [
      `/api/${list}/export`,
      'a file: the whole list as a spreadsheet, not a page (measured by the export case)',
    ]),
  ),
};

/**
 * Items whose answer holds a list that grows with the data (a statement's lines, the carrier's page with its order's
 * events and documents): measured as lists, by their default view.
 */
export const EMBEDDED_LISTS = new Set([
  '/api/bank_statements/{id}',
  '/api/public/portal/{token}',
  '/api/public/track/{token}',
  '/api/panel/orders/{id}',
  // Issue 38: a batch with its transfers (500 in a large week).
  '/api/transfer_batches/{id}',
]);

/** Lists answered by more than one query: each variant is measured as its own list (its own spec and defaults). */
export const ROUTE_VARIANTS: Record<string, RawQuery[]> = {
  '/api/payments': [{ side: 'customer' }, { side: 'carrier' }],
  // Not a list; asked as the stats page asks (a range is required).
  '/api/stats': [{ from: '2026-01-01', to: '2026-12-31' }],
};

/**
 * Values to try for a list's own parameters (custom filters), which say nothing of their type. Per route, then for
 * every route. A custom filter missing here is named by the coverage test.
 */
export const CUSTOM_SAMPLES: Record<string, Record<string, string>> = {
  '*': {
    search: 'kow',
    status: 'wszystkie',
    number: '12',
    customer: 'trans',
    carrier: 'trans',
    debtor: 'true',
    countries: 'DE',
    'countries[]': 'DE',
    verificationStatus: 'zweryfikowany',
    portal: 'nieprzyjete',
    eta: 'opoznione',
    // The bank statement's open-invoice picker sends what was typed once it has three characters (PICKER_MIN_SEARCH_LENGTH).
    term: 'kow',
    paymentStatus: 'po_terminie',
    matched: 'false',
    state: 'overdue',
    // Issue 39: the carriers with an average score of at least this.
    minRating: '4',
  },
  // The side is the variant itself (ROUTE_VARIANTS).
  '/api/payments': { side: '' },
  // Issue 38: the statuses of carriers' invoices and the views of 'Do zapłaty'.
  '/api/carrier_invoices': { status: 'do_zaplaty' },
  '/api/payables': { status: 'po_terminie' },
};

/** Values of the path's own records, for parameters that name one (filled in when the list is found). */
const RECORD_PARAMS: Record<string, string> = {
  'customer.uuid': 'customers',
  order: 'orders',
  'user.uuid': 'users',
  'user.uuid[]': 'users',
};

/**
 * Lists measured by their default view only, with the reason (a bounded list, or one whose filters cannot be tried
 * on seeded data). Empty is the goal.
 */
export const DEFAULT_ONLY: Record<string, string> = {};

type Samples = Record<string, string>;

/** Ids to fill the paths with: a record of each resource the paths name (the first one found), and a carrier link. */
async function firstUuid(db: Db, table: string): Promise<string | undefined> {
  const rows = await selectRows<{ uuid: string }>(
    db,
    sql`SELECT uuid::text AS uuid FROM ${sql.identifier(table)} ORDER BY id LIMIT 1`,
  );
  return rows[0]?.uuid;
}

async function pathSamples(db: Db, config: Config): Promise<Record<string, Samples>> {
  const first = (table: string) => firstUuid(db, table);
  const byResource: Record<string, Samples> = {};
  const tables: Record<string, string> = {
    orders: 'orders',
    queries: 'queries',
    invoices: 'invoices',
    customers: 'customers',
    carriers: 'carriers',
    users: 'users',
    tasks: 'tasks',
    offers: 'offers',
    bank_statements: 'bank_statements',
    interest_notes: 'interest_notes',
    invoice_payments: 'invoice_payments',
    carrier_payments: 'carrier_payments',
    invoice_positions: 'invoice_positions',
    received_invoices: 'received_invoices',
    carrier_invoices: 'carrier_invoices',
    transfer_batches: 'transfer_batches',
    documents: 'order_documents',
    settings: 'settings',
  };
  for (const [resource, table] of Object.entries(tables)) {
    const uuid = await first(table).catch(() => undefined);
    if (uuid) byResource[resource] = { id: uuid };
  }
  // The carrier's link: an order of a carrier whose link opens (live, not converted, its unloading recent: see
  // findPortalLink), with its token: a new one if none was sent (kept as its hash, so any server of this database
  // accepts it).
  const candidates = await db
    .select({ id: orders.id, carrierId: orders.carrierId })
    .from(orders)
    .where(sql`${orders.carrierId} IS NOT NULL AND ${orders.deletionReason} = 0 AND ${orders.status} = 'aktywne'`)
    .orderBy(sql`coalesce(${orders.unloadingDate}, ${orders.loadingDate}) DESC NULLS LAST`)
    .limit(20);
  for (const order of candidates) {
    const token = await ensurePortalToken(db, portalKey(config), order, null);
    if (await findPortalLink(db, token)) {
      byResource.public = { token };
      break;
    }
  }
  // The customer's tracking link (issue 37) of a live order, and that order for its customer's panel.
  const [live] = await db
    .select({ id: orders.id, uuid: orders.uuid, customerId: orders.customerId })
    .from(orders)
    .where(sql`${orders.customerId} IS NOT NULL AND ${orders.deletionReason} = 0 AND ${orders.status} = 'aktywne'`)
    .orderBy(sql`coalesce(${orders.unloadingDate}, ${orders.loadingDate}) DESC NULLS LAST`)
    .limit(1);
  if (live) {
    const { token } = await ensureTrackToken(db, portalKey(config), live.id);
    if (await findTrackLink(db, token)) byResource.track = { token, id: live.uuid };
    byResource.panel = { id: live.uuid, customerId: String(live.customerId) };
  }
  return byResource;
}

/**
 * A panel login (ROLE_CUSTOMER) for the customer of the sampled order: the panel's lists are read as that customer.
 */
async function panelToken(app: FastifyInstance, db: Db, customerId: string | undefined): Promise<string | undefined> {
  if (!customerId) return undefined;
  const login = `bench-panel-${customerId}@klient.example`;
  const password = 'Bench-Panel-Haslo-1';
  const [user] = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO users (login, name, password_hash, roles) VALUES (${login}, 'Panel klienta (bench)',
          ${await hash(password)}, ARRAY['ROLE_CUSTOMER']::text[])
        ON CONFLICT (lower(login)) DO UPDATE SET name = excluded.name RETURNING id`,
  );
  await db.execute(sql`INSERT INTO panel_users (user_id, customer_id, password_set_at)
    VALUES (${user?.id}, ${Number(customerId)}, now()) ON CONFLICT (user_id) DO NOTHING`);
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: login, password } });
  return res.statusCode === 200 ? (res.json() as { token: string }).token : undefined;
}

const resourceOf = (path: string) =>
  path.startsWith('/api/public/track/')
    ? 'track'
    : path.startsWith('/api/public/')
      ? 'public'
      : (path.split('/')[2] ?? '');

export type Discovery = {
  lists: ListRoute[];
  /** GET operations that did not answer 200 when called (route and status): each must be fixed or exempted. */
  unanswered: { route: string; status: number; body: string }[];
};

/** Calls every GET operation once (in process, as the admin; the public ones without a token) and keeps the lists. */
export async function discoverLists(app: FastifyInstance, db: Db, config: Config, token: string): Promise<Discovery> {
  const operations = (await operationsOf(app)).filter((op) => op.method === 'GET');
  const samples = await pathSamples(db, config);
  const panel = await panelToken(app, db, samples.panel?.customerId).catch(() => undefined);
  const lists: ListRoute[] = [];
  const unanswered: Discovery['unanswered'] = [];
  for (const op of operations) {
    if (op.path in NOT_PROBED) continue;
    const isPublic = op.path.startsWith('/api/public/');
    const own = op.path.startsWith('/api/panel/') ? panel : undefined;
    const values = { party: 'carrier', format: 'pdf', ...samples[resourceOf(op.path)] };
    const path = fillPath(op, values, '00000000-0000-4000-8000-000000000000');
    for (const base of ROUTE_VARIANTS[op.path] ?? [{}]) {
      const query = new URLSearchParams(base as Record<string, string>).toString();
      const url = query ? `${path}?${query}` : path;
      const specs = new Set<FilterSpec>();
      observeListSpecs((spec) => specs.add(spec));
      let res: Awaited<ReturnType<FastifyInstance['inject']>>;
      try {
        res = await app.inject({
          method: 'GET',
          url,
          headers: isPublic ? {} : { authorization: `Bearer ${own ?? token}` },
        });
      } finally {
        observeListSpecs(undefined);
      }
      if (res.statusCode !== 200) {
        unanswered.push({ route: op.path, status: res.statusCode, body: res.body.slice(0, 200) });
        continue;
      }
      if (!(res.headers['content-type'] ?? '').toString().includes('json')) continue;
      const body = res.json() as unknown;
      const isCollection =
        body && typeof body === 'object' && Array.isArray((body as Record<string, unknown>)['hydra:member']);
      if (isCollection || EMBEDDED_LISTS.has(op.path)) {
        lists.push(
          Object.assign({ route: op.path, url, public: isPublic, specs: [...specs], base }, own ? { token: own } : {}),
        );
      }
    }
  }
  return { lists, unanswered };
}

/** A value of a column found in the data (a filter tried with a value that exists), or undefined. */
async function sampleOf(db: Db, column: SQLWrapper): Promise<string | undefined> {
  if (!is(column, Column)) return undefined;
  const table = (column as Column).table as PgTable;
  // A row from the middle of the table's order, not the first written (often a fixture).
  const [size] = await selectRows<{ n: string | number }>(
    db,
    sql`SELECT greatest(reltuples, 0)::bigint AS n FROM pg_class WHERE relname = ${getTableName(table)}`,
  );
  const at = async (offset: number) =>
    (await db
      .select({ v: sql<unknown>`${column}::text` })
      .from(table)
      .where(isNotNull(column as Column))
      .limit(1)
      .offset(offset)) as { v: unknown }[];
  const middle = Math.min(Math.floor(Number(size?.n ?? 0) / 2), 5000);
  let rows = await at(middle);
  if (rows.length === 0 && middle > 0) rows = await at(0);
  const v = rows[0]?.v;
  return v === undefined || v === null ? undefined : String(v);
}

const FALLBACK: Record<FilterField['type'], string> = {
  string: 'kowal',
  int: '1000',
  uuid: '00000000-0000-4000-8000-000000000000',
  date: '2026-01-01',
  timestamp: '2026-01-01',
  bool: 'true',
};

/** The parameter and value that try one field as a filter, or why it cannot be tried. */
async function filterOf(db: Db, name: string, field: FilterField): Promise<[string, string] | string> {
  if (field.values && field.values.length > 0) return [name, field.values[0] as string];
  if (field.type === 'bool') return [name, 'true'];
  // An empty table (a small seed) is still tried, with a value of the column's type: the plan is what matters.
  const sample = (await sampleOf(db, field.column)) ?? FALLBACK[field.type];
  if (field.search) {
    switch (field.search) {
      case 'partial':
      case 'unaccent':
        return [name, sample.trim().slice(0, 4).toLowerCase()];
      case 'start':
        return [name, sample.trim().slice(0, 3)];
      case 'taxId':
      case 'phone':
        return [name, sample.replace(/\D/g, '').slice(1, 6)];
      default:
        return [name, field.type === 'date' || field.type === 'timestamp' ? sample.slice(0, 10) : sample];
    }
  }
  if (field.date) return [`${name}[after]`, sample.slice(0, 10)];
  if (field.range) {
    if (field.type === 'date' || field.type === 'timestamp') return [`${name}[gte]`, sample.slice(0, 10)];
    return [`${name}[gte]`, sample];
  }
  return `${name}: neither a search, a range nor a date filter`;
}

const withQuery = (url: string, extra: Record<string, string>) => {
  const [path, query] = url.split('?') as [string, string | undefined];
  const params = new URLSearchParams(query ?? '');
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return `${path}?${params}`;
};

/**
 * The cases of one list: its default view, every sortable column both ways, every filter alone, and its own
 * parameters (the search among them); with what could not be made.
 */
export async function casesOf(db: Db, list: ListRoute): Promise<{ cases: ListCase[]; missing: string[] }> {
  const label =
    list.base && Object.keys(list.base).length > 0
      ? `${list.route}?${new URLSearchParams(list.base as Record<string, string>)}`
      : list.route;
  const make = (name: string, extra: Record<string, string>): ListCase => ({
    route: label,
    name,
    url: Object.keys(extra).length > 0 ? withQuery(list.url, extra) : list.url,
    public: list.public,
    ...(list.token ? { token: list.token } : {}),
  });
  const cases: ListCase[] = [make('default', {})];
  const missing: string[] = [];
  if (list.route in DEFAULT_ONLY) return { cases, missing };
  const seen = new Set<string>();
  for (const spec of list.specs) {
    for (const [name, field] of Object.entries(spec.fields)) {
      if (field.order) {
        for (const direction of ['asc', 'desc']) {
          const key = `order[${name}]=${direction}`;
          if (seen.has(key)) continue;
          seen.add(key);
          cases.push(make(key, { [`order[${name}]`]: direction }));
        }
      }
      if (!(field.search || field.range || field.date)) continue;
      if (seen.has(`filter ${name}`)) continue;
      seen.add(`filter ${name}`);
      const filter = await filterOf(db, name, field);
      if (typeof filter === 'string') missing.push(filter);
      else cases.push(make(`${filter[0]}=${filter[1]}`, { [filter[0]]: filter[1] }));
    }
    for (const name of Object.keys(spec.custom ?? {})) {
      if (seen.has(`custom ${name}`)) continue;
      seen.add(`custom ${name}`);
      const record = RECORD_PARAMS[name];
      const value =
        CUSTOM_SAMPLES[list.route]?.[name] ??
        CUSTOM_SAMPLES['*']?.[name] ??
        (record ? await firstUuid(db, record) : undefined);
      if (value === '') continue;
      if (value === undefined)
        missing.push(`${name}: its own parameter has no value to try in bench/lists.ts CUSTOM_SAMPLES`);
      else cases.push(make(`${name}=${value}`, { [name]: value }));
    }
  }
  return { cases, missing };
}
