import { sql } from 'drizzle-orm';
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { carriers } from './parties.ts';
import { users } from './users.ts';

/**
 * Issue 39: where the truck was, from the carrier's link ('link') or its telematics ('telematics'). A position of a
 * plate no running order has keeps a null order for 24 hours, then goes; every position goes after the
 * `positionsRetentionDays` setting (90 days): the driver's position is personal data.
 */
export const positions = pgTable(
  'positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    carrierId: integer('carrier_id').references(() => carriers.id, { onDelete: 'cascade' }),
    plate: text('plate'),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    accuracy: doublePrecision('accuracy'),
    speed: doublePrecision('speed'),
    heading: doublePrecision('heading'),
    /** link | telematics */
    source: text('source').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    // An order's trail and its last position.
    index('positions_order_at_idx').on(t.orderId, t.at.desc()).where(sql`${t.orderId} IS NOT NULL`),
    // Retention: the oldest first.
    index('positions_at_idx').on(t.at),
    index('positions_unattached_idx').on(t.receivedAt).where(sql`${t.orderId} IS NULL`),
    // The foreign key's CASCADE when a carrier is deleted.
    index('positions_carrier_idx').on(t.carrierId).where(sql`${t.carrierId} IS NOT NULL`),
  ],
);

/** A carrier's API keys for POST /api/positions: kept as the key's SHA-256, shown once when made. */
export const carrierApiKeys = pgTable(
  'carrier_api_keys',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters, so that the office can tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedById: integer('revoked_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('carrier_api_keys_carrier_idx').on(t.carrierId, t.id)],
);

/**
 * The kept ETA of a running order (one row an order), recomputed on each position and hourly while positions are
 * stale. Apart from `orders`, so that 10,000 positions a minute neither bump the orders' versions (If-Match) nor run
 * their history and totals triggers; the orders list reads it by primary key for its page and filters 'opóźnione' by
 * a partial index.
 */
export const orderEtas = pgTable(
  'order_etas',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** ok | zagrozone | opoznienie */
    status: text('status').notNull(),
    etaAt: timestamp('eta_at', { withTimezone: true, mode: 'string' }).notNull(),
    minutesLate: integer('minutes_late').notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** The time of the position it was computed from (its age shows beside the mark). */
    positionAt: timestamp('position_at', { withTimezone: true, mode: 'string' }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    /** How it was computed (EtaBasis). */
    basis: jsonb('basis').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('order_etas_late_idx').on(t.orderId).where(sql`${t.status} = 'opoznienie'`),
    index('order_etas_position_at_idx').on(t.positionAt),
  ],
);
