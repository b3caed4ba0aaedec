import { datesIssue, type QueryUpdate, queryCreateSchema, queryUpdateSchema } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { customers, queries, users } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { assertMayListDeleted, assertUsable } from '../../http/auth.ts';
import { AppError, fieldViolation, notFound } from '../../http/errors.ts';
import { parseListQuery } from '../../http/filters.ts';
import { collection } from '../../http/hydra.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { resolveRef } from '../../http/refs.ts';
import type { GeoService } from '../../integrations/geo/types.ts';
import { readSetting } from '../settings/repository.ts';
import { locateRoute, routeChanged } from '../shipments/geo.ts';
import type { SoftDeleteRegistry } from '../softDelete/registry.ts';
import { staffOnly } from '../users/queries.ts';
import { queryFilters } from './filters.ts';
import { findQuery, listQueries, toQueryJson } from './repository.ts';

const customerRef = { table: customers, id: customers.id, uuid: customers.uuid, resource: 'customers' };
const userRef = { table: users, id: users.id, uuid: users.uuid, resource: 'users', where: staffOnly };

export async function queriesRoutes(
  app: FastifyInstance,
  { db, geo, softDelete }: { db: Db; geo: GeoService; softDelete: SoftDeleteRegistry },
) {
  softDelete.set('query', { table: queries, uuid: queries.uuid, deletionReason: queries.deletionReason });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Queries'];

  const load = async (uuid: string) => {
    const row = await findQuery(db, eq(queries.uuid, uuid));
    if (!row) throw notFound();
    return row;
  };
  const loadLive = async (uuid: string, request: FastifyRequest, purpose: 'read' | 'write') => {
    const row = await load(uuid);
    assertUsable(row.query.deletionReason, request, purpose);
    return row;
  };

  r.get('/api/queries', { schema: { tags, querystring: z.record(z.string(), z.unknown()) } }, async (request) => {
    assertMayListDeleted(request);
    const params = parseListQuery(request.query, queryFilters);
    const { rows, total } = await listQueries(db, params);
    return collection(request.url, rows.map(toQueryJson), total, params);
  });

  r.get('/api/queries/:id', { schema: { tags, params: idParams } }, async (request) =>
    toQueryJson(await loadLive(uuidParam(request.params.id), request, 'read')),
  );

  r.post('/api/queries', { schema: { tags, body: queryCreateSchema } }, async (request, reply) => {
    const { customer, user, ...fields } = request.body;
    const me = await actorId(db, request);
    const customerId = await resolveRef(db, customerRef, 'customer', customer);
    const userId = (await resolveRef(db, userRef, 'user', user)) ?? me;
    const euroExchangeRate =
      fields.euroExchangeRate ?? (Number((await readSetting(db, 'euroExchangeRate')) ?? 0) || null);
    const located = await locateRoute(geo, fields);
    const [row] = await db
      .insert(queries)
      .values({ ...fields, ...located, euroExchangeRate, customerId, userId, createdById: me })
      .returning({ uuid: queries.uuid });
    return reply.code(201).send(toQueryJson(await load(row?.uuid as string)));
  });

  const update = async (request: FastifyRequest, id: string, body: QueryUpdate) => {
    const uuid = uuidParam(id);
    const existing = (await loadLive(uuid, request, 'write')).query;
    const { customer, user, ...fields } = body;
    const changes: Record<string, unknown> = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    );
    const merged = { ...existing, ...changes } as typeof existing;
    const issue = datesIssue({ loadingDate: merged.loadingDate, unloadingDate: merged.unloadingDate });
    if (issue) throw fieldViolation(issue.path, issue.message);
    const customerId = await resolveRef(db, customerRef, 'customer', customer);
    if (customerId !== undefined) changes.customerId = customerId;
    const userId = await resolveRef(db, userRef, 'user', user);
    if (userId !== undefined) changes.userId = userId;
    if (routeChanged(changes)) Object.assign(changes, await locateRoute(geo, merged));
    if (Object.keys(changes).length > 0) await db.update(queries).set(changes).where(eq(queries.uuid, uuid));
    return toQueryJson(await load(uuid));
  };
  const updateOptions = { schema: { tags, params: idParams, body: queryUpdateSchema } };
  r.put('/api/queries/:id', updateOptions, (request) => update(request, request.params.id, request.body));
  r.patch('/api/queries/:id', updateOptions, (request) => update(request, request.params.id, request.body));

  r.delete('/api/queries/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    const uuid = uuidParam(request.params.id);
    try {
      const deleted = await db.delete(queries).where(eq(queries.uuid, uuid)).returning({ id: queries.id });
      if (deleted.length === 0) throw notFound();
    } catch (error) {
      if (isForeignKeyViolation(error))
        throw new AppError(409, 'in_use', 'Nie można usunąć zapytania powiązanego z innymi rekordami.');
      throw error;
    }
    return reply.code(204).send();
  });
}
