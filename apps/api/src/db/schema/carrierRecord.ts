import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { carriers } from './parties.ts';
import { users } from './users.ts';

/**
 * Issue 39, the carrier's record: each fact counted once (an order loaded, unloaded, accepted on the link, its CMR,
 * its carrier's invoice, an offer made or won, positions shared), by its kind and the id of what it is about (an
 * order's, an offer's). The row is the guard that a fact repeated (a loading confirmed after the carrier reported it,
 * a second CMR) is not counted twice, and keeps what was counted, so that the months can be rebuilt from it.
 */
export const carrierRecordEvents = pgTable(
  'carrier_record_events',
  {
    /** loading | unloading | accepted | cmr | invoice | offer | won | carried | positions */
    kind: text('kind').notNull(),
    /** The order's id (the offer's for offer and won). */
    refId: integer('ref_id').notNull(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    /** The first day of the month it counts in. */
    month: date('month', { mode: 'string' }).notNull(),
    /** When it happened: a wall-clock time kept as UTC for stops (as the orders keep them), an instant otherwise. */
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    /** Stops: reached inside their window. */
    onTime: boolean('on_time'),
    /** accepted: minutes; cmr and invoice: days after the unloading. */
    value: integer('value'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId] }),
    index('carrier_record_events_carrier_month_idx').on(t.carrierId, t.month),
  ],
);

/**
 * The record's months per carrier, kept from the events in their transaction: the record reads at most 12 rows. The
 * medians keep their samples (a month of one carrier is tens of orders), the rest are counts.
 */
export const carrierRecordMonths = pgTable(
  'carrier_record_months',
  {
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    loadingsTimed: integer('loadings_timed').notNull().default(0),
    loadingsOnTime: integer('loadings_on_time').notNull().default(0),
    unloadingsTimed: integer('unloadings_timed').notNull().default(0),
    unloadingsOnTime: integer('unloadings_on_time').notNull().default(0),
    acceptMinutes: integer('accept_minutes').array().notNull().default(sql`'{}'::integer[]`),
    cmrDays: integer('cmr_days').array().notNull().default(sql`'{}'::integer[]`),
    invoiceDays: integer('invoice_days').array().notNull().default(sql`'{}'::integer[]`),
    offersMade: integer('offers_made').notNull().default(0),
    offersWon: integer('offers_won').notNull().default(0),
    ordersCarried: integer('orders_carried').notNull().default(0),
    positionsShared: integer('positions_shared').notNull().default(0),
    ratings: integer('ratings').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
  },
  // The month leaving the 12 months names the carriers whose kept figures change (refreshRecordWindow).
  (t) => [primaryKey({ columns: [t.carrierId, t.month] }), index('carrier_record_months_month_idx').on(t.month)],
);

/** A rating of the carrier of one order (issue 39): one per order, its author may change it for 7 days. */
export const orderRatings = pgTable(
  'order_ratings',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    /** The month its score counts in (its creation's), so that a change moves the sum of that month. */
    month: date('month', { mode: 'string' }).notNull(),
    score: integer('score').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    comment: text('comment'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  // The carrier's modal: its last ratings, newest first.
  (t) => [index('order_ratings_carrier_idx').on(t.carrierId, t.createdAt.desc(), t.id)],
);

/** One row once the record was backfilled from the data an office had before issue 39 (modules/carrierRecord). */
export const carrierRecordBackfill = pgTable('carrier_record_backfill', {
  id: integer('id').primaryKey().default(1),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  events: integer('events').notNull().default(0),
});
