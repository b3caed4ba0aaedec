import { calendarPropertyParams } from '@spedycja/domain';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/client.ts';
import { carriers, customers, orders, queries } from '../src/db/schema/index.ts';
import { buildFa3Xml } from '../src/documents/fa3.ts';
import { renderInvoicePdf } from '../src/documents/invoicePdf.ts';
import { orderDocument } from '../src/documents/orderDocument.ts';
import { renderPdf } from '../src/documents/pdf.ts';
import { type FilterSpec, parseListQuery, type RawQuery } from '../src/http/filters.ts';
import { type Projection, projectionOf } from '../src/http/properties.ts';
import { carrierFilters } from '../src/modules/carriers/repository.ts';
import { customerFilters } from '../src/modules/customers/repository.ts';
import { invoiceFilters } from '../src/modules/invoices/filters.ts';
import { findInvoiceByUuid, listInvoices } from '../src/modules/invoices/repository.ts';
import { orderFilters } from '../src/modules/orders/filters.ts';
import { findOrder, listOrders, listOrdersAsJson } from '../src/modules/orders/repository.ts';
import { paymentFilters } from '../src/modules/payments/filters.ts';
import { listPayments } from '../src/modules/payments/repository.ts';
import { queryFilters } from '../src/modules/queries/filters.ts';
import { listQueries } from '../src/modules/queries/repository.ts';
import { readAllSettings } from '../src/modules/settings/company.ts';
import { parseStatsQuery } from '../src/modules/stats/range.ts';
import { computeStats } from '../src/modules/stats/service.ts';
import { dueTaskCount } from '../src/modules/tasks/repository.ts';
import { dueTasks } from '../src/modules/telegram/repository.ts';
import { listUsers, userFilters } from '../src/modules/users/queries.ts';

/** Values found once the data is there (an order to print, the admin's uuid). */
export type BenchContext = { orderUuid: string; adminUuid: string; invoiceUuid: string };

/**
 * One entry per endpoint: its URL and the same work done directly (SQL, or the renderer).
 * `connections` overrides the run's setting (throughput cases); each resource adds its own.
 */
export type BenchCase = {
  name: string;
  /** The endpoint; none for work the server does on its own (the Telegram worker): then only the SQL is timed. */
  path?: (ctx: BenchContext) => string;
  sql: (db: Db, ctx: BenchContext) => Promise<unknown>;
  connections?: number;
  /** Data the case needs besides the seeded rows, added once before anything is timed. */
  setup?: (db: Db) => Promise<void>;
};

/** The list query a resource's route runs: one page plus the total. */
async function pageOf(db: Db, table: PgTable, spec: FilterSpec, query: RawQuery) {
  const p = parseListQuery(query, spec);
  const rows = await db
    .select()
    .from(table)
    .where(p.where)
    .orderBy(...p.orderBy)
    .limit(p.limit ?? 1000)
    .offset(p.offset);
  const [total] = p.partial ? [{ n: rows.length }] : await db.select({ n: count() }).from(table).where(p.where);
  return { rows, total };
}

const qs = (q: RawQuery) => new URLSearchParams(q as Record<string, string>).toString();

const usersQuery = { page: '1', itemsPerPage: '15', 'order[name]': 'asc' };

/** What dispatchers type into the customer picker (it searches from 3 characters). */
const typed = ['kow', 'łódź', 'trans-pol', 'wiśniew', '500012', 'biuro123', 'meblo', 'nowak', 'kowalczyk', 'zając'];
let typedIndex = 0;
const nextTyped = () => typed[typedIndex++ % typed.length] as string;
const customerSearch = (search: string) => ({ search, itemsPerPage: '10', partial: 'true' });

/** The next page of the queries table, as infinite scroll asks for it: two filters, the best offer. */
const queriesPage = {
  page: '2',
  itemsPerPage: '30',
  partial: 'true',
  status: 'aktywne',
  loadingCountry: 'PL',
  'bestOffer[lte]': '300000',
};
/** As the orders table asks: status aktywne (its default) plus three filters and a sort. */
const ordersPage = {
  status: 'aktywne',
  itemsPerPage: '8',
  loadingCountry: 'PL',
  'customerPrice[gte]': '400000',
  'loadingDate[after]': '2026-01-01',
  'order[loadingDate]': 'desc',
};

let freshPrice = 0;
const freshOrdersPage = () => ({ ...ordersPage, 'customerPrice[gte]': String(400000 + (freshPrice++ % 100000)) });

/** The invoices screen: last month's VAT invoices (a full month of the seeded two years), 30 a page, newest first. */
const lastMonth = (() => {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
})();
const invoicesPage = {
  type: 'vat',
  'createdDate[after]': lastMonth.from,
  'createdDate[before]': lastMonth.to,
  itemsPerPage: '30',
  page: '2',
};

const carrierCapacity = {
  countries: 'DE',
  'maxCargoLength[gte]': '1360',
  'maxCargoWidth[gte]': '245',
  'maxCargoHeight[gte]': '270',
  'maxCargoWeight[gte]': '2400',
  itemsPerPage: '30',
};

