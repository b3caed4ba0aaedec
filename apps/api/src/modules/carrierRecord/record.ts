import type { CarrierRecord, CarrierRecordMonth } from '@spedycja/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import { warsawDay } from '../../warsawDay.ts';

/**
 * Issue 39, the carrier's record, kept as events happen. Each fact is an event row (carrier_record_events), inserted
 * once by its kind and the id of what it is about; inserting it rebuilds the one month row it falls in
 * (carrier_record_months, from that carrier's events of that month: tens of rows) and the carrier's kept `rating`
 * and `on_time_rate` (from at most 12 month rows). The record and the lists read those, never the orders.
 *
 * The same statements, without their one order's condition, are the backfill of an office that had orders before
 * (backfillCarrierRecords): one code path, so that the kept figures and the rebuilt ones cannot disagree.
 */

/** A stop's window: a day without a time is that whole day; a time leaves this much grace after it. */
export const STOP_GRACE_MINUTES = 60;
const MONTHS = 12;

type Touched = { carrierId: number; month: string };

/** The first day of the month `back` months before the given day's. */
function monthStart(day: string, back = 0): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The record's 12 months: this one (in Warsaw) and the 11 before it. */
export function recordWindow(today = warsawDay()): { from: string; months: string[] } {
  const months = Array.from({ length: MONTHS }, (_, i) => monthStart(today, MONTHS - 1 - i));
  return { from: months[0] as string, months };
}

const warsawMonth = (column: SQL) => sql`date_trunc('month', ${column} AT TIME ZONE 'Europe/Warsaw')::date`;
const wallMonth = (column: SQL) => sql`date_trunc('month', ${column} AT TIME ZONE 'UTC')::date`;

/**
 * Loadings or unloadings: the carrier's reported time, else the time confirmed in the office (`confirmed`, the date
 * the confirmation saves), else the stop's date; on time when no later than the end of the stop's window. Called
 * before the confirmation writes its date, so that the window is the planned one. An unloading is also an order
 * carried.
 */
function stopEvents(side: 'loading' | 'unloading', where: SQL, confirmed: string | null): SQL[] {
  const planned = sql.raw(side === 'loading' ? 'o.loading_date' : 'o.unloading_date');
  const reported = sql.raw(side === 'loading' ? 'l.loaded_at' : 'l.unloaded_at');
  const from = sql`FROM orders o LEFT JOIN portal_links l ON l.order_id = o.id
    CROSS JOIN LATERAL (SELECT coalesce(${reported}, ${confirmed}::timestamptz, ${planned}) AS at) s
    WHERE o.carrier_id IS NOT NULL AND s.at IS NOT NULL AND ${where}`;
  const onTime = sql`CASE WHEN ${planned} IS NULL THEN NULL ELSE s.at <= ${planned} + CASE
      WHEN (${planned} AT TIME ZONE 'UTC')::time = time '00:00' THEN interval '1439 minutes'
      ELSE make_interval(mins => ${STOP_GRACE_MINUTES}) END END`;
  const statements = [
    sql`INSERT INTO carrier_record_events (kind, ref_id, carrier_id, month, at, on_time)
      SELECT ${side}, o.id, o.carrier_id, ${wallMonth(sql`s.at`)}, s.at, ${onTime} ${from}
      ON CONFLICT DO NOTHING RETURNING carrier_id AS "carrierId", month::text AS month`,
  ];
  if (side === 'unloading') {
    statements.push(sql`INSERT INTO carrier_record_events (kind, ref_id, carrier_id, month, at)
      SELECT 'carried', o.id, o.carrier_id, ${wallMonth(sql`s.at`)}, s.at ${from}
      ON CONFLICT DO NOTHING RETURNING carrier_id AS "carrierId", month::text AS month`);
  }
  return statements;
}

/** Minutes from the order's sending (its carrier's link) to its acceptance there. */
const acceptedEvents = (
  where: SQL,
) => sql`INSERT INTO carrier_record_events (kind, ref_id, carrier_id, month, at, value)
  SELECT 'accepted', o.id, coalesce(l.carrier_id, o.carrier_id), ${warsawMonth(sql`l.accepted_at`)}, l.accepted_at,
    greatest(0, round(extract(epoch FROM l.accepted_at - l.sent_at) / 60))::int
  FROM portal_links l JOIN orders o ON o.id = l.order_id
  WHERE l.accepted_at IS NOT NULL AND l.sent_at IS NOT NULL AND coalesce(l.carrier_id, o.carrier_id) IS NOT NULL
    AND ${where}
  ON CONFLICT DO NOTHING RETURNING carrier_id AS "carrierId", month::text AS month`;

