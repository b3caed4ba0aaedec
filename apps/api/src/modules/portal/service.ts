import { createHmac, timingSafeEqual } from 'node:crypto';
import { portalMessages as msg, wallClockOf } from '@spedycja/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { orderDocuments, receivedInvoices } from '../../db/schema/index.ts';
import type { FileStore } from '../../files/store.ts';
import { actorId } from '../../http/actor.ts';
import { AppError, fieldViolation, notFound } from '../../http/errors.ts';
import { publicBaseUrl } from '../../http/origin.ts';
import { uuidParam } from '../../http/params.ts';
import { secretKey } from '../ksef/secrets.ts';
import type { KsefService } from '../ksef/service.ts';
import { matchReceived } from '../ksef/sync.ts';
import type { DocumentRow } from './repository.ts';
import { recordPortalEvent } from './repository.ts';
import { ensurePortalToken, findPortalLink } from './token.ts';

/** The key that seals the links' tokens: the app's secret key, the one the KSeF token is sealed with. */
export const portalKey = (config: Config) => secretKey({ appSecret: config.appSecret, dataDir: config.dataDir });

/**
 * A reported time as the order's dates are kept (wall-clock at the place, written as if UTC): the given
 * 'YYYY-MM-DD HH:mm', or now in Warsaw to the minute.
 */
export async function wallClockAt(db: DbOrTx, at: string | undefined): Promise<string> {
  const local = wallClockOf(at);
  if (local) {
    const [day, time = '00:00'] = local.split(' ');
    return `${day}T${time}:00.000Z`;
  }
  const [row] = await selectRows<{ at: string }>(
    db,
    sql`SELECT to_char(date_trunc('minute', now() AT TIME ZONE 'Europe/Warsaw'), 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS at`,
  );
  return row?.at as string;
}

/** A HEIC image as a JPEG (libheif in WebAssembly, loaded on the first preview); a file it cannot read is a 422. */
async function heicToJpeg(data: Buffer): Promise<Buffer> {
  const { default: convert } = await import('heic-convert');
  try {
    return Buffer.from(await convert({ buffer: data, format: 'JPEG', quality: 0.85 }));
  } catch {
    throw new AppError(422, 'preview_unavailable', msg.previewUnavailable);
  }
}

/** What a browser shows inline (a HEIC photo's preview is a JPEG): anything else is only ever downloaded. */
const INLINE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);
const previewTypeOf = (contentType: string) => (contentType === 'image/heic' ? 'image/jpeg' : contentType);
export const isPreviewable = (contentType: string) => INLINE_TYPES.has(previewTypeOf(contentType));

/**
 * The answer's own policy: sandboxed, nothing loads, no script runs, framed only by our pages. Chromium still shows
 * a PDF under it (its viewer draws the file in a process of its own, never as a page of ours).
 */
