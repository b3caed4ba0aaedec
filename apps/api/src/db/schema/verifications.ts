import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { carriers, customers } from './parties.ts';
import { users } from './users.ts';

/**
 * Every check of a party in an outside register (GUS, VIES, the VAT white list), kept as proof: what was asked,
 * the answer, the register's proof id (the white list's requestId, VIES's consultation number), who and when.
 */
export const verifications = pgTable(
  'verifications',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    carrierId: integer('carrier_id').references(() => carriers.id, { onDelete: 'cascade' }),
    /** 'gus' | 'vies' | 'whitelist' */
    source: text('source').notNull(),
    asked: jsonb('asked').notNull(),
    answer: jsonb('answer'),
    proofId: text('proof_id'),
    /** 'ok' | 'failed' | 'unavailable' */
    outcome: text('outcome').notNull(),
    /** The order whose carrier payment this check (or override) was for. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** An administrator's confirmation of a payment the white list did not confirm. */
    overrideReason: text('override_reason'),
    checkedById: integer('checked_by_id').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    /** The Warsaw day of the check: same-day answers of the white list are reused. */
    checkedOn: date('checked_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    // A party's checks, newest first, then id (`DESC` puts nulls first, as the list sorts): read in order.
    index('verifications_customer_idx').on(t.customerId, t.checkedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('verifications_carrier_idx').on(t.carrierId, t.checkedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('verifications_order_idx').on(t.orderId),
  ],
);

/** How many white-list searches the office made on a day (the list limits them per day and per IP). */
export const whitelistDailyCounter = pgTable('whitelist_daily_counter', {
  day: date('day', { mode: 'string' }).primaryKey(),
  searches: integer('searches').notNull().default(0),
  checks: integer('checks').notNull().default(0),
});

/**
 * A company found in GUS by 'Pobierz z GUS' on a form not saved yet: the answer waits here, and the save of the
 * customer or carrier that carries its uuid records it as the party's GUS check (with the look-up's time) when the
 * saved NIP is the one looked up. The client carries only the uuid, never the answer. Used once; a day at most.
 */
export const registryLookups = pgTable(
  'registry_lookups',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    nip: text('nip').notNull(),
    answer: jsonb('answer').notNull(),
    checkedById: integer('checked_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registry_lookups_checked_at_idx').on(t.checkedAt)],
);
