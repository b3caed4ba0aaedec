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
  },
  custom: {
    ...partySearch(carriers),
    countries: servedCountries,
    'countries[]': servedCountries,
    verificationStatus: carrierStatusFilter,
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
  });