/**
 * The loadings calendar's month: the seeder spreads its orders over four months (thousands a day), so the case adds
 * an office's month of its own, ≈1,500 orders (≈3,000 events: each order's loading and unloading) in a month after
 * the seeded ones, among all the others. The page asks two things at once, the month's loadings and its unloadings;
 * the case alternates them, so each figure is one of the two requests.
 */
const CALENDAR_YEAR = new Date().getUTCFullYear() + 2;
const CALENDAR_ORDERS = 1500;
let calendarSide = 0;
const calendarQuery = () => {
  const field = calendarSide++ % 2 === 0 ? 'loadingDate' : 'unloadingDate';
  return {
    [`${field}[gt]`]: `${CALENDAR_YEAR}-11-29`,
    [`${field}[lt]`]: `${CALENDAR_YEAR + 1}-01-10`,
    showInCalendar: 'true',
    pagination: 'false',
    [`order[${field}]`]: 'asc',
  };
};
/** The calendar's request as the page sends it: with the property filter (the SQL is the same). */
const calendarUrl = () => {
  const search = new URLSearchParams(calendarQuery());
  for (const [key, values] of Object.entries(calendarPropertyParams())) for (const v of values) search.append(key, v);
  return `/api/orders?${search}`;
};
async function seedCalendarMonth(db: Db) {
  await db.execute(sql`
    INSERT INTO orders (number, status, customer_id, carrier_id, user_id, created_by_id, cargo, loading_city,
      loading_postal_code, loading_country, unloading_city, unloading_postal_code, unloading_country, distance,
      loading_date, unloading_date, customer_price, carrier_price, driver_name, truck, trailer, loading_finished)
    SELECT 'KAL' || g || '/12/' || ${CALENDAR_YEAR}, 'aktywne', o.customer_id, o.carrier_id, o.user_id, o.user_id,
      o.cargo, o.loading_city, o.loading_postal_code, o.loading_country, o.unloading_city, o.unloading_postal_code,
      o.unloading_country, o.distance,
      make_timestamptz(${CALENDAR_YEAR}, 12, 1 + g % 31, 6 + g % 12, 0, 0, 'UTC'),
      make_timestamptz(${CALENDAR_YEAR}, 12, 1 + g % 31, 6 + g % 12, 0, 0, 'UTC') + interval '1 day',
      o.customer_price, o.carrier_price, o.driver_name, o.truck, o.trailer, g % 3 = 0
    FROM generate_series(1, ${CALENDAR_ORDERS}) AS g JOIN orders o ON o.id = g
    ON CONFLICT DO NOTHING`);
}

/** The stats page's usual question: this year (the seeder spreads orders over two years around today). */
const statsYear = (() => {
  const y = new Date().getUTCFullYear();
  return { from: `${y}-01-01`, to: `${y}-12-31` };
})();
/**
 * The same question for an office's real size: the seeder gives its orders to thousands of owners (one per hundred
 * rows: 10,006 at a million, the worst case above), an office has tens. The case adds a year of its own, 24,000 orders
 * among 30 owners, four years ahead, and asks for that year.
 */
// Four years ahead: clear of the calendar's month (two years ahead, into the first days of the next year).
const OFFICE_YEAR = new Date().getUTCFullYear() + 4;
const OFFICE_OWNERS = 30;
const statsOfficeYear = { from: `${OFFICE_YEAR}-01-01`, to: `${OFFICE_YEAR}-12-31` };
async function seedOfficeYear(db: Db) {
  await db.execute(sql`
    WITH owners AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM users ORDER BY id LIMIT ${OFFICE_OWNERS})
    INSERT INTO orders (number, status, customer_id, carrier_id, user_id, created_by_id, cargo, loading_city,
      loading_country, unloading_city, unloading_country, loading_date, unloading_date, customer_price, carrier_price)
    SELECT 'BIURO' || g || '/' || ${OFFICE_YEAR}, CASE WHEN g % 4 = 0 THEN 'aktywne' ELSE 'zakonczone' END,
      o.customer_id, o.carrier_id, w.id, w.id, o.cargo, o.loading_city, o.loading_country, o.unloading_city,
      o.unloading_country, make_timestamptz(${OFFICE_YEAR}, 1 + g % 12, 1 + g % 28, 8, 0, 0, 'UTC'),
      make_timestamptz(${OFFICE_YEAR}, 1 + g % 12, 1 + g % 28, 8, 0, 0, 'UTC') + interval '1 day',
      o.customer_price, o.carrier_price
    FROM generate_series(1, 24000) AS g JOIN orders o ON o.id = g
    JOIN owners w ON w.k = g % ${OFFICE_OWNERS}
    ON CONFLICT DO NOTHING`);
}

/** The payments cockpit as it opens: overdue receivables, 10 a page. */
const overduePage = { side: 'customer', state: 'overdue', itemsPerPage: '10' };

