import {
  apiKeyCreateSchema,
  positionsMessages as msg,
  POSITIONS_BATCH_MAX,
  portalMessages,
  portalPositionSchema,
  positionsBatchSchema,
} from '@spedycja/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { writeHistoryLine } from '../../db/history.ts';
import { carrierApiKeys, carriers, orderEtas, orders } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { collection } from '../../http/hydra.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { hitRateLimit } from '../../http/rateLimit.ts';
import { findPortalLink, hashPortalToken, PORTAL_LIMITS } from '../portal/token.ts';
import { readAllSettings } from '../settings/company.ts';
import {
  createApiKey,
  type EtaDeps,
  findApiKey,
  insertLinkPosition,
  insertTelematics,
  orderIsRunning,
  orderPositions,
  recomputeEta,
  recomputeEtas,
  toApiKeyJson,
  toEtaJson,
} from './repository.ts';

/** Calls a minute per key: a provider sending a batch every few seconds fits; 10,000 positions a minute is 10 batches. */
const POSITIONS_CALLS_PER_MINUTE = 120;

const tokenParams = z.object({ token: z.string().max(200) });

/**
 * Issue 39: positions from telematics (POST /api/positions with a carrier's API key) and from the carrier's link, the
 * carriers' keys, and an order's positions and ETA for the office.
 */