const CONTENT_POLICY = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * The bytes as uploaded, from our origin: never sniffed, no script runs inside them, a download unless a preview is
 * asked for and the file is a PDF or a picture (the staff's order modal and the carrier's page frame it from here, so
 * the app's own policy needs neither blob: nor anything else for it).
 */
export async function sendDocumentContent(reply: FastifyReply, store: FileStore, doc: DocumentRow, preview: boolean) {
  const stored = await store.get(doc.sha256);
  if (!stored) throw notFound();
  const inline = preview && isPreviewable(doc.contentType);
  let data = stored;
  let contentType = doc.contentType;
  let fileName = doc.fileName;
  // A phone's HEIC photo: browsers other than Safari cannot show one, so the viewer gets it as a JPEG.
  if (inline && doc.contentType === 'image/heic') {
    data = await heicToJpeg(stored);
    contentType = 'image/jpeg';
    fileName = `${fileName.replace(/\.(heic|heif)$/i, '')}.jpg`;
  }
  const disposition = inline ? 'inline' : 'attachment';
  const name = encodeURIComponent(fileName);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', contentType)
    .header('content-length', String(data.length))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', CONTENT_POLICY)
    .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${name}`)
    .header('cache-control', 'private, no-store')
    .send(data);
}

/** How long a preview address works: opening the preview fetches it at once; a later click asks for a new one. */
export const PREVIEW_LINK_SECONDS = 300;

const previewSignature = (secret: string, uuid: string, expires: number) =>
  createHmac('sha256', secret).update(`document-preview:${uuid}:${expires}`).digest('base64url');

/**
 * A short-lived address of a file's preview for the staff's viewer: an <iframe> or <img> cannot send the bearer
 * token, so the address carries a signature (HMAC with the tokens' key: any instance checks it) of the file and an
 * expiry instead. It opens that one file, inline, for five minutes.
 */
export function signedPreviewUrl(secret: string, doc: DocumentRow, now = Date.now()) {
  const expires = Math.floor(now / 1000) + PREVIEW_LINK_SECONDS;
  const signature = previewSignature(secret, doc.uuid, expires);
  return {
    url: `/api/public/documents/${doc.uuid}/content?expires=${expires}&signature=${signature}`,
    contentType: previewTypeOf(doc.contentType),
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

export function previewSignatureValid(secret: string, uuid: string, expires: string, signature: string) {
  const at = Number(expires);
  if (!Number.isSafeInteger(at) || at * 1000 < Date.now()) return false;
  const expected = Buffer.from(previewSignature(secret, uuid, at));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The carrier's invoice by its KSeF number: taken from what the sync already stored, or fetched by a sync now, then
 * matched the way the sync matches (the carrier's NIP, its price and currency). It must end on this order.
 */
export async function matchKsefInvoice(deps: { db: DbOrTx; ksef: KsefService; orderId: number; ksefNumber: string }) {
  const { db, ksef, orderId, ksefNumber } = deps;
  const find = async () =>
    (
      await db
        .select({ id: receivedInvoices.id, orderId: receivedInvoices.orderId })
        .from(receivedInvoices)
        .where(eq(receivedInvoices.ksefNumber, ksefNumber))
    )[0];
  let row = await find();
  if (!row) {
    await ksef.sync();
    row = await find();
  }
  if (!row) throw fieldViolation('ksefNumber', msg.ksefNotFound);
  if (row.orderId === null) {
    await matchReceived(db, [row.id]);
    row = await find();
  }
  if (row?.orderId !== orderId) throw fieldViolation('ksefNumber', msg.ksefMismatch);
}

/** Removing a file from an order: only the one who added it, with a reason; the row stays (the history). */
export async function removeDocument(db: DbOrTx, uuid: string, userId: number, reason: string) {
  const [doc] = await db.select().from(orderDocuments).where(eq(orderDocuments.uuid, uuid)).for('update');
  if (!doc) throw notFound();
  if (doc.deletedAt) throw new AppError(422, 'already_deleted', msg.alreadyDeleted);
  if (doc.source !== 'staff' || doc.addedById !== userId) throw new AppError(403, 'not_own', msg.deleteNotOwn);
  await db
    .update(orderDocuments)
    .set({ deletedAt: sql`now()`, deletedById: userId, deletionReason: reason })
    .where(and(eq(orderDocuments.id, doc.id), isNull(orderDocuments.deletedAt)));
  await recordPortalEvent(db, {
    orderId: doc.orderId,
    type: 'documentDeleted',
    actor: 'staff',
    userId,
    detail: { fileName: doc.fileName, reason },
  });
  return { uuid, type: 'document' as const, reason };
}

/**
 * What the orders module calls when the carrier's order goes out: the link, kept or new, as a whole URL — or none when
 * it would not open (an order sent again more than 30 days after its unloading): the carrier gets no dead link.
 */
export function portalLinkIssuer(config: Config) {
  const key = portalKey(config);
  return async (
    tx: DbOrTx,
    order: { id: number; carrierId: number | null },
    request: FastifyRequest,
    userId: number | null,
  ): Promise<string | undefined> => {
    const token = await ensurePortalToken(tx, key, order, userId);
    if (!(await findPortalLink(tx, token))) return undefined;
    return `${publicBaseUrl(config, request)}/p/${token}`;
  };
}

/** `POST /api/remove/{uuid} {type: 'document', reason}`. */
export function portalRemover(db: DbOrTx) {
  return async (request: FastifyRequest, uuid: string, reason: string) =>
    removeDocument(db, uuidParam(uuid), await actorId(db, request), reason);
}
