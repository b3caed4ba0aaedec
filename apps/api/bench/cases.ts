import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/client.ts';
import { carriers, customers } from '../src/db/schema/index.ts';
import { type FilterSpec, parseListQuery, type RawQuery } from '../src/http/filters.ts';
import { carrierFilters } from '../src/modules/carriers/routes.ts';
import { customerFilters } from '../src/modules/customers/routes.ts';
import { listUsers, userFilters } from '../src/modules/users/queries.ts';

/** One entry per list endpoint: its URL and the same query run directly. Each resource adds its own. */
export type BenchCase = { name: string; path: () => string; sql: (db: Db) => Promise<unknown> };

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

const carrierCapacity = {
  countries: 'DE',
  'maxCargoLength[gte]': '1360',
  'maxCargoWidth[gte]': '245',
  'maxCargoHeight[gte]': '270',
  'maxCargoWeight[gte]': '2400',
  itemsPerPage: '30',
};

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
];
