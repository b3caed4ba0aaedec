import { PAGE_SIZES } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { carriers } from '../../db/schema/index.ts';
import type { FilterSpec } from '../../http/filters.ts';
import { partyDefaultOrder, partyFilterFields, partyJson, partySearch, partySearchOrder } from '../parties/fields.ts';
import { carrierStatusFilter } from '../verification/status.ts';

type CarrierRow = typeof carriers.$inferSelect;

/** `countries=DE,FR` (or repeated): carriers serving every one of them. */
function servedCountries(value: string) {
  const codes = value
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter((c) => /^[A-Z]{2}$/.test(c));
  if (codes.length === 0) return undefined;
  return sql`${carriers.countries} @> ${`{${codes.join(',')}}`}::text[]`;
}

/** 'min. ocena' (issue 39): `minRating=4` or `4,5` — an average of at least that over 12 months. */
function minRating(value: string) {
  const score = Number(value.replace(',', '.'));
  if (!Number.isFinite(score) || score < 1 || score > 5) return undefined;
  return sql`${carriers.rating} >= ${Math.round(score * 100)}`;
}

export const carrierFilters: FilterSpec = {
  fields: {
    ...partyFilterFields(carriers),
    methodOfContact: { column: carriers.methodOfContact, type: 'string', search: 'exact', order: true },
    accountNumber: { column: carriers.accountNumber, type: 'string', search: 'partial' },
    maxCargoLength: { column: carriers.maxCargoLength, type: 'int', range: true, order: true },
    maxCargoWidth: { column: carriers.maxCargoWidth, type: 'int', range: true, order: true },
    maxCargoHeight: { column: carriers.maxCargoHeight, type: 'int', range: true, order: true },
    maxCargoWeight: { column: carriers.maxCargoWeight, type: 'int', range: true, order: true },
    vatStatus: { column: carriers.vatStatus, type: 'string', search: 'exact', order: true },
    verifiedAt: { column: carriers.verifiedAt, type: 'timestamp', date: true, order: true },
    ocpValidTo: { column: carriers.ocpValidTo, type: 'date', search: 'exact', order: true },
    // Issue 39: kept on the carrier as events happen (modules/carrierRecord), sorted through their indexes.
    rating: { column: carriers.rating, type: 'int', order: true },
    onTimeRate: { column: carriers.onTimeRate, type: 'int', range: true, order: true },
  },
  custom: {
    ...partySearch(carriers),
    countries: servedCountries,
    'countries[]': servedCountries,
    verificationStatus: carrierStatusFilter,
    minRating,
  },
  defaultOrder: partyDefaultOrder(carriers),
  orderWhen: partySearchOrder(carriers),
  tiebreaker: carriers.id,
  itemsPerPage: PAGE_SIZES.default,
};

// Object.assign, not a spread first: see scripts/lint/no-spread-first.grit.
export const toCarrierJson = (row: CarrierRow) =>
  Object.assign(partyJson('carriers', 'Carrier', row), {
    accountNumber: row.accountNumber,
    countries: row.countries,
    maxCargoLength: row.maxCargoLength,
    maxCargoWidth: row.maxCargoWidth,
    maxCargoHeight: row.maxCargoHeight,
    maxCargoWeight: row.maxCargoWeight,
    methodOfContact: row.methodOfContact,
    ocpInsurer: row.ocpInsurer,
    ocpPolicyNumber: row.ocpPolicyNumber,
    ocpSum: row.ocpSum,
    ocpSumCurrency: row.ocpSumCurrency,
    ocpValidFrom: row.ocpValidFrom,
    ocpValidTo: row.ocpValidTo,
    licenceNumber: row.licenceNumber,
    licenceValidTo: row.licenceValidTo,
    rating: row.rating === null ? null : row.rating / 100,
    onTimeRate: row.onTimeRate,
  });