export async function positionsRoutes(
  app: FastifyInstance,
  { db, eta, tilesUrl }: { db: Db; eta: EtaDeps; tilesUrl: string | undefined },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Positions'];

  const recompute = async (orderIds: number[]) => {
    try {
      await recomputeEtas(db, eta, orderIds);
    } catch (error) {
      // The positions are kept; the hourly job recomputes what failed here.
      logEtaFailure(app, error);
    }
  };

  r.post(
    '/api/positions',
    {
      config: { public: true, ownTransactions: true },
      schema: { tags, body: positionsBatchSchema },
      // Before the body's validation: a huge batch is refused as too large, not checked item by item.
      preValidation: async (request: FastifyRequest) => {
        const key = request.headers['x-api-key'];
        if (typeof key !== 'string' || key.length < 10 || key.length > 200)
          throw new AppError(401, 'api_key_invalid', msg.keyInvalid);
        const found = await findApiKey(db, key);
        if (!found) throw new AppError(401, 'api_key_invalid', msg.keyInvalid);
        await hitRateLimit(db, `positions-key:${found.id}`, POSITIONS_CALLS_PER_MINUTE, 1, msg.tooManyRequests);
        const body = request.body as { positions?: unknown } | null;
        if (Array.isArray(body?.positions) && body.positions.length > POSITIONS_BATCH_MAX)
          throw new AppError(413, 'too_many_positions', msg.tooMany);
        (request as FastifyRequest & { apiKey?: typeof found }).apiKey = found;
      },
    },
    async (request) => {
      const key = (request as FastifyRequest & { apiKey?: { id: number; carrierId: number } }).apiKey;
      if (!key) throw new AppError(401, 'api_key_invalid', msg.keyInvalid);
      const result = await db.transaction(async (tx) => {
        const inserted = await insertTelematics(tx, key.carrierId, request.body.positions);
        await tx.update(carrierApiKeys).set({ lastUsedAt: sql`now()` }).where(eq(carrierApiKeys.id, key.id));
        return inserted;
      });
      await recompute(result.orderIds);
      return { attached: result.attached, waiting: result.waiting };
    },
  );

  r.post(
    '/api/public/portal/:token/positions',
    {
      config: { public: true, ownTransactions: true },
      schema: { tags, params: tokenParams, body: portalPositionSchema },
    },
    async (request) => {
      const { token } = request.params;
      await hitRateLimit(db, `portal-ip:${request.ip}`, PORTAL_LIMITS.perIp, 60, portalMessages.tooManyRequests);
      await hitRateLimit(
        db,
        `portal-token:${hashPortalToken(token).slice(0, 32)}`,
        PORTAL_LIMITS.perToken,
        60,
        portalMessages.tooManyRequests,
      );
      const found = await findPortalLink(db, token);
      if (!found) {
        const company = await readAllSettings(db);
        throw new AppError(404, 'portal_link_invalid', portalMessages.linkInvalid, undefined, {
          brokeragePhone: company.companyPhone ?? null,
          brokerageName: company.companyName ?? null,
        });
      }
      const { link } = found;
      // Sharing stops with the unloading: a page left open sends nothing more.
      if (!(await orderIsRunning(db, link.orderId))) throw new AppError(409, 'unloaded', msg.unloaded);
      const [order] = await db.select({ truck: orders.truck }).from(orders).where(eq(orders.id, link.orderId));
      const at = request.body.at ?? new Date().toISOString();
      await insertLinkPosition(
        db,
        { orderId: link.orderId, carrierId: link.carrierId, plate: order?.truck ?? null },
        { lat: request.body.lat, lon: request.body.lon, accuracy: request.body.accuracy, at },
      );
      const computed = await recomputeEta(db, eta, link.orderId).catch((error: unknown) => {
        logEtaFailure(app, error);
        return null;
      });
      return { saved: true, at, running: computed !== null || (await orderIsRunning(db, link.orderId)) };
    },
  );

  const loadOrder = async (id: string) => {
    const [row] = await db
      .select({ id: orders.id, deletionReason: orders.deletionReason })
      .from(orders)
      .where(eq(orders.uuid, uuidParam(id)));
    if (!row) throw notFound();
    return row;
  };

  r.get('/api/orders/:id/positions', { schema: { tags, params: idParams } }, async (request) => {
    const order = await loadOrder(request.params.id);
    const [kept] = await db.select().from(orderEtas).where(eq(orderEtas.orderId, order.id));
    return {
      positions: await orderPositions(db, order.id),
      eta: toEtaJson(kept ?? null),
      basis: kept?.basis ?? null,
      tilesUrl: tilesUrl ?? null,
    };
  });

  r.get('/api/orders/:id/eta', { schema: { tags, params: idParams } }, async (request) => {
    const order = await loadOrder(request.params.id);
    const [kept] = await db.select().from(orderEtas).where(eq(orderEtas.orderId, order.id));
    return { eta: toEtaJson(kept ?? null), basis: kept?.basis ?? null };
  });

  const loadCarrier = async (id: string) => {
    const [row] = await db
      .select({ id: carriers.id, uuid: carriers.uuid })
      .from(carriers)
      .where(eq(carriers.uuid, uuidParam(id)));
    if (!row) throw notFound();
    return row;
  };

  r.get('/api/carriers/:id/api_keys', { schema: { tags, params: idParams } }, async (request) => {
    const carrier = await loadCarrier(request.params.id);
    const rows = await db
      .select()
      .from(carrierApiKeys)
      .where(eq(carrierApiKeys.carrierId, carrier.id))
      .orderBy(desc(carrierApiKeys.id))
      .limit(100);
    return collection(request.url, rows.map(toApiKeyJson), rows.length, {
      paginated: false,
      page: 1,
      itemsPerPage: 100,
      totalCapped: false,
    });
  });

  r.post(
    '/api/carriers/:id/api_keys',
    { schema: { tags, params: idParams, body: apiKeyCreateSchema } },
    async (request, reply) => {
      const carrier = await loadCarrier(request.params.id);
      const { row, key } = await createApiKey(db, carrier.id, request.body.name, await actorId(db, request));
      await writeHistoryLine(db, {
        resource: 'carriers',
        recordUuid: carrier.uuid,
        action: 'update',
        changes: [{ field: 'apiKey', from: null, to: `${row.name} (${row.prefix}…)` }],
      });
      // The key itself only in this answer: the database keeps its hash.
      return reply.code(201).send({ ...toApiKeyJson(row), key });
    },
  );

  r.delete('/api/api_keys/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    const [row] = await db
      .select({ key: carrierApiKeys, carrierUuid: carriers.uuid })
      .from(carrierApiKeys)
      .innerJoin(carriers, eq(carriers.id, carrierApiKeys.carrierId))
      .where(eq(carrierApiKeys.uuid, uuidParam(request.params.id)));
    if (!row) throw notFound();
    if (row.key.revokedAt) throw new AppError(409, 'revoked', msg.keyRevoked);
    await db
      .update(carrierApiKeys)
      .set({ revokedAt: sql`now()`, revokedById: await actorId(db, request) })
      .where(and(eq(carrierApiKeys.id, row.key.id), sql`${carrierApiKeys.revokedAt} IS NULL`));
    await writeHistoryLine(db, {
      resource: 'carriers',
      recordUuid: row.carrierUuid,
      action: 'update',
      changes: [{ field: 'apiKey', from: `${row.key.name} (${row.key.prefix}…)`, to: null }],
    });
    return reply.code(204).send();
  });
}

function logEtaFailure(app: FastifyInstance, error: unknown) {
  app.log.warn({ error: String(error) }, 'ETA not recomputed');
}
