import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { currentUser } from './auth.ts';
import { unauthorized } from './errors.ts';

/** The row id of the user behind the token (createdBy, changedBy, the default owner). */
export async function actorId(db: DbOrTx, request: FastifyRequest): Promise<number> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.uuid, currentUser(request).uuid));
  if (!row) throw unauthorized();
  return row.id;
}
