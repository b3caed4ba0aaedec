import { createHash, randomBytes } from 'node:crypto';
import { CONVERTED_STATUS } from '@spedycja/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders, portalEvents, portalLinks } from '../../db/schema/index.ts';
import { openSecret, sealSecret } from '../ksef/secrets.ts';

/** 32 random bytes (256 bits), Base64URL: 43 characters. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
/** The link lives until this many days after the unloading date (the loading date, or its sending, without one). */
export const LINK_DAYS_AFTER_UNLOADING = 30;

export const hashPortalToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const isPortalTokenShape = (token: string) => TOKEN_RE.test(token);

export type PortalLinkRow = typeof portalLinks.$inferSelect;

/**
 * The order's link for its carrier, issued on the first send and kept for the next ones (the same token, unsealed
 * from the row); a revoked link, or one sent to another carrier, gets a new token. Runs in the sending transaction.
 */
export async function ensurePortalToken(
  tx: DbOrTx,
  key: Buffer,
  order: { id: number; carrierId: number | null },
  userId: number | null,
): Promise<string> {
  const [link] = await tx.select().from(portalLinks).where(eq(portalLinks.orderId, order.id)).for('update');
  const kept =
    link?.tokenSealed && link.tokenHash && link.carrierId === order.carrierId
      ? openSecret(key, link.tokenSealed)
      : null;
  if (link && kept && hashPortalToken(kept) === link.tokenHash) {
    await tx.update(portalLinks).set({ sentAt: sql`now()` }).where(eq(portalLinks.id, link.id));
    await tx.insert(portalEvents).values({ orderId: order.id, type: 'sent', actor: 'staff', userId });
    return kept;
  }
  const token = randomBytes(32).toString('base64url');
  const fields = {
    tokenHash: hashPortalToken(token),
    tokenSealed: sealSecret(key, token),
    carrierId: order.carrierId,
    sentAt: sql`now()`,
    revokedAt: null,
  };
  // Another carrier starts from nothing: the previous one's answers are not this one's.
  const fresh =
    link && link.carrierId !== order.carrierId
      ? {
          acceptedAt: null,
          declinedAt: null,
          declineReason: null,
          vehicleAt: null,
          vehicleNote: null,
          loadedAt: null,
          unloadedAt: null,
        }
      : {};
  if (link)
    await tx
      .update(portalLinks)
      .set({ ...fields, ...fresh })
      .where(eq(portalLinks.id, link.id));
  else await tx.insert(portalLinks).values({ orderId: order.id, ...fields });
  await tx.insert(portalEvents).values({ orderId: order.id, type: 'sent', actor: 'staff', userId });
  return token;
}

/**
 * The link a token opens, or null: unknown, revoked (no hash any more), sent to another carrier than the order's
 * now, the order deleted or converted, or more than 30 days after the unloading date. One indexed lookup.
 */
export async function findPortalLink(db: DbOrTx, token: string, lock = false) {
  if (!isPortalTokenShape(token)) return null;
  const query = db
    .select({ link: portalLinks, orderUuid: orders.uuid })
    .from(portalLinks)
    .innerJoin(orders, eq(orders.id, portalLinks.orderId))
    .where(
      and(
        eq(portalLinks.tokenHash, hashPortalToken(token)),
        isNotNull(portalLinks.tokenHash),
        sql`${orders.deletionReason} = 0`,
        sql`${orders.status} <> ${CONVERTED_STATUS}`,
        sql`${orders.carrierId} IS NOT DISTINCT FROM ${portalLinks.carrierId}`,
        sql`coalesce(${orders.unloadingDate}, ${orders.loadingDate}, ${portalLinks.sentAt}, ${portalLinks.createdAt})
              + make_interval(days => ${LINK_DAYS_AFTER_UNLOADING}) > now()`,
      ),
    );
  const [row] = lock ? await query.for('update', { of: portalLinks }) : await query;
  return row ?? null;
}

/** 'Unieważnij link': the token stops working at once; the next send issues a new one. */
export async function revokePortalLink(tx: DbOrTx, orderId: number, userId: number | null): Promise<boolean> {
  const revoked = await tx
    .update(portalLinks)
    .set({ tokenHash: null, tokenSealed: null, revokedAt: sql`now()` })
    .where(and(eq(portalLinks.orderId, orderId), isNotNull(portalLinks.tokenHash)))
    .returning({ id: portalLinks.id });
  if (revoked.length > 0) await tx.insert(portalEvents).values({ orderId, type: 'revoked', actor: 'staff', userId });
  return revoked.length > 0;
}

/** Requests per hour: one carrier's link, one address (a phone's page polls now and then; a guesser is stopped). */
export const PORTAL_LIMITS = { perToken: 300, perIp: 600 };
