import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { carriers, customers, sortIndexes } from './parties.ts';
import { offers, queries } from './queries.ts';
import { marginPercentSql, marginSql, plnSql, shipmentColumns, streetAddressesSql } from './shipments.ts';
import { users } from './users.ts';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    number: text('number').notNull().unique(),
    status: text('status').notNull().default('aktywne'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    showInCalendar: boolean('show_in_calendar').notNull().default(true),
    loadingFinished: boolean('loading_finished').notNull().default(false),
    unloadingFinished: boolean('unloading_finished').notNull().default(false),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    customerPrice: integer('customer_price'),
    customerPriceCurrency: text('customer_price_currency').notNull().default('pln'),
    customerPaid: boolean('customer_paid').notNull().default(false),
    customerPaidConfirmed: boolean('customer_paid_confirmed').notNull().default(false),
    customerDateOfPayment: timestamp('customer_date_of_payment', { withTimezone: true, mode: 'string' }),
    customerDateOfPaymentString: text('customer_date_of_payment_string'),
    carrierId: integer('carrier_id').references(() => carriers.id, { onDelete: 'restrict' }),
    carrierPrice: integer('carrier_price'),
    carrierPriceCurrency: text('carrier_price_currency').notNull().default('pln'),
    carrierAcquiredBy: text('carrier_acquired_by'),
    /** The carrier's account the payment goes to (digits only), checked on the VAT white list when paid. */
    carrierBankAccount: text('carrier_bank_account'),
    /** The optional value of the cargo, compared with the carrier's OCP sum. */
    cargoValue: bigint('cargo_value', { mode: 'number' }),
    cargoValueCurrency: text('cargo_value_currency').notNull().default('pln'),
    /** An administrator's reason for giving the order to a carrier that is not verified (the setting on). */
    carrierVerificationOverride: text('carrier_verification_override'),
    /** Issue 26: an administrator's reason for an order for a debtor ('Blokuj zlecenia dla dłużników' on). */
    debtorOverride: text('debtor_override'),
    carrierPaid: boolean('carrier_paid').notNull().default(false),
    carrierPaidConfirmed: boolean('carrier_paid_confirmed').notNull().default(false),
    carrierDateOfPayment: timestamp('carrier_date_of_payment', { withTimezone: true, mode: 'string' }),
    carrierDateOfPaymentString: text('carrier_date_of_payment_string'),
    /** The day the customer's / the carrier's payment was marked received or sent (the payments cockpit). */
    customerPaidDate: date('customer_paid_date', { mode: 'string' }),
    carrierPaidDate: date('carrier_paid_date', { mode: 'string' }),
    /**
     * The payment date of the carrier's own invoice matched to this order (received from KSeF), kept by a trigger on
     * received_invoices; when there is one, the payables list goes by it rather than by the term agreed on the order.
     */
    carrierInvoicePaymentDate: date('carrier_invoice_payment_date', { mode: 'string' }),
    carrierIsPayer: boolean('carrier_is_payer').notNull().default(false),
    /**
     * Issue 38: the carrier's agreed term in days and from when it counts: 'issue' (the invoice's date) or
     * 'documents' (the arrival of the invoice with the CMR, 'liczony od otrzymania dokumentów').
     */
    carrierPaymentTermDays: integer('carrier_payment_term_days'),
    carrierPaymentTermFrom: text('carrier_payment_term_from'),
    driverPicksUpMoney: boolean('driver_picks_up_money').notNull().default(false),
    driverName: text('driver_name'),
    driverId: text('driver_id'),
    driverPhonePrefix: text('driver_phone_prefix').notNull().default('48'),
    driverPhone: text('driver_phone'),
    truck: text('truck'),
    trailer: text('trailer'),
    orderAdditionalInfo: text('order_additional_info'),
    mailSentToCustomer: boolean('mail_sent_to_customer').notNull().default(false),
    mailSentToCarrier: boolean('mail_sent_to_carrier').notNull().default(false),
    /** When and to which address the document last went out, so that a resend is deliberate. */
    mailSentToCustomerAt: timestamp('mail_sent_to_customer_at', { withTimezone: true }),
    mailSentToCustomerAddress: text('mail_sent_to_customer_address'),
    mailSentToCarrierAt: timestamp('mail_sent_to_carrier_at', { withTimezone: true }),
    mailSentToCarrierAddress: text('mail_sent_to_carrier_address'),
    /** The query this order was made from (conversions and the stats count through it), or the query it became. */
    queryUuid: uuid('query_uuid').references((): AnyPgColumn => queries.uuid, { onDelete: 'set null' }),
    /** The offer of that query whose carrier and price the conversion took (null for an order typed in). */
    chosenOfferUuid: uuid('chosen_offer_uuid').references(() => offers.uuid, { onDelete: 'set null' }),
    ...shipmentColumns(),
    /**
     * Prices in PLN and the margin, computed by PostgreSQL from the row (EUR at the order's own rate), so that the
     * table filters and sorts by margin through an index and the statistics sum them without converting anything.
     */
    customerPricePln: bigint('customer_price_pln', { mode: 'number' }).generatedAlwaysAs(
      sql.raw(plnSql('customer_price', 'customer_price_currency')),
    ),
    carrierPricePln: bigint('carrier_price_pln', { mode: 'number' }).generatedAlwaysAs(
      sql.raw(plnSql('carrier_price', 'carrier_price_currency')),
    ),
    margin: bigint('margin', { mode: 'number' }).generatedAlwaysAs(
      marginSql('customer_price', 'customer_price_currency', 'carrier_price', 'carrier_price_currency'),
    ),
    marginPercent: bigint('margin_percent', { mode: 'number' }).generatedAlwaysAs(
      marginPercentSql('customer_price', 'customer_price_currency', 'carrier_price', 'carrier_price_currency'),
    ),
    /** When the carrier is due to be paid: its invoice's payment date, else the order's (the payables list's key). */
    carrierPaymentDue: timestamp('carrier_payment_due', { withTimezone: true, mode: 'string' }).generatedAlwaysAs(
      sql.raw(`coalesce(carrier_invoice_payment_date::timestamp AT TIME ZONE 'UTC', carrier_date_of_payment)`),
    ),
    /**
     * The customer's and the carrier's company names and the owner's name, kept by the database from the records
     * (migration kept_party_names: set when the order is written with them, renamed with them), so that
     * order[customer.companyName] and the like read an index in order instead of joining and sorting every order.
     * Neither a change of the order nor in its history.
     */
    customerCompanyName: text('customer_company_name'),
    carrierCompanyName: text('carrier_company_name'),
    ownerName: text('owner_name'),
  },
  (t) => [
    index('orders_margin_idx').on(t.margin.nullsFirst(), t.id),
    index('orders_list_idx').on(t.deletionReason, t.status, t.id.desc()),
    index('orders_loading_date_idx').on(t.loadingDate.nullsFirst(), t.id),
    // The table's usual question (a country, a status, a date range, a price) has two indexes. The page: read in
    // loading-date order either way (the id is the sort's tiebreaker). The total: counted from the index alone, without
    // the unique id, so that equal keys share one entry and the count visits few pages.
    index('orders_country_list_idx').on(t.loadingCountry, t.status, t.deletionReason, t.loadingDate.nullsFirst(), t.id),
    index('orders_country_count_idx').on(
      t.loadingCountry,
      t.status,
      t.deletionReason,
      t.loadingDate.nullsFirst(),
      t.customerPrice,
    ),
    // The number filter matches from the start (LIKE '1/11/%'), which a text_pattern_ops index answers. Migration 0080
    // makes it INCLUDE the id and the deletion mark (which drizzle's index builder cannot write): a prefix's matches
    // found on their own give the page's ids from the index alone.
    index('orders_number_prefix_idx').on(t.number.op('text_pattern_ops')),
    // A number's first one to three characters as typed (orders/filters.ts `numberFilter`), with the id: such a short
    // start is held by a tenth to a thousandth of the orders, scattered along the list's order in runs (each month's
    // 12/, 120–129/, 1200–1299/…); read here in the order, newest first, and counted from the index alone (migration
    // 0084 makes each INCLUDE the number and the archive's columns, which drizzle's index builder cannot write).
    ...([1, 2, 3] as const).map((length) =>
      index(`orders_number_start${length}_idx`)
        .on(sql`left(${t.number}, ${sql.raw(String(length))})`, t.id)
        .where(sql`${t.deletionReason} = 0`),
    ),
    index('orders_unloading_date_idx').on(t.unloadingDate.nullsFirst(), t.id),
    // The loadings calendar asks a range of loading (or unloading) dates of the live orders shown in it.
    index('orders_calendar_loading_idx')
      .on(t.loadingDate.nullsFirst(), t.id)
      .where(sql`${t.deletionReason} = 0 AND ${t.showInCalendar}`),
    index('orders_calendar_unloading_idx')
      .on(t.unloadingDate.nullsFirst(), t.id)
      .where(sql`${t.deletionReason} = 0 AND ${t.showInCalendar}`),
    index('orders_created_idx').on(t.createdAt.nullsFirst(), t.id),
    // A party's or an owner's orders (`customer.uuid=` and the like compare the key), newest first as the list sorts.
    index('orders_customer_idx').on(t.customerId, t.id),
    index('orders_carrier_idx').on(t.carrierId, t.id),
    index('orders_user_idx').on(t.userId, t.id),
    // Issue 39: a telematics position finds its carrier's order by the truck's plate (letters and digits, upper case).
    index('orders_carrier_truck_idx')
      .on(t.carrierId, sql`regexp_replace(upper(${t.truck}), '[^A-Z0-9]', '', 'g')`)
      .where(sql`${t.deletionReason} = 0 AND ${t.truck} IS NOT NULL`),
    index('orders_query_idx').on(t.queryUuid),
    index('orders_chosen_offer_idx').on(t.chosenOfferUuid),
    index('orders_cargo_trgm').using('gin', sql`${t.cargo} gin_trgm_ops`),
    index('orders_loading_city_trgm').using('gin', sql`f_unaccent(lower(${t.loadingCity})) gin_trgm_ops`),
    index('orders_unloading_city_trgm').using('gin', sql`f_unaccent(lower(${t.unloadingCity})) gin_trgm_ops`),
    // Address filters (issue 35): postal codes from their start (lower(…) LIKE '40-%' is a range here), both street
    // addresses in one trigram index (the filters' superset, modules/shipments/filters.ts).
    index('orders_loading_postal_code_prefix_idx').on(sql`lower(${t.loadingPostalCode}) text_pattern_ops`),
    index('orders_unloading_postal_code_prefix_idx').on(sql`lower(${t.unloadingPostalCode}) text_pattern_ops`),
    index('orders_street_trgm').using('gin', sql`${streetAddressesSql(t)} gin_trgm_ops`),
    // The list's other sortable columns (order[x], both directions), read in order (issue 35).
    // Migration 0082 makes those of the loading type, the distance and the prices INCLUDE the deletion mark, the status
    // and the unloading's date and mark (drizzle's index builder cannot write it): an exact value's total is counted
    // from the index alone.
    ...sortIndexes('orders', t.id, [
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
      t.carrierPrice,
      t.marginPercent,
      t.customerCompanyName,
      t.carrierCompanyName,
      t.ownerName,
    ]),
    // The payments cockpit sorted by the party (order[party.companyName]), among each side's open orders.
    index('orders_customer_unpaid_party_idx')
      .on(t.customerCompanyName.nullsFirst(), t.id)
      .where(sql`NOT ${t.customerPaid} AND ${t.deletionReason} = 0 AND ${t.status} IN ('aktywne', 'zakonczone')`),
    index('orders_carrier_unpaid_party_idx')
      .on(t.carrierCompanyName.nullsFirst(), t.id)
      .where(sql`NOT ${t.carrierPaid} AND ${t.deletionReason} = 0 AND ${t.status} IN ('aktywne', 'zakonczone')`),
    // The cockpit's party filter (party.companyName=agro) on the kept name, among each side's open orders: its
    // matches found and counted from trigrams, not the party's every open order read one party at a time.
    index('orders_customer_unpaid_name_trgm')
      .using('gin', sql`f_unaccent(lower(${t.customerCompanyName})) gin_trgm_ops`)
      .where(sql`NOT ${t.customerPaid} AND ${t.deletionReason} = 0 AND ${t.status} IN ('aktywne', 'zakonczone')`),
    index('orders_carrier_unpaid_name_trgm')
      .using('gin', sql`f_unaccent(lower(${t.carrierCompanyName})) gin_trgm_ops`)
      .where(sql`NOT ${t.carrierPaid} AND ${t.deletionReason} = 0 AND ${t.status} IN ('aktywne', 'zakonczone')`),
    // The loadings archive's order (the latest unloading first, then the id) is `orders_archive_order_idx`, hand-written
    // in migration 0076: it INCLUDEs the status and the unloading's mark, which drizzle's index builder cannot write.
  ],
);

/** Order numbers: one counter per month, taken inside the creating transaction (no gaps, no duplicates). */
export const orderNumberCounters = pgTable('order_number_counters', {
  period: text('period').primaryKey(),
  last: integer('last').notNull(),
});
