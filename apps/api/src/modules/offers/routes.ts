import { offerCreateSchema, offerUpdateSchema } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { carriers, offers, queries } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { parseListQuery } from '../../http/filters.ts';
import { collection } from '../../http/hydra.ts';
import { listStatements, runList } from '../../http/listing.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { resolveRef } from '../../http/refs.ts';
import * as carrierRecord from '../carrierRecord/record.ts';
import { refreshBestOffer } from './bestOffer.ts';
import { offerFilters, selectOffers, toOfferJson } from './repository.ts';

const carrierRef = { table: carriers, id: carriers.id, uuid: carriers.uuid, resource: 'carriers' };
const queryRef = { table: queries, id: queries.id, uuid: queries.uuid, resource: 'queries' };

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
        // Every offer has its query (a foreign key, not null) and at most one carrier: the total joins them only for
        // a filter on them, not to count every offer against every query.
        joins: [
          { prefix: 'query', table: queries, on: eq(queries.id, offers.queryId), inner: true },
          { prefix: 'carrier', table: carriers, on: eq(carriers.id, offers.carrierId) },
        ],
        keptCounts: 'offers',
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
        .returning({ id: offers.id, uuid: offers.uuid });
      if (row) await carrierRecord.noteOfferMade(tx, row.id);
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
