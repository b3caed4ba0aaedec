import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { carriers, customers, sortIndexes } from './parties.ts';
import { marginSql, shipmentColumns, streetAddressesSql } from './shipments.ts';
import { users } from './users.ts';

export const queries = pgTable(
  'queries',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    status: text('status').notNull().default('aktywne'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    /** Issue 37: sent from the customer panel ('od klienta') by this person (a ROLE_CUSTOMER user). */
    panelUserId: integer('panel_user_id').references(() => users.id, { onDelete: 'set null' }),
    customerPrice: integer('customer_price'),
    customerPriceSuggested: integer('customer_price_suggested'),
    customerPriceCurrency: text('customer_price_currency').notNull().default('pln'),
    /** The lowest active offer, kept by the offers module in the same transaction (computed in SQL). */
    bestOffer: integer('best_offer'),
    bestOfferCurrency: text('best_offer_currency'),
    /** The best offer in PLN hundredths (EUR through the rate), so that the best-offer filter and sort compare like with like. */
    bestOfferPln: integer('best_offer_pln'),
    /** Offers from the public page whose carrier has not clicked the e-mail link yet (kept with the best offer). */
    pendingOffers: integer('pending_offers').notNull().default(0),
    /** What an order brings along when it becomes a query, so that converting back loses nothing. */
    customerDateOfPayment: timestamp('customer_date_of_payment', { withTimezone: true, mode: 'string' }),
    customerDateOfPaymentString: text('customer_date_of_payment_string'),
    orderAdditionalInfo: text('order_additional_info'),
    /** The order this query became (status 'zamienione'), or the order it was made from. */
    orderUuid: uuid('order_uuid').references((): AnyPgColumn => orders.uuid, { onDelete: 'set null' }),
    ...shipmentColumns(),
    /** The price shown to the customer over the best offer, in PLN hundredths at the query's rate (null while either is missing). */
    bestOfferMargin: bigint('best_offer_margin', { mode: 'number' }).generatedAlwaysAs(
      marginSql('customer_price_suggested', 'customer_price_currency', 'best_offer', 'best_offer_currency'),
    ),
    /**
     * The customer's company name and the owner's name, kept by the database (as on orders, migration
     * kept_party_names) for order[customer.companyName] and order[user.name]. Neither a change nor in the history.
     */
    customerCompanyName: text('customer_company_name'),
    ownerName: text('owner_name'),
  },
  (t) => [
    index('queries_panel_user_idx').on(t.panelUserId).where(sql`${t.panelUserId} IS NOT NULL`),
    // The foreign key's SET NULL when an order is deleted: without it each deleted order read every query.
    index('queries_order_uuid_idx').on(t.orderUuid).where(sql`${t.orderUuid} IS NOT NULL`),
    // The table's usual page: not deleted, a status, newest first.
    index('queries_list_idx').on(t.deletionReason, t.status, t.id.desc()),
    // Sortable dates: NULLS FIRST and the id, as the list sorts them (see parseListQuery), in either direction.
    index('queries_loading_date_idx').on(t.loadingDate.nullsFirst(), t.id),
    index('queries_created_idx').on(t.createdAt.nullsFirst(), t.id),
    // A customer's or an owner's queries, newest first as the list sorts.
    index('queries_customer_idx').on(t.customerId, t.id),
    index('queries_user_idx').on(t.userId, t.id),
    index('queries_loading_country_idx').on(t.loadingCountry, t.loadingDate),
    index('queries_unloading_country_idx').on(t.unloadingCountry),
    index('queries_cargo_trgm').using('gin', sql`${t.cargo} gin_trgm_ops`),
    index('queries_loading_city_trgm').using('gin', sql`f_unaccent(lower(${t.loadingCity})) gin_trgm_ops`),
    index('queries_unloading_city_trgm').using('gin', sql`f_unaccent(lower(${t.unloadingCity})) gin_trgm_ops`),
    // Address filters (issue 35): postal codes from their start (lower(…) LIKE '40-%' is a range here), both street
    // addresses in one trigram index (the filters' superset, modules/shipments/filters.ts).
    index('queries_loading_postal_code_prefix_idx').on(sql`lower(${t.loadingPostalCode}) text_pattern_ops`),
    index('queries_unloading_postal_code_prefix_idx').on(sql`lower(${t.unloadingPostalCode}) text_pattern_ops`),
    index('queries_street_trgm').using('gin', sql`${streetAddressesSql(t)} gin_trgm_ops`),
    // The public page: active, not deleted queries by loading date.
    // The public page: open queries loading from today on, those without a date last — one index range (an OR with
    // IS NULL would read every past query first, more of them each day).
    index('queries_public_idx')
      .on(sql`coalesce(${t.loadingDate}, 'infinity'::timestamptz)`, t.id)
      .where(sql`${t.status} = 'aktywne' AND ${t.deletionReason} = 0`),
    // The list's other sortable columns (order[x], both directions), read in order (issue 35).
    // Migration 0082 makes those of the loading type, the distance and the prices INCLUDE the deletion mark (drizzle's
    // index builder cannot write it): an exact value's total is counted from the index alone.
    ...sortIndexes('queries', t.id, [
      t.unloadingDate,
      t.cargo,
      t.loadingType,
      t.distance,
      t.cargoLength,
      t.cargoWidth,
      t.cargoHeight,
      t.cargoWeight,
      t.loadingCity,
      t.unloadingCity,
      t.loadingCountry,
      t.unloadingCountry,
      t.customerPrice,
      t.customerPriceSuggested,
      t.bestOfferPln,
      t.customerCompanyName,
      t.ownerName,
    ]),
  ],
);

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    queryId: integer('query_id')
      .notNull()
      .references(() => queries.id, { onDelete: 'cascade' }),
    carrierId: integer('carrier_id').references(() => carriers.id, { onDelete: 'restrict' }),
    acquiredBy: text('acquired_by').notNull().default('brak'),
    currency: text('currency').notNull().default('pln'),
    price: integer('price').notNull(),
    email: text('email'),
    phonePrefix: text('phone_prefix').notNull().default('48'),
    phone: text('phone'),
    /** Public offers wait for the carrier to click the link in the verification e-mail. */
    active: boolean('active').notNull().default(true),
    verificationTokenHash: text('verification_token_hash').unique(),
    verificationExpiresAt: timestamp('verification_expires_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by the database on every change (the ETag; If-Match refuses an older one). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('offers_query_idx').on(t.queryId, t.active),
    index('offers_carrier_idx').on(t.carrierId),
    // The list always filters on `active` (true unless asked): its default order (newest first, then id ascending),
    // and its sortable columns (both directions), read in order within it.
    index('offers_active_newest_idx').on(t.active, t.createdAt.desc().nullsFirst(), t.id),
    index('offers_active_created_idx').on(t.active, t.createdAt.nullsFirst(), t.id),
    index('offers_active_price_idx').on(t.active, t.price.nullsFirst(), t.id),
  ],
);

/** Request counters of the public endpoints (per IP, per e-mail), shared by every app instance. */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});