/** The unloading a document is counted from: the unloading counted in the record, else the order's date. */
const unloadedAt = sql`CROSS JOIN LATERAL (SELECT coalesce(
    (SELECT e.at FROM carrier_record_events e WHERE e.kind = 'unloading' AND e.ref_id = o.id), o.unloading_date) AS at) u`;

/** Days from the unloading to the first CMR of the order (the carrier's upload or the office's). */
const cmrEvents = (where: SQL) => sql`INSERT INTO carrier_record_events (kind, ref_id, carrier_id, month, at, value)
  SELECT 'cmr', o.id, o.carrier_id, ${warsawMonth(sql`d.added_at`)}, d.added_at,
    greatest(0, (d.added_at AT TIME ZONE 'Europe/Warsaw')::date - (u.at AT TIME ZONE 'UTC')::date)
  FROM orders o
  CROSS JOIN LATERAL (SELECT min(added_at) AS added_at FROM order_documents
    WHERE order_id = o.id AND kind = 'cmr' AND deleted_at IS NULL) d
  ${unloadedAt}
  WHERE o.carrier_id IS NOT NULL AND d.added_at IS NOT NULL AND u.at IS NOT NULL AND ${where}
  ON CONFLICT DO NOTHING RETURNING carrier_id AS "carrierId", month::text AS month`;

/** Days from the unloading to the carrier's (VAT) invoice received for the order, the earliest one. */
const invoiceEvents = (where: SQL) => sql`INSERT INTO carrier_record_events (kind, ref_id, carrier_id, month, at, value)
  SELECT 'invoice', o.id, ci.carrier_id, date_trunc('month', ci.received_date)::date,
    ci.received_date::timestamp AT TIME ZONE 'UTC',
    greatest(0, ci.received_date - (u.at AT TIME ZONE 'UTC')::date)
  FROM carrier_invoices ci
  JOIN carrier_invoice_orders cio ON cio.carrier_invoice_id = ci.id
  JOIN orders o ON o.id = cio.order_id
  ${unloadedAt}
  WHERE ci.type = 'vat' AND ci.deletion_reason = 0 AND ci.received_date IS NOT NULL AND u.at IS NOT NULL AND ${where}
  ORDER BY ci.received_date, ci.id
  ON CONFLICT DO NOTHING RETURNING carrier_id AS "carrierId", month::text AS month`;

const offerEvents = (where: SQL) => sql`INSERT INTO carrier_record_events (kind, ref_id, carrier_id, month, at)
  SELECT 'offer', f.id, f.carrier_id, ${warsawMonth(sql`f.created_at`)}, f.created_at
  FROM offers f WHERE f.carrier_id IS NOT NULL AND ${where}
  ON CONFLICT DO NOTHING RETURNING carrier_id AS "carrierId", month::text AS month`;

/** An offer won: the order made from its query took it (counted in the month of that order). */
const wonEvents = (where: SQL) => sql`INSERT INTO carrier_record_events (kind, ref_id, carrier_id, month, at)
  SELECT 'won', f.id, f.carrier_id, ${warsawMonth(sql`o.created_at`)}, o.created_at
  FROM orders o JOIN offers f ON f.uuid = o.chosen_offer_uuid
  WHERE f.carrier_id IS NOT NULL AND ${where}
  ON CONFLICT DO NOTHING RETURNING carrier_id AS "carrierId", month::text AS month`;

