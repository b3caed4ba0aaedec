import multipart from '@fastify/multipart';
import {
  portalMessages as msg,
  portalDeclineSchema,
  portalEventSchema,
  portalInvoiceSchema,
  portalVehicleSchema,
  splitTypedPhone,
} from '@spedycja/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { type Db, selectRows } from '../../db/client.ts';
import { afterCommit } from '../../db/requestTx.ts';
import { orderDocuments, orders, portalLinks } from '../../db/schema/index.ts';
import type { FileStore } from '../../files/store.ts';
import { actorId } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { collection } from '../../http/hydra.ts';
import { publicBaseUrl } from '../../http/origin.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { hitRateLimit } from '../../http/rateLimit.ts';
import * as carrierRecord from '../carrierRecord/record.ts';
import { openSecret } from '../ksef/secrets.ts';
import type { KsefService } from '../ksef/service.ts';
import type { CustomerTrackHooks } from '../orders/hooks.ts';
import { readAllSettings } from '../settings/company.ts';
import {
  carrierView,
  eventsOfOrder,
  insertDocument,
  linkOfOrder,
  linkState,
  listDocuments,
  marksOf,
  recordPortalEvent,
  toDocumentJson,
} from './repository.ts';
import {
  isPreviewable,
  matchKsefInvoice,
  portalKey,
  previewSignatureValid,
  sendDocumentContent,
  signedPreviewUrl,
  wallClockAt,
} from './service.ts';
import { findPortalLink, hashPortalToken, PORTAL_LIMITS, type PortalLinkRow, revokePortalLink } from './token.ts';
import { readUpload, uploadOf } from './upload.ts';

const tokenParams = z.object({ token: z.string().max(200) });

/** Per hour: one token (a carrier's busy day is a few dozen calls) and one address (a depot's shared line). */

/**
 * The carrier's link (issue 25): the public calls under /api/public/portal/{token}, which a wrong, expired or revoked
 * token answers 404 (with the brokerage's phone), and the office's view of the link and of the order's files.
 */
