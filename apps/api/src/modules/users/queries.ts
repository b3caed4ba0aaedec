import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type FilterSpec, type ListParams, sortKey } from '../../http/filters.ts';
import { iri } from '../../http/hydra.ts';
import { listStatements, runList } from '../../http/listing.ts';

export type UserRow = typeof users.$inferSelect;
export type UserInsert = typeof users.$inferInsert;

export function toUserJson(row: UserRow) {
  return {
    '@id': iri('users', row.uuid),
    '@type': 'User' as const,
    id: row.id,
    uuid: row.uuid,
    version: row.version,
    login: row.login,
    name: row.name,
    roles: row.roles,
    phonePrefix: row.phonePrefix,
    phone: row.phone,
    email: row.email,
    telegramUserId: row.telegramUserId,
    createdDate: row.createdAt.toISOString(),
  };
}

export const userFilters: FilterSpec = {
  fields: {
    uuid: { column: users.uuid, type: 'uuid', search: 'exact' },
    login: { column: users.login, type: 'string', search: 'partial', order: true },
    name: { column: users.name, type: 'string', search: 'partial', order: true },
    email: { column: users.email, type: 'string', search: 'partial', order: true },
    phone: { column: users.phone, type: 'string', search: 'partial' },
    // The roles as one text, by an IMMUTABLE function (array_to_string is only STABLE), so that an index can hold it.
    roles: { column: sql`f_roles_text(${users.roles})`, type: 'string', search: 'partial' },
    createdDate: { column: users.createdAt, type: 'timestamp', date: true, order: true },
  },
  // As order[name]=asc sorts (names are never null), so that users_name_idx serves both.
  defaultOrder: [sortKey(users.name)],
  tiebreaker: users.id,
  itemsPerPage: 30,
};

/** The staff: a customer's panel login (issue 37) is not one of the office's users, nor reachable through /api/users. */
export const staffOnly = sql`NOT ('ROLE_CUSTOMER' = ANY(${users.roles}))`;

export async function listUsers(db: DbOrTx, params: ListParams) {
  const staff = Object.assign({}, params, { where: params.where ? and(params.where, staffOnly) : staffOnly });
  const result = await runList(listStatements(db, staff, db.select().from(users).$dynamic(), { from: users }), staff);
  // What the count found out (a total past the cap) belongs to the caller's list.
  if (staff.totalCapped) params.totalCapped = true;
  return result;
}

export async function findUserByUuid(db: DbOrTx, uuid: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.uuid, uuid), staffOnly));
  return row;
}

export async function findUserByLogin(db: DbOrTx, login: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.login}) = lower(${login})`);
  return row;
}

export async function insertUser(db: DbOrTx, values: UserInsert) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(db: DbOrTx, uuid: string, values: Partial<UserInsert>) {
  const [row] = await db.update(users).set(values).where(eq(users.uuid, uuid)).returning();
  return row;
}

export async function deleteUser(db: DbOrTx, uuid: string) {
  const rows = await db.delete(users).where(eq(users.uuid, uuid)).returning({ id: users.id });
  return rows.length > 0;
}

export async function countAdmins(db: DbOrTx) {
  const [row] = await db.select({ n: count() }).from(users).where(sql`'ROLE_ADMIN' = ANY(${users.roles})`);
  return row?.n ?? 0;
}
