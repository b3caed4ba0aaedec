import { apiMessages, PAGE_SIZES, QUERY_STATUS_FILTERS } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { customers, queries } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { FilterField, FilterSpec } from '../../http/filters.ts';
import { likePattern } from '../../http/filters.ts';
import { owner } from './repository.ts';

const q = queries;

/** Filters both queries and orders have (the route, cargo, dates, distance). */
export function shipmentFilterFields(t: typeof queries): Record<string, FilterField> {
  const fields: Record<string, FilterField> = {
    id: { column: t.id, type: 'int', search: 'exact', order: true },
    uuid: { column: t.uuid, type: 'uuid', search: 'exact' },
    cargo: { column: t.cargo, type: 'string', search: 'partial', order: true },
    loadingType: { column: t.loadingType, type: 'string', search: 'exact', order: true },
    distance: { column: t.distance, type: 'int', range: true, order: true, search: 'exact' },
    deletionReason: { column: t.deletionReason, type: 'int', range: true, search: 'exact' },
    loadingDate: { column: t.loadingDate, type: 'timestamp', date: true, range: true, order: true },
    unloadingDate: { column: t.unloadingDate, type: 'timestamp', date: true, range: true, order: true },
    createdDate: { column: t.createdAt, type: 'timestamp', date: true, range: true, order: true },
  };
  for (const dim of ['cargoLength', 'cargoWidth', 'cargoHeight', 'cargoWeight'] as const) {
    fields[dim] = { column: t[dim], type: 'int', range: true, order: true };
  }
  for (const side of ['loading', 'unloading'] as const) {
    fields[`${side}StreetAddress`] = { column: t[`${side}StreetAddress`], type: 'string', search: 'unaccent' };
    fields[`${side}City`] = { column: t[`${side}City`], type: 'string', search: 'unaccent', order: true };
    fields[`${side}PostalCode`] = { column: t[`${side}PostalCode`], type: 'string', search: 'start' };
    fields[`${side}Country`] = { column: t[`${side}Country`], type: 'string', search: 'iexact', order: true };
  }
  return fields;
}

/** 'wszystkie' means every status; the other filter values are exact. */
function statusFilter(value: string) {
  if (value === '' || value === 'wszystkie') return undefined;
  if (!(QUERY_STATUS_FILTERS as readonly string[]).includes(value)) {
    throw new AppError(400, 'invalid_filter', apiMessages.invalidFilter('status'));
  }
  return sql`${q.status} = ${value}`;
}

/** The customer column's filter: company, name, NIP, phone or e-mail, as the customer picker searches. */
function customerFilter(value: string) {
  if (!value) return undefined;
  return sql`${customers.searchText} LIKE f_unaccent(${likePattern(value.toLowerCase(), 'partial')})`;
}

export const queryFilters: FilterSpec = {
  fields: {
    ...shipmentFilterFields(q),
    'customer.uuid': { column: customers.uuid, type: 'uuid', search: 'exact' },
    'customer.nip': { column: customers.nip, type: 'string', search: 'partial' },
    'customer.companyName': { column: customers.companyName, type: 'string', search: 'unaccent', order: true },
    'user.uuid': { column: owner.uuid, type: 'uuid', search: 'exact' },
    'user.name': { column: owner.name, type: 'string', search: 'unaccent', order: true },
    customerPrice: { column: q.customerPrice, type: 'int', range: true, order: true, search: 'exact' },
    customerPriceSuggested: {
      column: q.customerPriceSuggested,
      type: 'int',
      range: true,
      order: true,
      search: 'exact',
    },
    customerPriceCurrency: { column: q.customerPriceCurrency, type: 'string', search: 'exact' },
    bestOffer: { column: q.bestOffer, type: 'int', range: true, order: true, search: 'exact' },
    bestOfferCurrency: { column: q.bestOfferCurrency, type: 'string', search: 'exact' },
  },
  custom: { status: statusFilter, customer: customerFilter },
  defaults: { status: 'aktywne' },
  // Deleted queries show only when asked for with deletionReason[gt]=0.
  base: (present) => (present.has('deletionReason') ? undefined : sql`${q.deletionReason} = 0`),
  defaultOrder: [sql`${q.id} DESC`],
  tiebreaker: q.id,
  itemsPerPage: PAGE_SIZES.queries,
};
