import {
  CARRIER_ACQUISITION_SOURCES,
  CONVERTED_STATUS,
  conversionMessages,
  datesIssue,
  type QueryToOrder,
  queryToOrderSchema,
  SHIPMENT_PAYLOAD_KEYS,
} from '@spedycja/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { offers, orders, queries } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { requestIsAdmin } from '../../http/auth.ts';
import { AppError, fieldViolation, notFound } from '../../http/errors.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import * as carrierRecord from '../carrierRecord/record.ts';
import { assertCustomerAllowed } from '../debtors/debt.ts';
import { refreshBestOffer } from '../offers/bestOffer.ts';
import { nextOrderNumber } from '../orders/numbering.ts';
import { findOrder, toOrderJson } from '../orders/repository.ts';
import { findQuery, toQueryJson } from '../queries/repository.ts';
import { assertCarrierAllowed } from '../verification/status.ts';
import type { ConversionHook } from './hooks.ts';

/**
 * A query becomes an order and an order a query (SPEC §4). Each conversion is one transaction: the new record is
 * written, what hangs on the old one (tasks) moves over, and the old one is kept as 'zamienione', linked both ways —
 * a query keeps its offers, an order its number.
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
  'orderAdditionalInfo',
  'euroExchangeRate',
  'customerId',
  'userId',
  'customerPrice',
  'customerPriceCurrency',
  'customerDateOfPayment',
  'customerDateOfPaymentString',
] as const;

type Shared = { [K in (typeof SHARED)[number]]: (typeof queries.$inferSelect)[K] };
const pickShared = (row: Shared) => Object.fromEntries(SHARED.map((k) => [k, row[k]])) as Shared;

type ChosenOffer = { uuid: string; carrier_id: number | null; price: number; currency: string; acquired_by: string };

export async function conversionsRoutes(
  app: FastifyInstance,
  { db, hooks = [] }: { db: Db; hooks?: ConversionHook[] },
) {
  const tags = ['Conversions'];

  /** The offer the order takes: the one named (this query's, active, with a carrier), or the best active one. */
  const chooseOffer = async (tx: Tx, queryId: number, offerRef: string | null | undefined) => {
    if (offerRef) {
      const uuid = offerRef.split('/').at(-1) as string;
      const [chosen] = await tx
        .select({
          uuid: offers.uuid,
          carrier_id: offers.carrierId,
          price: offers.price,
          currency: offers.currency,
          acquired_by: offers.acquiredBy,
        })
        .from(offers)
        .where(and(eq(offers.uuid, uuid), eq(offers.queryId, queryId), eq(offers.active, true)));
      if (!chosen?.carrier_id) throw fieldViolation('offer', conversionMessages.offerNotUsable);
      return chosen as ChosenOffer;
    }
    // The best active offer with a carrier (EUR through the rate, as bestOffer).
    const [best] = await selectRows<ChosenOffer>(
      tx,
      sql`SELECT uuid::text AS uuid, carrier_id, price, currency, acquired_by FROM offers
          WHERE query_id = ${queryId} AND active AND carrier_id IS NOT NULL
          ORDER BY CASE WHEN currency = 'eur'
                        THEN price::bigint * coalesce((SELECT value::int FROM settings WHERE key = 'euroExchangeRate'), 100)
                        ELSE price::bigint * 100 END, id
          LIMIT 1`,
    );
    return best;
  };

  const queryToOrder = async (id: string, me: { id: number; admin: boolean }, body: QueryToOrder) => {
    const uuid = uuidParam(id);
    const newUuid = await db.transaction(async (tx) => {
      const [query] = await tx.select().from(queries).where(eq(queries.uuid, uuid)).for('update');
      if (!query || query.deletionReason > 0) throw notFound();
      if (query.status === CONVERTED_STATUS) throw new AppError(409, 'converted', conversionMessages.queryConverted);
      // A query may have no unloading date yet; the order needs one: the one given now, else the query's.
      const unloadingDate = body.unloadingDate ?? query.unloadingDate;
      if (!unloadingDate) throw fieldViolation('unloadingDate', conversionMessages.unloadingDateRequired);
      const issue = datesIssue({ loadingDate: query.loadingDate, unloadingDate });
      if (issue) throw fieldViolation(issue.path, issue.message);
      // A debtor with 'Blokuj zlecenia dla dłużników' on, as saving an order (debtors/debt.ts).
      const debtorReason = await assertCustomerAllowed(tx, query.customerId, me.admin, body.debtorOverride);
      const offer = await chooseOffer(tx, query.id, body.offer);
      // The 'only verified carriers' rule, as saving an order (verification/status.ts): 422, or an admin's reason.
      const overrideReason = offer
        ? await assertCarrierAllowed(tx, offer.carrier_id, me.admin, body.carrierVerificationOverride)
        : undefined;
      const carrier = offer
        ? {
            carrierId: offer.carrier_id,
            carrierPrice: offer.price,
            carrierPriceCurrency: offer.currency,
            carrierAcquiredBy: (CARRIER_ACQUISITION_SOURCES as readonly string[]).includes(offer.acquired_by)
              ? offer.acquired_by
              : null,
            // The order names the offer it took, so the query's offers can show which one won.
            chosenOfferUuid: offer.uuid,
          }
        : {};
      const [order] = await tx
        .insert(orders)
        .values({
          ...pickShared(query),
          unloadingDate,
          ...carrier,
          carrierVerificationOverride: overrideReason ?? null,
          debtorOverride: debtorReason ?? null,
          number: await nextOrderNumber(tx),
          status: 'aktywne',
          // The price the customer was shown is the one they agreed to.
          customerPrice: query.customerPriceSuggested ?? query.customerPrice,
          queryUuid: query.uuid,
          createdById: me.id,
          changedById: me.id,
        })
        .returning({ id: orders.id, uuid: orders.uuid });
      if (!order) throw new Error('order not created');
      // The carrier's record (issue 39): its offer won.
      if (offer) await carrierRecord.noteOfferWon(tx, order.id);
      for (const hook of hooks) await hook(tx, { type: 'query', id: query.id }, { type: 'order', id: order.id });
      await tx.update(queries).set({ status: CONVERTED_STATUS, orderUuid: order.uuid }).where(eq(queries.id, query.id));
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
      if (order.status === CONVERTED_STATUS) throw new AppError(409, 'converted', conversionMessages.orderConverted);
      const [query] = await tx
        .insert(queries)
        .values({ ...pickShared(order), status: 'aktywne', orderUuid: order.uuid, createdById: me })
        .returning({ id: queries.id, uuid: queries.uuid });
      if (!query) throw new Error('query not created');
      // The carrier agreed on the order stays in play as an offer on the query.
      if (order.carrierId !== null && order.carrierPrice !== null) {
        const [made] = await tx
          .insert(offers)
          .values({
            queryId: query.id,
            carrierId: order.carrierId,
            price: order.carrierPrice,
            currency: order.carrierPriceCurrency,
            acquiredBy: order.carrierAcquiredBy ?? 'brak',
            createdById: me,
          })
          .returning({ id: offers.id });
        if (made) await carrierRecord.noteOfferMade(tx, made.id);
        await refreshBestOffer(tx, query.id);
      }
      for (const hook of hooks) await hook(tx, { type: 'order', id: order.id }, { type: 'query', id: query.id });
      await tx
        .update(orders)
        .set({ status: CONVERTED_STATUS, queryUuid: query.uuid, changedById: me })
        .where(eq(orders.id, order.id));
      return query.uuid;
    });
    const created = await findQuery(db, eq(queries.uuid, newUuid));
    if (!created) throw notFound();
    return toQueryJson(created);
  };

  const bodyOf = (request: FastifyRequest): QueryToOrder => {
    if (request.method !== 'POST' || request.body === undefined || request.body === null) return {};
    const parsed = queryToOrderSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'unloadingDate') throw fieldViolation('unloadingDate', issue.message);
      if (issue?.path[0] === 'carrierVerificationOverride' || issue?.path[0] === 'debtorOverride') {
        throw fieldViolation(issue.path.join('.'), issue.message);
      }
      throw fieldViolation('offer', conversionMessages.offerNotUsable);
    }
    return parsed.data ?? {};
  };

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/api/queries/:id/changeType',
      schema: {
        tags,
        params: idParams,
        description:
          'Makes an order of the query with the carrier, price and currency of `offer` (default: the best active ' +
          'offer with a carrier). The order names its query (`query`, `queryId`) and the offer it took ' +
          '(`chosenOffer`); that offer reads `chosenBy`: the order.',
      },
      handler: async (request) =>
        queryToOrder(
          (request.params as { id: string }).id,
          { id: await actorId(db, request), admin: requestIsAdmin(request) },
          bodyOf(request),
        ),
    });
    app.route({
      method,
      url: '/api/orders/:id/changeType',
      schema: { tags, params: idParams },
      handler: async (request) => orderToQuery((request.params as { id: string }).id, await actorId(db, request)),
    });
  }
}
