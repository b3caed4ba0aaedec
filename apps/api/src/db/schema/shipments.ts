import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { doublePrecision, integer, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A price in PLN hundredths as SQL over a row's own columns (for generated columns, which may not read one another):
 * EUR at the row's euroExchangeRate (hundredths of a złoty), rounded half away from zero; null while the price, or an
 * EUR price's rate, is missing.
 */
export function plnSql(price: string, currency: string): string {
  return `(CASE WHEN ${currency} = 'eur' THEN round(${price}::numeric * euro_exchange_rate / 100)::bigint ELSE ${price}::bigint END)`;
}

/** Margin (PLN hundredths) of what the customer pays over what the carrier costs. */
export function marginSql(
  customerPrice: string,
  customerCurrency: string,
  carrierPrice: string,
  carrierCurrency: string,
) {
  return sql.raw(`(${plnSql(customerPrice, customerCurrency)} - ${plnSql(carrierPrice, carrierCurrency)})`);
}

/** The margin in hundredths of a percent of the customer price (1250 = 12,50 %); null without a positive price. */
export function marginPercentSql(
  customerPrice: string,
  customerCurrency: string,
  carrierPrice: string,
  carrierCurrency: string,
): SQL {
  const revenue = plnSql(customerPrice, customerCurrency);
  const cost = plnSql(carrierPrice, carrierCurrency);
  return sql.raw(`(CASE WHEN ${revenue} > 0 THEN round((${revenue} - ${cost}) * 10000.0 / ${revenue})::bigint END)`);
}

/**
 * Both street addresses of a query or an order, joined, unaccented and lower-case: one trigram index per table serves
 * the loading and the unloading street filter as their superset (modules/shipments/filters.ts), where two would cost
 * twice the build and the writes (issue 35).
 */
export const streetAddressesSql = (t: { loadingStreetAddress: SQLWrapper; unloadingStreetAddress: SQLWrapper }): SQL =>
  sql`f_unaccent(lower(coalesce(${t.loadingStreetAddress}, '') || ' ' || coalesce(${t.unloadingStreetAddress}, '')))`;

/** Columns queries and orders share: route, dates, cargo, computed distance and coordinates. */
export const shipmentColumns = () => ({
  cargo: text('cargo'),
  cargoLength: integer('cargo_length'),
  cargoWidth: integer('cargo_width'),
  cargoHeight: integer('cargo_height'),
  cargoWeight: integer('cargo_weight'),
  loadingStreetAddress: text('loading_street_address'),
  loadingPostalCode: text('loading_postal_code'),
  loadingCity: text('loading_city'),
  loadingCountry: text('loading_country'),
  loadingDate: timestamp('loading_date', { withTimezone: true, mode: 'string' }),
  unloadingStreetAddress: text('unloading_street_address'),
  unloadingPostalCode: text('unloading_postal_code'),
  unloadingCity: text('unloading_city'),
  unloadingCountry: text('unloading_country'),
  unloadingDate: timestamp('unloading_date', { withTimezone: true, mode: 'string' }),
  loadingType: text('loading_type').notNull().default('brak informacji'),
  distance: integer('distance'),
  loadingLatitude: doublePrecision('loading_latitude'),
  loadingLongitude: doublePrecision('loading_longitude'),
  unloadingLatitude: doublePrecision('unloading_latitude'),
  unloadingLongitude: doublePrecision('unloading_longitude'),
  additionalInfo: text('additional_info'),
  euroExchangeRate: integer('euro_exchange_rate'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletionReason: integer('deletion_reason').notNull().default(0),
  /** Bumped by the database on every change (the ETag; If-Match refuses an older one). */
  version: integer('version').notNull().default(1),
});
