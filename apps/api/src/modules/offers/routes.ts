import { ocpWarnings, offerCreateSchema, offerUpdateSchema, PAGE_SIZES } from '@spedycja/domain';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { carriers, offers, orders, queries } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { type FilterSpec, parseListQuery } from '../../http/filters.ts';
import { collection, iri } from '../../http/hydra.ts';
import { listStatements, runList } from '../../http/listing.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { resolveRef } from '../../http/refs.ts';
import { warsawDay } from '../verification/day.ts';
import { refreshBestOffer } from './bestOffer.ts';

const carrierRef = { table: carriers, id: carriers.id, uuid: carriers.uuid, resource: 'carriers' };
const queryRef = { table: queries, id: queries.id, uuid: queries.uuid, resource: 'queries' };

export const offerFilters: FilterSpec = {
  fields: {
    'query.uuid': { column: queries.uuid, type: 'uuid', search: 'exact' },
    'carrier.uuid': { column: carriers.uuid, type: 'uuid', search: 'exact' },
    active: { column: offers.active, type: 'bool', search: 'exact' },
    currency: { column: offers.currency, type: 'string', search: 'exact' },
    price: { column: offers.price, type: 'int', range: true, order: true },
    createdDate: { column: offers.createdAt, type: 'timestamp', date: true, order: true },
  },
  defaults: { active: 'true' },
  defaultOrder: [sql`${offers.createdAt} DESC`],
  tiebreaker: offers.id,
  itemsPerPage: PAGE_SIZES.default,
};

function selectOffers(db: DbOrTx) {
  return db
    .select({
      offer: getTableColumns(offers),
      queryUuid: queries.uuid,
      queryUnloadingDate: queries.unloadingDate,
      // The order whose conversion took this offer (orders_chosen_offer_idx); one at most, a query converts once.
      chosenBy: sql<
        string | null
      >`(SELECT ${orders.uuid}::text FROM ${orders} WHERE ${orders.chosenOfferUuid} = ${offers.uuid} ORDER BY ${orders.id} LIMIT 1)`,
      carrier: {
        uuid: carriers.uuid,
        companyName: carriers.companyName,
        name: carriers.name,
        phonePrefix: carriers.phonePrefix,
        phone: carriers.phone,
        email: carriers.email,
        ocpValidTo: carriers.ocpValidTo,
        ocpSum: carriers.ocpSum,
        ocpSumCurrency: carriers.ocpSumCurrency,
      },
    })
    .from(offers)
    .innerJoin(queries, eq(queries.id, offers.queryId))
    .leftJoin(carriers, eq(carriers.id, offers.carrierId));
}
type OfferRecord = Awaited<ReturnType<ReturnType<typeof selectOffers>['execute']>>[number];

const offerWarnings = (
  carrier: { ocpValidTo: string | null; ocpSum: number | null; ocpSumCurrency: string | null },
  unloadingDate: string | null,
) =>
  ocpWarnings(
    { ...carrier, ocpSumCurrency: carrier.ocpSumCurrency ?? 'pln' },
    { unloadingDate, cargoValue: null, cargoValueCurrency: 'pln', euroExchangeRate: null },
    warsawDay(),
  );

export function toOfferJson({ offer: o, queryUuid, queryUnloadingDate, chosenBy, carrier }: OfferRecord) {
  return {
    '@id': iri('offers', o.uuid),
    '@type': 'Offer',
    id: o.id,
    uuid: o.uuid,
    version: o.version,
    query: iri('queries', queryUuid),
    carrier: carrier?.uuid ? { '@id': iri('carriers', carrier.uuid), ...carrier } : null,
    // The carrier's OCP against the query's unloading day, as an order for this offer would be warned.
    warnings: carrier?.uuid ? offerWarnings(carrier, queryUnloadingDate) : [],
    acquiredBy: o.acquiredBy,
    currency: o.currency,
    price: o.price,
    email: o.email,
    phonePrefix: o.phonePrefix,
    phone: o.phone,
    active: o.active,
    /** The order made of the query with this offer's carrier and price (its IRI), or null. */
    chosenBy: chosenBy ? iri('orders', chosenBy) : null,
    createdDate: o.createdAt.toISOString(),
  };
}

export async function offersRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Offers'];
  const load = async (uuid: string) => {
    const [row] = await selectOffers(db).where(eq(offers.uuid, uuid));
    if (!row) throw notFound();
    return row;
  };

  r.get('/api/offers', { schema: { tags, querystring: z.record(z.string(), z.unknown()) } }, async (request) => {
    const params = parseListQuery(request.query, offerFilters);
    const { rows, total } = await runList(
      listStatements(db, params, selectOffers(db).$dynamic(), {
        from: offers,
        joins: [
          { table: queries, on: eq(queries.id, offers.queryId), inner: true },
          { table: carriers, on: eq(carriers.id, offers.carrierId) },
        ],
      }),
      params,
    );
    return collection(request.url, rows.map(toOfferJson), total, params);
  });

  r.get('/api/offers/:id', { schema: { tags, params: idParams } }, async (request) =>
    toOfferJson(await load(uuidParam(request.params.id))),
  );

  r.post('/api/offers', { schema: { tags, body: offerCreateSchema } }, async (request, reply) => {
    const { query, carrier, ...fields } = request.body;
    const queryId = (await resolveRef(db, queryRef, 'query', query)) as number;
    const carrierId = await resolveRef(db, carrierRef, 'carrier', carrier);
    const createdById = await actorId(db, request);
    const uuid = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(offers)
        .values({ ...fields, queryId, carrierId: carrierId ?? null, createdById, active: true })
        .returning({ uuid: offers.uuid });
      await refreshBestOffer(tx, queryId);
      return row?.uuid as string;
    });
    return reply.code(201).send(toOfferJson(await load(uuid)));
  });

  const update = async (id: string, body: z.infer<typeof offerUpdateSchema>) => {
    const existing = await load(uuidParam(id));
    const { carrier, ...fields } = body;
    const changes: Record<string, unknown> = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    );
    const carrierId = await resolveRef(db, carrierRef, 'carrier', carrier);
    if (carrierId !== undefined) changes.carrierId = carrierId;
    if (Object.keys(changes).length > 0) {
      await db.transaction(async (tx) => {
        await tx.update(offers).set(changes).where(eq(offers.id, existing.offer.id));
        await refreshBestOffer(tx, existing.offer.queryId);
      });
    }
    return toOfferJson(await load(existing.offer.uuid));
  };
  const updateOptions = { schema: { tags, params: idParams, body: offerUpdateSchema } };
  r.put('/api/offers/:id', updateOptions, (request) => update(request.params.id, request.body));
  r.patch('/api/offers/:id', updateOptions, (request) => update(request.params.id, request.body));

  r.delete('/api/offers/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    const existing = await load(uuidParam(request.params.id));
    await db.transaction(async (tx) => {
      await tx.delete(offers).where(eq(offers.id, existing.offer.id));
      await refreshBestOffer(tx, existing.offer.queryId);
    });
    return reply.code(204).send();
  });
}
