import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Lower-case, unaccented text of the searchable fields, kept by PostgreSQL itself. */
const searchText = (columns: string[]): SQL =>
  sql.raw(`f_unaccent(lower(${columns.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `)}))`);

const SEARCHED = ['company_name', 'name', 'nip', 'phone', 'email', 'city'];

const partyColumns = () => ({
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  companyName: text('company_name'),
  name: text('name'),
  phonePrefix: text('phone_prefix').notNull().default('48'),
  phone: text('phone'),
  email: text('email'),
  streetAddress: text('street_address'),
  postalCode: text('postal_code'),
  city: text('city'),
  country: text('country'),
  nip: text('nip'),
  language: text('language').notNull().default('Polski'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Bumped by the database on every change (the ETag; If-Match refuses an older one). */
  version: integer('version').notNull().default(1),
  /** Bank accounts (26-digit NRB, digits only): the carrier's payment goes to one of them. */
  bankAccounts: text('bank_accounts').array().notNull().default(sql`'{}'::text[]`),
  /** The VAT white list's status ('Czynny', 'Zwolniony', 'Niezarejestrowany') and when it was read. */
  vatStatus: text('vat_status'),
  vatStatusCheckedAt: timestamp('vat_status_checked_at', { withTimezone: true }),
  /** The last successful registry check (GUS for PL, VIES for another EU country). */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** GUS's activity status of the company ('aktywna', 'zawieszona', 'wykreślona'). */
  registryStatus: text('registry_status'),
  searchText: text('search_text').generatedAlwaysAs(searchText(SEARCHED)),
  /**
   * A search's order (company, then person), lower-case and unaccented as search_text is, so that 'sciezk' finds
   * 'Ścieżka' among the names that begin with it and Ś sorts beside S. Stored: with search_text included in their
   * index (migrations 0039, 0041) a picker's page is read from the index alone (modules/parties/walk.ts).
   */
  companySortKey: text('company_sort_key').generatedAlwaysAs(sql`f_unaccent(lower(company_name))`),
  nameSortKey: text('name_sort_key').generatedAlwaysAs(sql`f_unaccent(lower(name))`),
});

/**
 * The lists' sortable columns (order[x]=asc|desc, then id the same way): one btree per column, NULLS FIRST as
 * `sortKey` sorts, read forwards or backwards, so that a page is read in order instead of sorting every row (issue 35).
 */
export const sortIndexes = (table: string, id: ExtraConfigColumn, columns: ExtraConfigColumn[]) =>
  columns.map((column) => index(`${table}_${column.name}_sort_idx`).on(column.nullsFirst(), id));

export const customers = pgTable(
  'customers',
  {
    ...partyColumns(),
    acquiredBy: text('acquired_by'),
    /** Issue 26: 'bez przypomnień' – no payment reminders go to this customer. */
    noReminders: boolean('no_reminders').notNull().default(false),
    /** Issue 37: the tracking page shows the plates and the driver; null: the settings' default. */
    trackShowVehicle: boolean('track_show_vehicle'),
    /** Issue 37: the milestones mailed to the customer ('sent,loaded,unloaded,cmr'); null: the settings' default. */
    milestoneMails: text('milestone_mails'),
    /**
     * Kept by triggers on invoices (issue 35): the earliest payment date among the customer's open VAT invoices (not
     * paid, something due), null without one. A debtor is a customer whose this date is more than debtorAfterDays
     * behind today (modules/debtors/debt.ts), so that `debtor=` reads an index instead of the invoices of every
     * customer. Derived: neither a version nor a line of history, and not in the customer's JSON.
     */
    debtSince: date('debt_since', { mode: 'string' }),
  },
  (t) => [
    // The duplicate guard: one record per NIP and per phone number, also under concurrent creation.
    uniqueIndex('customers_nip_uq').on(t.nip).where(sql`${t.nip} IS NOT NULL`),
    uniqueIndex('customers_phone_uq').on(t.phonePrefix, t.phone).where(sql`${t.phone} IS NOT NULL`),
    index('customers_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Address filters (issue 35): the postal code from its start (lower(…) LIKE 'x%' is a range here), the street
    // address by trigrams (the filter's superset, modules/parties/fields.ts).
    index('customers_postal_code_prefix_idx').on(sql`lower(${t.postalCode}) text_pattern_ops`),
    index('customers_street_trgm').using('gin', sql`f_unaccent(lower(${t.streetAddress})) gin_trgm_ops`),
    index('customers_company_name_idx').on(t.companyName.nullsFirst(), t.id),
    ...sortIndexes('customers', t.id, [
      t.name,
      t.nip,
      t.email,
      t.city,
      t.country,
      t.language,
      t.createdAt,
      t.acquiredBy,
    ]),
    // A country filter (the list's usual one) in the default order, company by company.
    index('customers_country_company_idx').on(t.country, t.companyName.nullsFirst(), t.id),
    // `debtor=true` in the default order among the customers who owe anything, and its total from the date alone.
    index('customers_owing_company_idx').on(t.companyName.nullsFirst(), t.id).where(sql`${t.debtSince} IS NOT NULL`),
    index('customers_debt_since_idx').on(t.debtSince).where(sql`${t.debtSince} IS NOT NULL`),
  ],
);

/**
 * A carrier whose last check passed, whatever its date and the policy's end (those are the filter's ranges): the
 * condition of `carriers_verified_core_idx`, written once so that the filter's condition implies it.
 * `registry_status IS NULL OR … = 'aktywna'`, not coalesce(…): the planner estimates a column's values from its
 * statistics but an expression's equality as 0.5 % of the rows (341 for 77,500 matches at 1,000,000 rows), which made
 * it sort every match for a page instead of walking the company index.
 */
export const carrierPassedCheck = (t: {
  verifiedAt: SQLWrapper;
  registryStatus: SQLWrapper;
  country: SQLWrapper;
  vatStatus: SQLWrapper;
  ocpValidTo: SQLWrapper;
}) => sql`(${t.verifiedAt} IS NOT NULL
  AND (${t.registryStatus} IS NULL OR ${t.registryStatus} = 'aktywna')
  AND ((${t.country} IS NOT NULL AND ${t.country} <> 'PL') OR ${t.vatStatus} IS NOT DISTINCT FROM 'Czynny')
  AND ${t.ocpValidTo} IS NOT NULL)`;

export const carriers = pgTable(
  'carriers',
  {
    ...partyColumns(),
    accountNumber: text('account_number'),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    maxCargoLength: integer('max_cargo_length'),
    maxCargoWidth: integer('max_cargo_width'),
    maxCargoHeight: integer('max_cargo_height'),
    maxCargoWeight: integer('max_cargo_weight'),
    methodOfContact: text('method_of_contact'),
    ocpInsurer: text('ocp_insurer'),
    ocpPolicyNumber: text('ocp_policy_number'),
    ocpSum: bigint('ocp_sum', { mode: 'number' }),
    ocpSumCurrency: text('ocp_sum_currency').notNull().default('pln'),
    ocpValidFrom: date('ocp_valid_from', { mode: 'string' }),
    ocpValidTo: date('ocp_valid_to', { mode: 'string' }),
    licenceNumber: text('licence_number'),
    licenceValidTo: date('licence_valid_to', { mode: 'string' }),
    /** The policy / licence end the 14-day reminder task was made for (one task per end date). */
    ocpRemindedFor: date('ocp_reminded_for', { mode: 'string' }),
    licenceRemindedFor: date('licence_reminded_for', { mode: 'string' }),
    /**
     * Issue 39, kept from the record's months (modules/carrierRecord) as events happen, so that the list sorts and
     * filters by them through an index: the average score of the last 12 months in hundredths (425 = 4,25) and the
     * share of stops on time in percent; null without any. Derived: neither a version nor a line of history.
     */
    rating: integer('rating'),
    onTimeRate: integer('on_time_rate'),
  },
  (t) => [
    uniqueIndex('carriers_nip_uq').on(t.nip).where(sql`${t.nip} IS NOT NULL`),
    uniqueIndex('carriers_phone_uq').on(t.phonePrefix, t.phone).where(sql`${t.phone} IS NOT NULL`),
    index('carriers_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Address filters (issue 35): the postal code from its start (lower(…) LIKE 'x%' is a range here), the street
    // address by trigrams (the filter's superset, modules/parties/fields.ts).
    index('carriers_postal_code_prefix_idx').on(sql`lower(${t.postalCode}) text_pattern_ops`),
    index('carriers_street_trgm').using('gin', sql`f_unaccent(lower(${t.streetAddress})) gin_trgm_ops`),
    index('carriers_account_number_trgm').using('gin', sql`${t.accountNumber} gin_trgm_ops`),
    index('carriers_company_name_idx').on(t.companyName.nullsFirst(), t.id),
    index('carriers_countries_gin').using('gin', t.countries),
    index('carriers_capacity_idx').on(t.maxCargoWeight, t.maxCargoLength),
    ...sortIndexes('carriers', t.id, [
      t.name,
      t.nip,
      t.email,
      t.city,
      t.country,
      t.language,
      t.createdAt,
      t.methodOfContact,
      t.maxCargoLength,
      t.maxCargoWidth,
      t.maxCargoHeight,
      t.maxCargoWeight,
      t.vatStatus,
      t.verifiedAt,
      t.ocpValidTo,
      t.rating,
      t.onTimeRate,
    ]),
    index('carriers_country_company_idx').on(t.country, t.companyName.nullsFirst(), t.id),
    // 'zweryfikowany' / 'wygasla' (modules/verification/status.ts): the carriers whose check passed, by its date and
    // the policy's end — the filter's total reads this index only, not the matching wide rows.
    index('carriers_verified_core_idx').on(t.verifiedAt, t.ocpValidTo).where(carrierPassedCheck(t)),
  ],
);
