import { apiMessages, documentRemoveSchema, removeSchema, restoreSchema } from '@spedycja/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, selectRows } from '../../db/client.ts';
import { adminOnly } from '../../http/auth.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import type { CustomRemove, SoftDeletable, SoftDeleteRegistry } from './registry.ts';

export async function softDeleteRoutes(
  app: FastifyInstance,
  { db, registry, removeDocument }: { db: Db; registry: SoftDeleteRegistry; removeDocument?: CustomRemove },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Soft delete'];

  const setReason = (entry: SoftDeletable, uuid: string, reason: number, when: SQL) =>
    selectRows<{ uuid: string }>(
      db,
      sql`UPDATE ${entry.table} SET ${sql.identifier(entry.deletionReason.name)} = ${reason}
          WHERE ${entry.uuid} = ${uuid} AND ${when} RETURNING ${entry.uuid} AS uuid`,
    );

  const target = (type: string) => {
    const entry = registry.get(type);
    if (!entry)
      throw unprocessable(apiMessages.unknownDeletableType, [
        { propertyPath: 'type', message: apiMessages.unknownDeletableType },
      ]);
    return entry;
  };

  const removeBody = z.discriminatedUnion('type', [removeSchema, documentRemoveSchema]);
  r.post('/api/remove/:id', { schema: { tags, params: idParams, body: removeBody } }, async (request) => {
    const uuid = uuidParam(request.params.id);
    const body = request.body;
    if (body.type === 'document') {
      if (!removeDocument) throw notFound();
      return removeDocument(request, uuid, body.reason);
    }
    const entry = target(body.type);
    const updated = await setReason(entry, uuid, body.reason, sql`coalesce(${entry.deletionReason}, 0) = 0`);
    if (updated.length === 0) {
      const exists = await db.select({ uuid: entry.uuid }).from(entry.table).where(eq(entry.uuid, uuid));
      if (exists.length === 0) throw notFound();
      throw unprocessable(apiMessages.alreadyDeleted);
    }
    return { uuid, type: body.type, deletionReason: body.reason };
  });

  r.post(
    '/api/restore/:id',
    { config: adminOnly, schema: { tags, params: idParams, body: restoreSchema } },
    async (request) => {
      const uuid = uuidParam(request.params.id);
      const entry = target(request.body.type);
      const updated = await setReason(entry, uuid, 0, sql`${entry.deletionReason} > 0`);
      if (updated.length === 0) {
        const exists = await db.select({ uuid: entry.uuid }).from(entry.table).where(eq(entry.uuid, uuid));
        if (exists.length === 0) throw notFound();
        throw unprocessable(apiMessages.notDeleted);
      }
      return { uuid, type: request.body.type, deletionReason: 0 };
    },
  );
}
