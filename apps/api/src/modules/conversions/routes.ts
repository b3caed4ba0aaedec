import { CARRIER_ACQUISITION_SOURCES, SHIPMENT_PAYLOAD_KEYS } from '@spedycja/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { orders, queries } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { nextOrderNumber } from '../orders/numbering.ts';
import { findOrder, toOrderJson } from '../orders/repository.ts';
import { findQuery, toQueryJson } from '../queries/repository.ts';

/**
 * A query becomes an order and an order a query (SPEC §4). Each conversion is one transaction:
 * the new record is written, what hangs on the old one moves over, the old one goes.
 */

/** Columns both records have, copied as they are. */
const SHARED = [
  // The route and cargo, as the forms send them.
  ...SHIPMENT_PAYLOAD_KEYS,
  'distance',
  'loadingLatitude',
  'loadingLongitude',
  'unloadingLatitude',
  'unloadingLongitude',
  'additionalInfo',
  'euroExchangeRate',
  'customerId',
  'userId',
  'customerPriceCurrency',
] as const;

type Shared = { [K in (typeof SHARED)[number]]: (typeof queries.$inferSelect)[K] };
const pickShared = (row: Shared) => Object.fromEntries(SHARED.map((k) => [k, row[k]])) as Shared;

/** Hooks of other modules (tasks) that move their rows to the new record. */
export type ConversionHook = (
  tx: Tx,
  from: { type: 'query' | 'order'; id: number },
  to: { type: 'query' | 'order'; id: number },
) => Promise<void>;

export async function conversionsRoutes(
  app: FastifyInstance,
  { db, hooks = [] }: { db: Db; hooks?: ConversionHook[] },
) {
  const tags = ['Conversions'];

  const queryToOrder = async (id: string, me: number) => {
    const uuid = uuidParam(id);
    const newUuid = await db.transaction(async (tx) => {
      const [query] = await tx.select().from(queries).where(eq(queries.uuid, uuid)).for('update');
      if (!query || query.deletionReason > 0) throw notFound();
      // The best active offer (EUR through the rate, as bestOffer) gives the carrier and its price.
      const [offer] = await selectRows<{
        carrier_id: number | null;
        price: number;
        currency: string;
        acquired_by: string;
      }>(
        tx,
        sql`SELECT carrier_id, price, currency, acquired_by FROM offers WHERE query_id = ${query.id} AND active
            ORDER BY CASE WHEN currency = 'eur'
                          THEN price::bigint * coalesce((SELECT value::int FROM settings WHERE key = 'euroExchangeRate'), 100)
                          ELSE price::bigint * 100 END, id
            LIMIT 1`,
      );
      const carrier =
        offer?.carrier_id != null
          ? {
              carrierId: offer.carrier_id,
              carrierPrice: offer.price,
              carrierPriceCurrency: offer.currency,
              carrierAcquiredBy: (CARRIER_ACQUISITION_SOURCES as readonly string[]).includes(offer.acquired_by)
                ? offer.acquired_by
                : null,
            }
          : {};
      const [order] = await tx
        .insert(orders)
        .values({
          ...pickShared(query),
          ...carrier,
          number: await nextOrderNumber(tx),
          status: 'aktywne',
          // The price the customer was shown is the one they agreed to.
          customerPrice: query.customerPriceSuggested ?? query.customerPrice,
          createdById: me,
          changedById: me,
        })
        .returning({ id: orders.id, uuid: orders.uuid });
      if (!order) throw new Error('order not created');
      for (const hook of hooks) await hook(tx, { type: 'query', id: query.id }, { type: 'order', id: order.id });
      await tx.delete(queries).where(eq(queries.id, query.id));
      return order.uuid;
    });
    const created = await findOrder(db, eq(orders.uuid, newUuid));
    if (!created) throw notFound();
    return toOrderJson(created);
  };

  const orderToQuery = async (id: string, me: number) => {
    const uuid = uuidParam(id);
    const newUuid = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.uuid, uuid)).for('update');
      if (!order || order.deletionReason > 0) throw notFound();
      const [query] = await tx
        .insert(queries)
        .values({ ...pickShared(order), status: 'aktywne', customerPrice: order.customerPrice, createdById: me })
        .returning({ id: queries.id, uuid: queries.uuid });
      if (!query) throw new Error('query not created');
      for (const hook of hooks) await hook(tx, { type: 'order', id: order.id }, { type: 'query', id: query.id });
      await tx.delete(orders).where(eq(orders.id, order.id));
      return query.uuid;
    });
    const created = await findQuery(db, eq(queries.uuid, newUuid));
    if (!created) throw notFound();
    return toQueryJson(created);
  };

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/api/queries/:id/changeType',
      config: { writes: true },
      schema: { tags, params: idParams },
      handler: async (request) => queryToOrder((request.params as { id: string }).id, await actorId(db, request)),
    });
    app.route({
      method,
      url: '/api/orders/:id/changeType',
      config: { writes: true },
      schema: { tags, params: idParams },
      handler: async (request) => orderToQuery((request.params as { id: string }).id, await actorId(db, request)),
    });
  }
}