export const benchCases: BenchCase[] = [
  {
    name: 'GET /api/users (page 1, 15, by name)',
    path: () => `/api/users?${qs(usersQuery)}`,
    sql: (db) => listUsers(db, parseListQuery(usersQuery, userFilters)),
  },
  {
    name: 'GET /api/customers?search=… (picker)',
    path: () => `/api/customers?${qs(customerSearch(nextTyped()))}`,
    sql: (db) => pageOf(db, customers, customerFilters, customerSearch(nextTyped())),
  },
  {
    name: 'GET /api/customers (page 3, by company)',
    path: () => '/api/customers?page=3&order[companyName]=asc',
    sql: (db) => pageOf(db, customers, customerFilters, { page: '3', 'order[companyName]': 'asc' }),
  },
  {
    name: 'GET /api/carriers (DE, 13.6 m, 24 t)',
    path: () => `/api/carriers?${qs(carrierCapacity)}`,
    sql: (db) => pageOf(db, carriers, carrierFilters, carrierCapacity),
  },

  {
    name: 'GET /api/queries (page 2, 2 filters, best offer)',
    path: () => `/api/queries?${qs(queriesPage)}`,
    sql: (db) => listQueries(db, parseListQuery(queriesPage, queryFilters)),
  },
  {
    // As a dispatcher pages through one filter: its total is counted once (until something is written).
    name: 'GET /api/orders (8, 3 filters, sorted)',
    path: () => `/api/orders?${qs(ordersPage)}`,
    sql: (db) => listOrders(db, parseListQuery(ordersPage, orderFilters)),
  },
  {
    // A price never asked before: the total is counted every time (the first look at a filter).
    name: 'GET /api/orders (same, new filter each time)',
    path: () => `/api/orders?${qs(freshOrdersPage())}`,
    sql: (db) => listOrders(db, parseListQuery(freshOrdersPage(), orderFilters)),
  },
  {
    // A month of the loadings calendar (≈1,500 orders a side) among all the orders.
    name: 'GET /api/orders (calendar month, one side)',
    path: calendarUrl,
    sql: (db) =>
      listOrdersAsJson(
        db,
        parseListQuery(calendarQuery(), orderFilters),
        projectionOf(calendarPropertyParams()) as Projection,
      ),
    setup: seedCalendarMonth,
  },
  {
    name: 'GET /api/tasks/drawerNotifications',
    path: () => '/api/tasks/drawerNotifications',
    sql: (db, ctx) => dueTaskCount(db, ctx.adminUuid),
  },
  {
    // The Telegram worker's lookup every few seconds, as it runs it: a batch of due reminders, locked for claiming.
    name: 'Telegram: due reminders (worker, SQL)',
    sql: (db) => db.transaction((tx) => dueTasks(tx, 100)),
  },
  {
    name: 'GET /api/orders/{id}/export/pdf/carrier',
    path: (ctx) => `/api/orders/${ctx.orderUuid}/export/pdf/carrier`,
    sql: async (db, ctx) => {
      const record = await findOrder(db, eq(orders.uuid, ctx.orderUuid));
      if (record) await renderPdf(orderDocument(record, 'carrier', await readAllSettings(db)));
    },
  },
  {
    name: 'GET /api/invoices (VAT, a month, page 2 of 30)',
    path: () => `/api/invoices?${qs(invoicesPage)}`,
    sql: (db) => listInvoices(db, parseListQuery(invoicesPage, invoiceFilters)),
  },
  {
    name: 'GET /api/invoices/{id}/export/pdf',
    path: (ctx) => `/api/invoices/${ctx.invoiceUuid}/export/pdf`,
    sql: async (db, ctx) => {
      const invoice = await findInvoiceByUuid(db, ctx.invoiceUuid);
      if (invoice) await renderInvoicePdf(invoice);
    },
  },
  {
    name: 'GET /api/invoices/{id}/export/ksef (FA(3))',
    path: (ctx) => `/api/invoices/${ctx.invoiceUuid}/export/ksef`,
    sql: async (db, ctx) => {
      const invoice = await findInvoiceByUuid(db, ctx.invoiceUuid);
      if (invoice) buildFa3Xml(invoice, { generatedAt: new Date() });
    },
  },
  {
    name: 'GET /api/stats (one year)',
    path: () => `/api/stats?${qs(statsYear)}`,
    sql: (db) => computeStats(db, parseStatsQuery(statsYear)),
  },
  {
    name: 'GET /api/stats (one year, an office of 30 owners)',
    path: () => `/api/stats?${qs(statsOfficeYear)}`,
    sql: (db) => computeStats(db, parseStatsQuery(statsOfficeYear)),
    setup: seedOfficeYear,
  },
  {
    name: 'GET /api/payments (overdue receivables)',
    path: () => `/api/payments?${qs(overduePage)}`,
    sql: (db) => listPayments(db, 'customer', parseListQuery(overduePage, paymentFilters('customer'))),
  },
  {
    name: 'GET /api/public/queries (100 connections)',
    path: () => `/api/public/queries?page=${1 + (publicPage++ % 5)}&loadingCountry=PL`,
    sql: (db) =>
      db
        .select({ id: queries.id })
        .from(queries)
        .where(sql`status = 'aktywne' AND deletion_reason = 0 AND loading_country = 'PL'`)
        .orderBy(sql`loading_date`)
        .limit(21),
    connections: 100,
  },
];

let publicPage = 0;
