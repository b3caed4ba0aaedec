import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { fieldViolation } from './errors.ts';
import { uuidFromIri } from './hydra.ts';

export const REF_NOT_FOUND = 'Nie znaleziono wskazanego rekordu!';

/** An IRI or uuid sent in a payload, turned into the row id; a dangling reference is a 422 on that field. */
export async function resolveRef(
  db: DbOrTx,
  /** `where`: what else the row must be (a user: staff, never a customer's panel login). */
  target: { table: PgTable; id: PgColumn; uuid: PgColumn; resource: string; where?: SQL },
  field: string,
  value: string | null | undefined,
): Promise<number | null | undefined> {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const uuid = uuidFromIri(value, target.resource);
  if (!uuid) throw fieldViolation(field, REF_NOT_FOUND);
  const match = target.where ? and(eq(target.uuid, uuid), target.where) : eq(target.uuid, uuid);
  const [row] = (await db.select({ id: target.id }).from(target.table).where(match)) as {
    id: number;
  }[];
  if (!row) throw fieldViolation(field, REF_NOT_FOUND);
  return row.id;
}