const intArray = (values: number[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::int[]`;
const dateArray = (values: string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::date[]`;

/** Rebuilds the month rows of these carriers' months from their events and ratings. */
async function rebuildMonths(db: DbOrTx, touched: Touched[]): Promise<void> {
  const pairs = [...new Map(touched.map((t) => [`${t.carrierId}/${t.month}`, t])).values()].sort(
    (a, b) => a.carrierId - b.carrierId || a.month.localeCompare(b.month),
  );
  if (pairs.length === 0) return;
  const carrierIds = intArray(pairs.map((p) => p.carrierId));
  const months = dateArray(pairs.map((p) => p.month));
  // The month rows locked first (made when new), in one order: a concurrent event of the same month waits here, and
  // the rebuild below — a statement of its own, so a snapshot taken after the wait — counts the other's event too.
  await db.execute(sql`INSERT INTO carrier_record_months (carrier_id, month)
    SELECT * FROM unnest(${carrierIds}, ${months}) ON CONFLICT DO NOTHING`);
  await db.execute(sql`SELECT 1 FROM carrier_record_months
    WHERE (carrier_id, month) IN (SELECT * FROM unnest(${carrierIds}, ${months}))
    ORDER BY carrier_id, month FOR UPDATE`);
  await db.execute(sql`INSERT INTO carrier_record_months AS m (carrier_id, month, loadings_timed, loadings_on_time,
      unloadings_timed, unloadings_on_time, accept_minutes, cmr_days, invoice_days, offers_made, offers_won,
      orders_carried, positions_shared, ratings, rating_sum)
    SELECT p.carrier_id, p.month, e.loadings_timed, e.loadings_on_time, e.unloadings_timed, e.unloadings_on_time,
      e.accept_minutes, e.cmr_days, e.invoice_days, e.offers_made, e.offers_won, e.orders_carried,
      e.positions_shared, r.ratings, r.rating_sum
    FROM unnest(${carrierIds}, ${months}) AS p(carrier_id, month)
    CROSS JOIN LATERAL (SELECT
        count(*) FILTER (WHERE kind = 'loading' AND on_time IS NOT NULL)::int AS loadings_timed,
        count(*) FILTER (WHERE kind = 'loading' AND on_time)::int AS loadings_on_time,
        count(*) FILTER (WHERE kind = 'unloading' AND on_time IS NOT NULL)::int AS unloadings_timed,
        count(*) FILTER (WHERE kind = 'unloading' AND on_time)::int AS unloadings_on_time,
        coalesce(array_agg(value ORDER BY value) FILTER (WHERE kind = 'accepted'), '{}')::int[] AS accept_minutes,
        coalesce(array_agg(value ORDER BY value) FILTER (WHERE kind = 'cmr'), '{}')::int[] AS cmr_days,
        coalesce(array_agg(value ORDER BY value) FILTER (WHERE kind = 'invoice'), '{}')::int[] AS invoice_days,
        count(*) FILTER (WHERE kind = 'offer')::int AS offers_made,
        count(*) FILTER (WHERE kind = 'won')::int AS offers_won,
        count(*) FILTER (WHERE kind = 'carried')::int AS orders_carried,
        count(*) FILTER (WHERE kind = 'positions')::int AS positions_shared
      FROM carrier_record_events WHERE carrier_id = p.carrier_id AND month = p.month) e
    CROSS JOIN LATERAL (SELECT count(*)::int AS ratings, coalesce(sum(score), 0)::int AS rating_sum
      FROM order_ratings WHERE carrier_id = p.carrier_id AND month = p.month) r
    ON CONFLICT (carrier_id, month) DO UPDATE SET loadings_timed = EXCLUDED.loadings_timed,
      loadings_on_time = EXCLUDED.loadings_on_time, unloadings_timed = EXCLUDED.unloadings_timed,
      unloadings_on_time = EXCLUDED.unloadings_on_time, accept_minutes = EXCLUDED.accept_minutes,
      cmr_days = EXCLUDED.cmr_days, invoice_days = EXCLUDED.invoice_days, offers_made = EXCLUDED.offers_made,
      offers_won = EXCLUDED.offers_won, orders_carried = EXCLUDED.orders_carried,
      positions_shared = EXCLUDED.positions_shared, ratings = EXCLUDED.ratings, rating_sum = EXCLUDED.rating_sum`);
  await keepCarrierFigures(
    db,
    pairs.map((p) => p.carrierId),
  );
}

/**
 * The carriers' kept `rating` (hundredths) and `on_time_rate` (percent) from their last 12 month rows; written only
 * when they change. Also run when a month leaves the window (refreshRecordWindow).
 */
export async function keepCarrierFigures(db: DbOrTx, carrierIds: number[], today = warsawDay()): Promise<void> {
  const ids = [...new Set(carrierIds)];
  if (ids.length === 0) return;
  const { from } = recordWindow(today);
  await db.execute(sql`UPDATE carriers c SET rating = k.rating, on_time_rate = k.on_time_rate
    FROM (SELECT ids.id,
        round(sum(m.rating_sum) * 100.0 / nullif(sum(m.ratings), 0))::int AS rating,
        round(sum(m.loadings_on_time + m.unloadings_on_time) * 100.0
          / nullif(sum(m.loadings_timed + m.unloadings_timed), 0))::int AS on_time_rate
      FROM unnest(${intArray(ids)}) AS ids(id)
      LEFT JOIN carrier_record_months m ON m.carrier_id = ids.id AND m.month >= ${from}::date
      GROUP BY ids.id) k
    WHERE c.id = k.id AND (c.rating IS DISTINCT FROM k.rating OR c.on_time_rate IS DISTINCT FROM k.on_time_rate)`);
}

async function record(db: DbOrTx, statements: SQL[]): Promise<number> {
  const touched: Touched[] = [];
  for (const statement of statements) touched.push(...(await selectRows<Touched>(db, statement)));
  await rebuildMonths(db, touched);
  return touched.length;
}

const orderIs = (orderId: number) => sql`o.id = ${orderId}`;

/**
 * A loading reported by the carrier or confirmed in the office (`confirmed`: the time the confirmation saves, when it
 * gives one). Counted once per order; call it before the order's loading date is overwritten.
 */
export const noteLoading = (db: DbOrTx, orderId: number, confirmed: string | null = null) =>
  record(db, stopEvents('loading', orderIs(orderId), confirmed));

/** An unloading reported or confirmed; also the order carried. */
export const noteUnloading = (db: DbOrTx, orderId: number, confirmed: string | null = null) =>
  record(db, stopEvents('unloading', orderIs(orderId), confirmed));

/** The carrier accepted the order on its link. */
export const noteAccepted = (db: DbOrTx, orderId: number) => record(db, [acceptedEvents(orderIs(orderId))]);

/** A CMR of the order arrived (its first counts). */
export const noteCmr = (db: DbOrTx, orderId: number) => record(db, [cmrEvents(orderIs(orderId))]);

/** A carrier's invoice was received (typed in, from KSeF or from the link): its orders' days to the invoice. */
export const noteCarrierInvoice = (db: DbOrTx, invoiceId: number) =>
  record(db, [invoiceEvents(sql`ci.id = ${invoiceId}`)]);

/** An offer made by a known carrier. */
export const noteOfferMade = (db: DbOrTx, offerId: number) => record(db, [offerEvents(sql`f.id = ${offerId}`)]);

/** An order made from a query took its carrier's offer. */
export const noteOfferWon = (db: DbOrTx, orderId: number) => record(db, [wonEvents(orderIs(orderId))]);

/**
 * The carrier shared positions for these orders (issue 39's positions, from its link or its telematics): counted once
 * per order, in the month it first happened. Answers how many orders were new.
 */
export async function notePositionsShared(db: DbOrTx, orderIds: number | readonly number[]): Promise<number> {
  const ids = typeof orderIds === 'number' ? [orderIds] : [...new Set(orderIds)];
  if (ids.length === 0) return 0;
  return record(db, [
    sql`INSERT INTO carrier_record_events (kind, ref_id, carrier_id, month, at)
      SELECT 'positions', o.id, o.carrier_id, ${warsawMonth(sql`now()`)}, now() FROM orders o
      WHERE o.carrier_id IS NOT NULL AND o.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
        AND NOT EXISTS (SELECT 1 FROM carrier_record_events e WHERE e.kind = 'positions' AND e.ref_id = o.id)
      ON CONFLICT DO NOTHING RETURNING carrier_id AS "carrierId", month::text AS month`,
  ]);
}

/** A rating given or changed: its month's row and its carrier's figures. */
export const noteRating = (db: DbOrTx, carrierId: number, month: string) => rebuildMonths(db, [{ carrierId, month }]);

/**
 * The record of an office that had orders before issue 39: every fact the data already holds (stops reported or
 * confirmed, acceptances, CMRs, carriers' invoices, offers made and won), through the same statements as the events
 * themselves. Events already counted stay (ON CONFLICT DO NOTHING), so it may run again. Answers the events added.
 */
export async function backfillCarrierRecords(db: DbOrTx): Promise<number> {
  const all = sql`true`;
  return record(db, [
    ...stopEvents('loading', sql`(l.loaded_at IS NOT NULL OR o.loading_finished)`, null),
    ...stopEvents('unloading', sql`(l.unloaded_at IS NOT NULL OR o.unloading_finished)`, null),
    acceptedEvents(all),
    cmrEvents(all),
    invoiceEvents(all),
    offerEvents(all),
    wonEvents(all),
  ]);
}

/** Carriers whose oldest counted month has just left the 12 months: their kept figures again. */
export async function refreshRecordWindow(db: DbOrTx, today = warsawDay()): Promise<void> {
  const left = monthStart(today, MONTHS);
  const rows = await selectRows<{ id: number }>(
    db,
    sql`SELECT DISTINCT carrier_id AS id FROM carrier_record_months WHERE month = ${left}::date`,
  );
  await keepCarrierFigures(
    db,
    rows.map((r) => r.id),
    today,
  );
}

type MonthRow = {
  month: string;
  loadingsTimed: number;
  loadingsOnTime: number;
  unloadingsTimed: number;
  unloadingsOnTime: number;
  acceptMinutes: number[];
  cmrDays: number[];
  invoiceDays: number[];
  offersMade: number;
  offersWon: number;
  ordersCarried: number;
  positionsShared: number;
  ratings: number;
  ratingSum: number;
};

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return Math.round(value * 10) / 10;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 100) / whole) : null);
const average = (sum: number, count: number) => (count > 0 ? Math.round((sum * 100) / count) / 100 : null);
const sumOf = (rows: MonthRow[], key: keyof MonthRow) => rows.reduce((total, row) => total + (row[key] as number), 0);

