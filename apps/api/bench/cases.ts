import type { Db } from '../src/db/client.ts';
import { parseListQuery } from '../src/http/filters.ts';
import { listUsers, userFilters } from '../src/modules/users/queries.ts';

/** One entry per list endpoint: its URL and the same query run directly. Each resource adds its own. */
export type BenchCase = { name: string; path: () => string; sql: (db: Db) => Promise<unknown> };

const usersQuery = { page: '1', itemsPerPage: '15', 'order[name]': 'asc' };

export const benchCases: BenchCase[] = [
  {
    name: 'GET /api/users (page 1, 15, by name)',
    path: () => `/api/users?${new URLSearchParams(usersQuery)}`,
    sql: (db) => listUsers(db, parseListQuery(usersQuery, userFilters)),
  },
  {
    name: 'GET /api/users?name=kowal',
    path: () => '/api/users?name=kowal&itemsPerPage=15',
    sql: (db) => listUsers(db, parseListQuery({ name: 'kowal', itemsPerPage: '15' }, userFilters)),
  },
];
