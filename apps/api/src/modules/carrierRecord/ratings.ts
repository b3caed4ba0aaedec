import {
  apiMessages,
  ratingMessages as msg,
  RATING_EDIT_DAYS,
  type Rating,
  type RatingData,
  type RatingTag,
} from '@spedycja/domain';
import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import { writeHistoryLine } from '../../db/history.ts';
import { orderRatings } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { iri } from '../../http/hydra.ts';
import { noteRating } from './record.ts';

type RatingRow = {
  uuid: string;
  score: number;
  tags: string[];
  comment: string | null;
  authorUuid: string | null;
  authorName: string | null;
  orderUuid: string;
  orderNumber: string;
  createdAt: string;
  updatedAt: string;
  version: number;
};

const DAY_MS = 86_400_000;
const iso = (value: string) => new Date(value).toISOString();

export const toRatingJson = (row: RatingRow): Rating => ({
  '@id': `${iri('orders', row.orderUuid)}/rating`,
  '@type': 'Rating',
  uuid: row.uuid,
  score: row.score,
  tags: row.tags as RatingTag[],
  comment: row.comment,
  author: row.authorUuid ? { uuid: row.authorUuid, name: row.authorName ?? '' } : null,
  order: { '@id': iri('orders', row.orderUuid), uuid: row.orderUuid, number: row.orderNumber },
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  editableUntil: new Date(Date.parse(row.createdAt) + RATING_EDIT_DAYS * DAY_MS).toISOString(),
  version: row.version,
});

const ratingSelect = sql`SELECT r.uuid::text AS uuid, r.score, r.tags, r.comment, u.uuid::text AS "authorUuid",
    u.name AS "authorName", o.uuid::text AS "orderUuid", o.number AS "orderNumber", r.created_at AS "createdAt",
    r.updated_at AS "updatedAt", r.version
  FROM order_ratings r JOIN orders o ON o.id = r.order_id LEFT JOIN users u ON u.id = r.author_id`;

export async function ratingOfOrder(db: DbOrTx, orderId: number): Promise<Rating | null> {
  const [row] = await selectRows<RatingRow>(db, sql`${ratingSelect} WHERE r.order_id = ${orderId}`);
  return row ? toRatingJson(row) : null;
}

/** The carrier's last ratings, newest first (the carrier's modal). */
export async function lastRatings(db: DbOrTx, carrierId: number, limit = 10): Promise<Rating[]> {
  const rows = await selectRows<RatingRow>(
    db,
    sql`${ratingSelect} WHERE r.carrier_id = ${carrierId} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`,
  );
  return rows.map(toRatingJson);
}

type OrderFacts = { id: number; uuid: string; carrierId: number | null; unloaded: boolean };

/** The order, locked: one rating per order even when two people rate it at once. */
export async function lockOrderForRating(db: DbOrTx, uuid: string): Promise<OrderFacts> {
  const [row] = await selectRows<OrderFacts>(
    db,
    sql`SELECT o.id, o.uuid::text AS uuid, o.carrier_id AS "carrierId",
        (o.unloading_finished OR l.unloaded_at IS NOT NULL) AS unloaded
      FROM orders o LEFT JOIN portal_links l ON l.order_id = o.id
      WHERE o.uuid = ${uuid} AND o.deletion_reason = 0 FOR UPDATE OF o`,
  );
  if (!row) throw notFound();
  return row;
}

type RatingValues = { score: number; tags: string[]; comment: string | null };
const valuesOf = (data: RatingValues): RatingValues => ({ score: data.score, tags: data.tags, comment: data.comment });
/** The history's line reads as the office would say it: '4/5 · punktualność, dokumenty · „Bez zarzutu”'. */
const historyOf = (data: RatingValues) =>
  [`${data.score}/5`, data.tags.join(', '), data.comment ? `„${data.comment}”` : ''].filter(Boolean).join(' · ');

/** POST: the rating of an unloaded order's carrier, once. */
export async function createRating(db: DbOrTx, order: OrderFacts, data: RatingData, authorId: number) {
  if (order.carrierId === null) throw new AppError(409, 'no_carrier', msg.noCarrier);
  if (!order.unloaded) throw new AppError(409, 'not_unloaded', msg.notUnloaded);
  const [row] = await db
    .insert(orderRatings)
    .values({
      orderId: order.id,
      carrierId: order.carrierId,
      month: sql`date_trunc('month', now() AT TIME ZONE 'Europe/Warsaw')::date`,
      score: data.score,
      tags: data.tags,
      comment: data.comment,
      authorId,
    })
    .onConflictDoNothing({ target: orderRatings.orderId })
    .returning({ month: orderRatings.month });
  if (!row) throw new AppError(409, 'already_rated', msg.alreadyRated);
  await noteRating(db, order.carrierId, row.month);
  await writeHistoryLine(db, {
    resource: 'orders',
    recordUuid: order.uuid,
    action: 'rating',
    changes: [{ field: 'rating', from: null, to: historyOf(data) }],
  });
}

/**
 * PUT: only its author, only for RATING_EDIT_DAYS after it was given; `expected` (If-Match) refuses a change made
 * meanwhile with a 412.
 */
export async function updateRating(
  db: DbOrTx,
  order: OrderFacts,
  data: RatingData,
  userId: number,
  expected: number[] | null,
) {
  const [current] = await db.select().from(orderRatings).where(eq(orderRatings.orderId, order.id)).for('update');
  if (!current) throw new AppError(404, 'not_found', msg.notRated);
  if (current.authorId !== userId) throw new AppError(403, 'not_author', msg.notAuthor);
  if (Date.now() - current.createdAt.getTime() > RATING_EDIT_DAYS * DAY_MS) {
    throw new AppError(409, 'edit_expired', msg.editExpired);
  }
  if (expected && !expected.includes(current.version)) {
    throw new AppError(412, 'version_conflict', apiMessages.versionConflict, undefined, undefined, {
      etag: `W/"${current.version}"`,
    });
  }
  const before = valuesOf(current);
  const after = valuesOf(data);
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  await db
    .update(orderRatings)
    .set({ ...after, updatedAt: sql`now()`, version: sql`${orderRatings.version} + 1` })
    .where(eq(orderRatings.id, current.id));
  await noteRating(db, current.carrierId, current.month);
  await writeHistoryLine(db, {
    resource: 'orders',
    recordUuid: order.uuid,
    action: 'rating',
    changes: [{ field: 'rating', from: historyOf(before), to: historyOf(after) }],
  });
}