/** The record's figures from its month rows (at most 12), without the ratings' list. */
export async function readRecordFigures(
  db: DbOrTx,
  carrierId: number,
  today = warsawDay(),
): Promise<Omit<CarrierRecord, '@type' | 'lastRatings'>> {
  const { from, months } = recordWindow(today);
  const rows = await selectRows<MonthRow>(
    db,
    sql`SELECT to_char(month, 'YYYY-MM') AS month, loadings_timed AS "loadingsTimed",
        loadings_on_time AS "loadingsOnTime", unloadings_timed AS "unloadingsTimed",
        unloadings_on_time AS "unloadingsOnTime", accept_minutes AS "acceptMinutes", cmr_days AS "cmrDays",
        invoice_days AS "invoiceDays", offers_made AS "offersMade", offers_won AS "offersWon",
        orders_carried AS "ordersCarried", positions_shared AS "positionsShared", ratings, rating_sum AS "ratingSum"
      FROM carrier_record_months WHERE carrier_id = ${carrierId} AND month >= ${from}::date ORDER BY month`,
  );
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const points: CarrierRecordMonth[] = months.map((first) => {
    const month = first.slice(0, 7);
    const row = byMonth.get(month);
    return {
      month,
      onTimeRate: row
        ? percent(row.loadingsOnTime + row.unloadingsOnTime, row.loadingsTimed + row.unloadingsTimed)
        : null,
      ordersCarried: row?.ordersCarried ?? 0,
      rating: row ? average(row.ratingSum, row.ratings) : null,
      ratings: row?.ratings ?? 0,
    };
  });
  const timed = sumOf(rows, 'loadingsTimed') + sumOf(rows, 'unloadingsTimed');
  const onTime = sumOf(rows, 'loadingsOnTime') + sumOf(rows, 'unloadingsOnTime');
  const carried = sumOf(rows, 'ordersCarried');
  const shared = sumOf(rows, 'positionsShared');
  return {
    from,
    to: today,
    rating: average(sumOf(rows, 'ratingSum'), sumOf(rows, 'ratings')),
    ratings: sumOf(rows, 'ratings'),
    onTimeRate: percent(onTime, timed),
    loadingOnTimeRate: percent(sumOf(rows, 'loadingsOnTime'), sumOf(rows, 'loadingsTimed')),
    unloadingOnTimeRate: percent(sumOf(rows, 'unloadingsOnTime'), sumOf(rows, 'unloadingsTimed')),
    medianAcceptMinutes: median(rows.flatMap((r) => r.acceptMinutes)),
    medianCmrDays: median(rows.flatMap((r) => r.cmrDays)),
    medianInvoiceDays: median(rows.flatMap((r) => r.invoiceDays)),
    offersMade: sumOf(rows, 'offersMade'),
    offersWon: sumOf(rows, 'offersWon'),
    ordersCarried: carried,
    // Positions may be shared before the order is carried: never above all of them.
    positionsSharedRate: carried > 0 ? Math.min(100, percent(shared, carried) as number) : null,
    months: points,
  };
}