export async function portalRoutes(
  app: FastifyInstance,
  {
    db,
    config,
    store,
    ksef,
    nudgeTelegram,
    customerTrack,
  }: {
    db: Db;
    config: Config;
    store: FileStore;
    ksef: KsefService;
    nudgeTelegram: () => void;
    /** The customer's milestones (issue 37): the carrier's loading and unloading reports, a CMR arriving. */
    customerTrack?: CustomerTrackHooks;
  },
) {
  await app.register(multipart);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const key = portalKey(config);
  const pub = { public: true };
  const tags = ['Carrier portal'];
  const staffTags = ['Order documents'];

  const invalid = async () => {
    const company = await readAllSettings(db);
    return new AppError(404, 'portal_link_invalid', msg.linkInvalid, undefined, {
      brokeragePhone: company.companyPhone ?? null,
      brokerageName: company.companyName ?? null,
    });
  };

  /** Rate limits first (a wrong token counts against its address too), then the link or a 404. */
  const linkFor = async (request: FastifyRequest, token: string) => {
    await hitRateLimit(db, `portal-ip:${request.ip}`, PORTAL_LIMITS.perIp, 60, msg.tooManyRequests);
    await hitRateLimit(
      db,
      `portal-token:${hashPortalToken(token).slice(0, 32)}`,
      PORTAL_LIMITS.perToken,
      60,
      msg.tooManyRequests,
    );
    const found = await findPortalLink(db, token);
    if (!found) throw await invalid();
    return found.link;
  };

  /**
   * A carrier's write runs in the request's transaction (its Idempotency-Key owned by the link: a phone that lost the
   * answer and sends again gets the first one back). The rate limits and the 404 come before it opens.
   */
  const writeConfig = (before?: (request: FastifyRequest, link: PortalLinkRow) => Promise<void>) => ({
    ...pub,
    idempotencyOwner: (request: FastifyRequest) =>
      `portal:${hashPortalToken((request.params as { token: string }).token)}`,
    beforeTransaction: async (request: FastifyRequest) => {
      const { token } = request.params as { token: string };
      const link = await linkFor(request, token);
      await before?.(request, link);
    },
  });

  /** A carrier's write: the link locked, checked again there. */
  const carrierWrite = async <T>(
    token: string,
    work: (tx: Db, link: typeof portalLinks.$inferSelect) => Promise<T>,
  ): Promise<T> => {
    const result = await db.transaction(async (tx) => {
      const found = await findPortalLink(tx, token, true);
      if (!found) return { gone: true as const };
      return { gone: false as const, value: await work(tx as unknown as Db, found.link) };
    });
    if (result.gone) throw await invalid();
    afterCommit(nudgeTelegram);
    return result.value;
  };

  const view = async (token: string) => {
    const found = await findPortalLink(db, token);
    if (!found) throw await invalid();
    return carrierView(db, found.link);
  };

  r.get('/api/public/portal/:token', { config: pub, schema: { tags, params: tokenParams } }, async (request) => {
    await linkFor(request, request.params.token);
    return view(request.params.token);
  });

  r.post(
    '/api/public/portal/:token/accept',
    { config: writeConfig(), schema: { tags, params: tokenParams } },
    async (request) => {
      const { token } = request.params;
      await carrierWrite(token, async (tx, link) => {
        if (link.declinedAt) throw new AppError(409, 'declined', msg.alreadyDeclined);
        if (link.acceptedAt) return;
        await tx.update(portalLinks).set({ acceptedAt: sql`now()` }).where(eq(portalLinks.id, link.id));
        await recordPortalEvent(tx, { orderId: link.orderId, type: 'accepted', actor: 'carrier' });
        await carrierRecord.noteAccepted(tx, link.orderId);
      });
      return view(token);
    },
  );

  r.post(
    '/api/public/portal/:token/decline',
    { config: writeConfig(), schema: { tags, params: tokenParams, body: portalDeclineSchema } },
    async (request) => {
      const { token } = request.params;
      await carrierWrite(token, async (tx, link) => {
        if (link.acceptedAt) throw new AppError(409, 'accepted', msg.alreadyAccepted);
        if (link.declinedAt) throw new AppError(409, 'declined', msg.alreadyDeclined);
        await tx
          .update(portalLinks)
          .set({ declinedAt: sql`now()`, declineReason: request.body.reason })
          .where(eq(portalLinks.id, link.id));
        await recordPortalEvent(tx, {
          orderId: link.orderId,
          type: 'declined',
          actor: 'carrier',
          detail: { reason: request.body.reason, summary: request.body.reason },
        });
      });
      return view(token);
    },
  );

  r.put(
    '/api/public/portal/:token/vehicle',
    { config: writeConfig(), schema: { tags, params: tokenParams, body: portalVehicleSchema } },
    async (request) => {
      const { token } = request.params;
      const body = request.body;
      const phone = splitTypedPhone({ driverPhone: body.driverPhone }, 'driverPhone', 'driverPhonePrefix') as {
        driverPhone: string;
        driverPhonePrefix?: string;
      };
      await carrierWrite(token, async (tx, link) => {
        if (link.declinedAt) throw new AppError(409, 'declined', msg.alreadyDeclined);
        const [order] = await tx
          .select({ loadingFinished: orders.loadingFinished })
          .from(orders)
          .where(eq(orders.id, link.orderId))
          .for('update');
        if (order?.loadingFinished || link.loadedAt) throw new AppError(409, 'loaded', msg.vehicleAfterLoading);
        await tx
          .update(orders)
          .set({
            driverName: body.driverName,
            driverPhone: phone.driverPhone,
            ...(phone.driverPhonePrefix ? { driverPhonePrefix: phone.driverPhonePrefix } : {}),
            truck: body.truckPlate,
            trailer: body.trailerPlate ?? null,
          })
          .where(eq(orders.id, link.orderId));
        await tx
          .update(portalLinks)
          .set({ vehicleAt: sql`now()`, vehicleNote: body.note ?? null })
          .where(eq(portalLinks.id, link.id));
        const summary = [body.driverName, body.driverPhone, body.truckPlate, body.trailerPlate]
          .filter(Boolean)
          .join(', ');
        await recordPortalEvent(tx, {
          orderId: link.orderId,
          type: 'vehicle',
          actor: 'carrier',
          detail: { ...body, summary },
        });
      });
      return view(token);
    },
  );

  r.post(
    '/api/public/portal/:token/events',
    { config: writeConfig(), schema: { tags, params: tokenParams, body: portalEventSchema } },
    async (request) => {
      const { token } = request.params;
      const { type } = request.body;
      await carrierWrite(token, async (tx, link) => {
        if (link.declinedAt) throw new AppError(409, 'declined', msg.alreadyDeclined);
        if (!link.acceptedAt) throw new AppError(409, 'not_accepted', msg.notAccepted);
        const [order] = await tx
          .select({ loadingFinished: orders.loadingFinished })
          .from(orders)
          .where(eq(orders.id, link.orderId));
        if (type === 'unloaded' && !link.loadedAt && !order?.loadingFinished)
          throw new AppError(409, 'not_loaded', msg.unloadedBeforeLoaded);
        const at = await wallClockAt(tx, request.body.at);
        await tx
          .update(portalLinks)
          .set(type === 'loaded' ? { loadedAt: at } : { unloadedAt: at })
          .where(eq(portalLinks.id, link.id));
        await recordPortalEvent(tx, { orderId: link.orderId, type, actor: 'carrier', detail: { at } });
        if (type === 'loaded') await customerTrack?.loaded(tx, link.orderId, request);
        else await customerTrack?.unloaded(tx, link.orderId, request);
        // The carrier's record (issue 39): the reported time against the stop's window.
        if (type === 'loaded') await carrierRecord.noteLoading(tx, link.orderId);
        else await carrierRecord.noteUnloading(tx, link.orderId);
      });
      return view(token);
    },
  );

  r.post(
    '/api/public/portal/:token/documents',
    {
      config: writeConfig(async (request) => void (await readUpload(request, store))),
      schema: { tags, params: tokenParams, consumes: ['multipart/form-data'] },
    },
    async (request, reply) => {
      const { token } = request.params;
      const upload = uploadOf(request);
      const created = await carrierWrite(token, async (tx, link) => {
        const row = await insertDocument(tx, { orderId: link.orderId, ...upload, source: 'carrier' });
        await recordPortalEvent(tx, {
          orderId: link.orderId,
          type: 'document',
          actor: 'carrier',
          detail: { kind: upload.kind, fileName: upload.fileName, summary: upload.fileName },
        });
        if (upload.kind === 'cmr') await customerTrack?.cmrArrived(tx, link.orderId, request);
        if (upload.kind === 'cmr') await carrierRecord.noteCmr(tx, link.orderId);
        return row;
      });
      const { addedBy: _addedBy, ...json } = toDocumentJson(created);
      return reply.code(201).send(json);
    },
  );

  // The carrier's preview of a file of its order (the token in the address is the key, so an <img> or <iframe> of the
  // page opens it): a PDF or a picture inline, from our origin with the file's own policy.
  r.get(
    '/api/public/portal/:token/documents/:id/content',
    { config: pub, schema: { tags, params: tokenParams.extend({ id: z.string().max(100) }) } },
    async (request, reply) => {
      const link = await linkFor(request, request.params.token);
      const [doc] = await db
        .select()
        .from(orderDocuments)
        .where(
          and(
            eq(orderDocuments.uuid, uuidParam(request.params.id)),
            eq(orderDocuments.orderId, link.orderId),
            isNull(orderDocuments.deletedAt),
          ),
        );
      if (!doc) throw notFound();
      return sendDocumentContent(reply, store, doc, true);
    },
  );

  r.post(
    '/api/public/portal/:token/invoice',
    {
      // Asking KSeF happens before the transaction opens (on the embedded database it would hold everyone's).
      config: writeConfig(async (request, link) => {
        const { ksefNumber } = request.body as { ksefNumber: string };
        await matchKsefInvoice({ db, ksef, orderId: link.orderId, ksefNumber: ksefNumber.toUpperCase() });
      }),
      schema: { tags, params: tokenParams, body: portalInvoiceSchema },
    },
    async (request) => {
      const { token } = request.params;
      const ksefNumber = request.body.ksefNumber.toUpperCase();
      await carrierWrite(token, (tx, current) =>
        recordPortalEvent(tx, {
          orderId: current.orderId,
          type: 'invoice',
          actor: 'carrier',
          detail: { ksefNumber, summary: ksefNumber },
        }),
      );
      return view(token);
    },
  );

  // The office's side.
  const orderOf = async (id: string) => {
    const [order] = await db
      .select({ id: orders.id, uuid: orders.uuid })
      .from(orders)
      .where(eq(orders.uuid, uuidParam(id)));
    if (!order) throw notFound();
    return order;
  };

  r.get('/api/orders/:id/portal', { schema: { tags: staffTags, params: idParams } }, async (request) => {
    const order = await orderOf(request.params.id);
    const link = await linkOfOrder(db, order.id);
    const token = link?.tokenSealed ? openSecret(key, link.tokenSealed) : null;
    return {
      ...linkState(link),
      url: token ? `${publicBaseUrl(config, request)}/p/${token}` : null,
      events: await eventsOfOrder(db, order.id),
    };
  });

  r.post('/api/orders/:id/portal/revoke', { schema: { tags: staffTags, params: idParams } }, async (request) => {
    const order = await orderOf(request.params.id);
    const revoked = await revokePortalLink(db, order.id, await actorId(db, request));
    if (!revoked) throw new AppError(409, 'no_link', msg.noLink);
    return { ...linkState(await linkOfOrder(db, order.id)), url: null, events: await eventsOfOrder(db, order.id) };
  });

  const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  // The drawer's badge: the carrier actions on one's own orders not seen yet (read through portal_events_unseen_idx).
  r.get('/api/portal/notifications', { schema: { tags: staffTags } }, async (request) => {
    const me = await actorId(db, request);
    const rows = await selectRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM portal_events WHERE notify_user_id = ${me} AND seen_at IS NULL`,
    );
    return { count: rows[0]?.n ?? 0 };
  });

  r.post(
    '/api/portal/notifications/seen',
    { schema: { tags: staffTags, body: z.object({ order: z.string().max(100).optional() }) } },
    async (request) => {
      const me = await actorId(db, request);
      const orderUuid = request.body.order?.split('/').at(-1);
      const updated = await selectRows<{ n: number }>(
        db,
        sql`WITH seen AS (UPDATE portal_events SET seen_at = now()
              WHERE notify_user_id = ${me} AND seen_at IS NULL
              ${orderUuid && UUID_RE.test(orderUuid) ? sql`AND order_id = (SELECT id FROM orders WHERE uuid = ${orderUuid}::uuid)` : sql``}
              RETURNING 1) SELECT count(*)::int AS n FROM seen`,
      );
      return { seen: updated[0]?.n ?? 0 };
    },
  );

  r.get(
    '/api/portal/marks',
    {
      schema: {
        tags: staffTags,
        querystring: z.object({
          'order[]': z.union([z.string().max(100), z.array(z.string().max(100)).max(100)]).optional(),
        }),
      },
    },
    async (request) => {
      const given = request.query['order[]'];
      const uuids = (Array.isArray(given) ? given : given ? [given] : [])
        .map((v) => v.split('/').at(-1) ?? '')
        .filter((v) => UUID_RE.test(v));
      return { marks: await marksOf(db, uuids) };
    },
  );

  r.get('/api/orders/:id/documents', { schema: { tags: staffTags, params: idParams } }, async (request) => {
    const order = await orderOf(request.params.id);
    const members = await listDocuments(db, order.id);
    return collection(request.url, members, members.length, {
      paginated: false,
      page: 1,
      itemsPerPage: members.length,
    });
  });

  r.post(
    '/api/orders/:id/documents',
    {
      config: { beforeTransaction: async (request) => void (await readUpload(request, store)) },
      schema: { tags: staffTags, params: idParams, consumes: ['multipart/form-data'] },
    },
    async (request, reply) => {
      const order = await orderOf(request.params.id);
      const upload = uploadOf(request);
      const me = await actorId(db, request);
      const row = await insertDocument(db, { orderId: order.id, ...upload, source: 'staff', addedById: me });
      await recordPortalEvent(db, {
        orderId: order.id,
        type: 'document',
        actor: 'staff',
        userId: me,
        detail: { kind: upload.kind, fileName: upload.fileName },
      });
      if (upload.kind === 'cmr') await customerTrack?.cmrArrived(db, order.id, request);
      if (upload.kind === 'cmr') await carrierRecord.noteCmr(db, order.id);
      const [json] = (await listDocuments(db, order.id)).filter((d) => d.uuid === row.uuid);
      return reply.code(201).send(json);
    },
  );

  const liveDocument = async (id: string) => {
    const [doc] = await db
      .select()
      .from(orderDocuments)
      .where(and(eq(orderDocuments.uuid, uuidParam(id)), isNull(orderDocuments.deletedAt)));
    if (!doc) throw notFound();
    return doc;
  };

  r.get(
    '/api/documents/:id/content',
    {
      schema: {
        tags: staffTags,
        params: idParams,
        querystring: z.object({ preview: z.enum(['1', 'true']).optional() }),
      },
    },
    async (request, reply) =>
      sendDocumentContent(reply, store, await liveDocument(request.params.id), Boolean(request.query.preview)),
  );

  // The viewer's address of a file (issue 34): signed and short-lived, since a frame or a picture sends no token.
  r.get('/api/documents/:id/previewLink', { schema: { tags: staffTags, params: idParams } }, async (request) => {
    const doc = await liveDocument(request.params.id);
    if (!isPreviewable(doc.contentType)) throw new AppError(422, 'preview_unavailable', msg.previewUnavailable);
    return signedPreviewUrl(config.jwtSecret, doc);
  });

  r.get(
    '/api/public/documents/:id/content',
    {
      config: pub,
      schema: {
        tags: staffTags,
        params: idParams,
        querystring: z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { expires = '', signature = '' } = request.query;
      const uuid = uuidParam(request.params.id);
      if (!previewSignatureValid(config.jwtSecret, uuid, expires, signature))
        throw new AppError(403, 'preview_expired', msg.previewExpired);
      return sendDocumentContent(reply, store, await liveDocument(uuid), true);
    },
  );
}
