import { type CarrierRecord, ratingMessages, ratingSchema } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { carriers } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { createRating, lastRatings, lockOrderForRating, ratingOfOrder, updateRating } from './ratings.ts';
import { readRecordFigures } from './record.ts';

/** `W/"3"`, `"3"` or a list of them → the versions; `*` or none → null (any version). */
function ifMatchVersions(header: string | string[] | undefined): number[] | null {
  if (header === undefined) return null;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '*') return null;
  const versions = text.split(',').map((part) => /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(part)?.[1]);
  if (versions.some((v) => v === undefined)) throw new AppError(400, 'bad_request', 'Nieprawidłowy nagłówek If-Match.');
  return versions.map(Number);
}

/**
 * Issue 39: the carrier's record (`GET /api/carriers/{uuid}/record`) and the rating of an order's carrier
 * (`GET`/`POST`/`PUT /api/orders/{uuid}/rating`). Staff only, as every /api route (http/auth.ts).
 */
export async function carrierRecordRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/carriers/:id/record', { schema: { tags: ['Carriers'], params: idParams } }, async (request) => {
    const [carrier] = await db
      .select({ id: carriers.id })
      .from(carriers)
      .where(eq(carriers.uuid, uuidParam(request.params.id)));
    if (!carrier) throw notFound();
    const figures = await readRecordFigures(db, carrier.id);
    const record: CarrierRecord = {
      '@type': 'CarrierRecord',
      ...figures,
      lastRatings: await lastRatings(db, carrier.id),
    };
    return record;
  });

  const tags = ['Orders'];
  const answer = async (reply: FastifyReply, orderId: number, code: number) => {
    const rating = await ratingOfOrder(db, orderId);
    if (!rating) throw new AppError(404, 'not_found', ratingMessages.notRated);
    return reply.code(code).header('etag', `W/"${rating.version}"`).send(rating);
  };

  r.get('/api/orders/:id/rating', { schema: { tags, params: idParams } }, async (request, reply) => {
    const order = await lockOrderForRating(db, uuidParam(request.params.id));
    return answer(reply, order.id, 200);
  });

  r.post(
    '/api/orders/:id/rating',
    { schema: { tags, params: idParams, body: ratingSchema } },
    async (request, reply) => {
      const order = await lockOrderForRating(db, uuidParam(request.params.id));
      await createRating(db, order, request.body, await actorId(db, request));
      return answer(reply, order.id, 201);
    },
  );

  r.put(
    '/api/orders/:id/rating',
    { schema: { tags, params: idParams, body: ratingSchema } },
    async (request, reply) => {
      const expected = ifMatchVersions(request.headers['if-match']);
      const order = await lockOrderForRating(db, uuidParam(request.params.id));
      await updateRating(db, order, request.body, await actorId(db, request), expected);
      return answer(reply, order.id, 200);
    },
  );
}
