import { createHash, randomBytes } from 'node:crypto';
import {
  countryName,
  formatMoney,
  publicOfferMessages as msg,
  publicOfferSchema,
  verifyOfferSchema,
} from '@spedycja/domain';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { offers, queries } from '../../db/schema/index.ts';
import { AppError, fieldViolation } from '../../http/errors.ts';
import { parseListQuery } from '../../http/filters.ts';
import { collection, uuidFromIri } from '../../http/hydra.ts';
import { publicBaseUrl } from '../../http/origin.ts';
import { hitRateLimit } from '../../http/rateLimit.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { refreshBestOffer } from '../offers/bestOffer.ts';
import { openQuery, type PublicRow, publicFilters, publicPageStatement, toPublicJson } from './repository.ts';

/**
 * What the internet sees: open queries without customers, prices or notes; carriers place offers
 * that count only after they click the link we e-mail them.
 */

const CACHE_MS = 5000;
const OFFER_LINK_HOURS = 48;
const LIMITS = { perIpPerHour: 20, perEmailPerHour: 10 };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function publicRoutes(
  app: FastifyInstance,
  { db, config, onOfferVerified }: { db: Db; config: Config; onOfferVerified?: (offerId: number) => Promise<void> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Public'];
  const pub = { public: true };

  // A few seconds of staleness buys the one page the internet sees its throughput.
  const cache = new Map<string, { at: number; json: string }>();

  // Concurrent misses of one URL share one database query (no stampede when an entry expires).
  const inflight = new Map<string, Promise<string>>();

  async function publicPage(url: string, query: Record<string, unknown>): Promise<string> {
    const params = parseListQuery(query, publicFilters);
    const limit = params.itemsPerPage;
    const rows = (await publicPageStatement(db, params)) as PublicRow[];
    const hasNext = rows.length > limit;
    const page = rows.slice(0, limit).map(toPublicJson);
    // No total is counted (partial pagination): the next link says whether there is more.
    const body = collection(url, page, 0, { ...params, partial: true }) as Record<string, unknown>;
    if (hasNext || params.page > 1) {
      const here = new URL(url, 'http://local');
      const link = (p: number) => {
        here.searchParams.set('page', String(p));
        return `${here.pathname}?${here.searchParams}`;
      };
      body['hydra:view'] = {
        '@id': link(params.page),
        '@type': 'hydra:PartialCollectionView',
        ...(params.page > 1 ? { 'hydra:previous': link(params.page - 1) } : {}),
        ...(hasNext ? { 'hydra:next': link(params.page + 1) } : {}),
      };
    }
    return JSON.stringify(body);
  }

  r.get(
    '/api/public/queries',
    { config: pub, schema: { tags, querystring: z.record(z.string(), z.unknown()) } },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=5').type('application/json; charset=utf-8');
      const cached = cache.get(request.url);
      if (cached && Date.now() - cached.at < CACHE_MS) return reply.send(cached.json);
      let pending = inflight.get(request.url);
      if (!pending) {
        pending = publicPage(request.url, request.query as Record<string, unknown>).finally(() =>
          inflight.delete(request.url),
        );
        inflight.set(request.url, pending);
      }
      const json = await pending;
      if (cache.size > 500) cache.clear();
      cache.set(request.url, { at: Date.now(), json });
      return reply.send(json);
    },
  );

  r.post('/api/public/offers', { config: pub, schema: { tags, body: publicOfferSchema } }, async (request, reply) => {
    const body = request.body;
    await hitRateLimit(db, `offer-ip:${request.ip}`, LIMITS.perIpPerHour, 60, msg.tooMany);
    await hitRateLimit(db, `offer-email:${body.email.toLowerCase()}`, LIMITS.perEmailPerHour, 60, msg.tooMany);
    const queryUuid = uuidFromIri(body.query, 'queries');
    const [query] = queryUuid
      ? await db
          .select({
            id: queries.id,
            loadingCity: queries.loadingCity,
            loadingCountry: queries.loadingCountry,
            unloadingCity: queries.unloadingCity,
            unloadingCountry: queries.unloadingCountry,
          })
          .from(queries)
          .where(and(eq(queries.uuid, queryUuid), openQuery as SQL))
      : [];
    if (!query) throw fieldViolation('query', msg.queryClosed);

    const token = randomBytes(32).toString('base64url');
    const link = `${publicBaseUrl(config, request)}/verify?token=${token}`;
    const route = `${query.loadingCity ?? ''} (${countryName(query.loadingCountry) ?? ''}) → ${query.unloadingCity ?? ''} (${countryName(query.unloadingCountry) ?? ''})`;
    await db.transaction(async (tx) => {
      await tx.insert(offers).values({
        queryId: query.id,
        email: body.email,
        phonePrefix: body.phonePrefix,
        phone: body.phone,
        price: body.price,
        currency: body.currency,
        acquiredBy: 'strona',
        active: false,
        verificationTokenHash: hashToken(token),
        verificationExpiresAt: new Date(Date.now() + OFFER_LINK_HOURS * 3600_000),
      });
      // The query shows that a carrier is interested ('oczekuje na potwierdzenie'), before any link is clicked.
      await refreshBestOffer(tx, query.id);
      await enqueueMail(tx, {
        to: body.email,
        subject: msg.mailSubject,
        text: msg.mailBody(route, formatMoney(body.price, body.currency), link),
      });
    });
    app.outbox.nudge();
    return reply.code(201).send({ message: msg.success, hint: msg.successHint });
  });

  const verify = async (token: string) => {
    const tokenHash = hashToken(token);
    const activated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(offers)
        .set({ active: true, verifiedAt: sql`now()` })
        .where(
          and(
            eq(offers.verificationTokenHash, tokenHash),
            isNull(offers.verifiedAt),
            gt(offers.verificationExpiresAt, sql`now()`),
          ),
        )
        .returning({ id: offers.id, queryId: offers.queryId });
      if (row) await refreshBestOffer(tx, row.queryId);
      return row;
    });
    if (activated) {
      // The query's owner hears of it on Telegram; a failure there never fails the carrier's click.
      await onOfferVerified?.(activated.id).catch((error) => app.log.error(error));
      return { status: 'verified', message: msg.verified };
    }
    const [known] = await db
      .select({ verifiedAt: offers.verifiedAt })
      .from(offers)
      .where(eq(offers.verificationTokenHash, tokenHash));
    if (known?.verifiedAt) return { status: 'already', message: msg.alreadyVerified };
    throw new AppError(410, 'link_invalid', msg.linkInvalid);
  };
  r.post('/api/public/offers/verify', { config: pub, schema: { tags, body: verifyOfferSchema } }, (request) =>
    verify(request.body.token),
  );
  r.get('/api/public/offers/verify', { config: pub, schema: { tags, querystring: verifyOfferSchema } }, (request) =>
    verify(request.query.token),
  );
}
