import { createHash, randomBytes } from 'node:crypto';
import { CONVERTED_STATUS } from '@spedycja/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customerLinks, orders } from '../../db/schema/index.ts';
import { openSecret, sealSecret } from '../ksef/secrets.ts';

/** 32 random bytes (256 bits), Base64URL: 43 characters — as the carrier's link. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
/** The link lives until this many days after the unloading date (the loading date, or its creation, without one). */
export const TRACK_DAYS_AFTER_UNLOADING = 30;
/** Requests per hour: one link (a customer's page refreshed now and then), one address (a guesser is stopped). */
export const TRACK_LIMITS = { perToken: 300, perIp: 600 };

export const hashTrackToken = (token: string) => createHash('sha256').update(`track:${token}`).digest('hex');
export const isTrackTokenShape = (token: string) => TOKEN_RE.test(token);

export type CustomerLinkRow = typeof customerLinks.$inferSelect;

/** The order's customer link: the kept one (unsealed from the row), or a new one when there is none or it was revoked. */
export async function ensureTrackToken(
  tx: DbOrTx,
  key: Buffer,
  orderId: number,
  opts: { rotate?: boolean; markSent?: boolean } = {},
): Promise<{ token: string; created: boolean }> {
  const lock = () => tx.select().from(customerLinks).where(eq(customerLinks.orderId, orderId)).for('update');
  let [link] = await lock();
  if (!link) {
    // Two first asks at once (the panel's view and a milestone): one row, the second waits for it and uses it.
    await tx.insert(customerLinks).values({ orderId }).onConflictDoNothing();
    [link] = await lock();
  }
  const kept = !opts.rotate && link?.tokenSealed && link.tokenHash ? openSecret(key, link.tokenSealed) : null;
  if (link && kept && hashTrackToken(kept) === link.tokenHash) {
    if (opts.markSent) await tx.update(customerLinks).set({ sentAt: sql`now()` }).where(eq(customerLinks.id, link.id));
    return { token: kept, created: false };
  }
  const token = randomBytes(32).toString('base64url');
  const fields = {
    tokenHash: hashTrackToken(token),
    tokenSealed: sealSecret(key, token),
    revokedAt: null,
    ...(opts.markSent ? { sentAt: sql`now()` } : {}),
  };
  await tx.update(customerLinks).set(fields).where(eq(customerLinks.orderId, orderId));
  return { token, created: true };
}

/** The kept token of an order's live link, or null. */
export async function keptTrackToken(db: DbOrTx, key: Buffer, orderId: number): Promise<string | null> {
  const [link] = await db.select().from(customerLinks).where(eq(customerLinks.orderId, orderId));
  return link?.tokenSealed && link.tokenHash ? openSecret(key, link.tokenSealed) : null;
}

/** A date the link is valid to, as SQL: 30 days after the unloading date (or the loading date, or its creation). */
export const trackValidSql = sql`coalesce(${orders.unloadingDate}, ${orders.loadingDate}, ${customerLinks.createdAt})
  + make_interval(days => ${TRACK_DAYS_AFTER_UNLOADING}) > now()`;

/**
 * The link a token opens, or null: unknown, revoked, the order deleted or converted, or more than 30 days after the
 * unloading date. One indexed lookup.
 */
export async function findTrackLink(db: DbOrTx, token: string) {
  if (!isTrackTokenShape(token)) return null;
  const [row] = await db
    .select({ link: customerLinks, orderUuid: orders.uuid, customerId: orders.customerId })
    .from(customerLinks)
    .innerJoin(orders, eq(orders.id, customerLinks.orderId))
    .where(
      and(
        eq(customerLinks.tokenHash, hashTrackToken(token)),
        isNotNull(customerLinks.tokenHash),
        sql`${orders.deletionReason} = 0`,
        sql`${orders.status} <> ${CONVERTED_STATUS}`,
        trackValidSql,
      ),
    );
  return row ?? null;
}

/** The token stops working at once; the next send or 'Nowy link' issues a new one. */
export async function revokeTrackLink(tx: DbOrTx, orderId: number): Promise<boolean> {
  const revoked = await tx
    .update(customerLinks)
    .set({ tokenHash: null, tokenSealed: null, revokedAt: sql`now()` })
    .where(and(eq(customerLinks.orderId, orderId), isNotNull(customerLinks.tokenHash)))
    .returning({ id: customerLinks.id });
  return revoked.length > 0;
}
