import { PAGE_SIZES, QUERY_STATUS_FILTERS } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { customers, queries } from '../../db/schema/index.ts';
import { type FilterSpec, sortKey } from '../../http/filters.ts';
import {
  joinedParty,
  partyFilterFields,
  partyTextFilter,
  shipmentFilterFields,
  statusFilter,
} from '../shipments/filters.ts';

const q = queries;

export const queryFilters: FilterSpec = {
  fields: {
    ...shipmentFilterFields(q),
    ...partyFilterFields(
      { customer: q.customerId, user: q.userId },
      { customer: q.customerCompanyName, user: q.ownerName },
    ),
    customerPrice: { column: q.customerPrice, type: 'int', range: true, order: true, search: 'exact' },
    customerPriceSuggested: {
      column: q.customerPriceSuggested,
      type: 'int',
      range: true,
      order: true,
      search: 'exact',
    },
    customerPriceCurrency: { column: q.customerPriceCurrency, type: 'string', search: 'exact' },
    // Compared in PLN: an offer of 1 000 EUR is 4 300 PLN at a rate of 4.30.
    bestOffer: { column: q.bestOfferPln, type: 'int', range: true, order: true, search: 'exact' },
    bestOfferCurrency: { column: q.bestOfferCurrency, type: 'string', search: 'exact' },
  },
  custom: {
    status: statusFilter(q.status, QUERY_STATUS_FILTERS),
    customer: partyTextFilter(joinedParty(q.customerId, customers)),
  },
  // Deleted queries show only when asked for with deletionReason[gt]=0.
  base: (present) => (present.has('deletionReason') ? undefined : sql`${q.deletionReason} = 0`),
  defaultOrder: [sortKey(q.id, 'desc', 'first')],
  tiebreaker: q.id,
  itemsPerPage: PAGE_SIZES.queries,
};
