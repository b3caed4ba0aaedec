import { ORDER_STATUS_FILTERS, PAGE_SIZES } from '@spedycja/domain';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { carriers, customers, orders } from '../../db/schema/index.ts';
import { commaSeparated, type FilterSpec, likePattern, scattered, sortKey } from '../../http/filters.ts';
import { portalFilter } from '../portal/filters.ts';
import { etaFilter } from '../positions/filters.ts';
import {
  joinedParty,
  partyFilterFields,
  partyTextFilter,
  shipmentFilterFields,
  statusFilter,
} from '../shipments/filters.ts';

const o = orders;
const flag = (column: SQLWrapper) => ({ column, type: 'bool' as const, search: 'exact' as const });

/** The longest start of a number that has an index of its own, in the list's order (db/schema/orders.ts). */
const NUMBER_START_INDEXED = 3;

/**
 * A number as typed: from its start ('1/11/2026' is that order, not also '11/11/2026'; '12' is 12/…, 120/…), or,
 * typed from a slash, anywhere in it ('/11/2026' is every order of November 2026). Several values are alternatives.
 * A number's start lies anywhere along a list's order, like a postal code's (http/filters.ts `scattered`).
 */
export function scatteredNumberFilter(value: string): SQL | undefined {
  const values = commaSeparated(value);
  if (values.length === 0) return undefined;
  const ors = values.map((v) => sql`${o.number} LIKE ${likePattern(v, v.startsWith('/') ? 'partial' : 'start')}`);
  return scattered(ors.length === 1 ? (ors[0] as SQL) : sql`(${sql.join(ors, sql` OR `)})`);
}

/**
 * The orders list's number filter: as `scatteredNumberFilter`, but one to three characters from the start (a number as
 * it is being typed: '1', '12') are read from the index of that many first characters, which holds them in the
 * orders' order, newest first (db/schema/orders.ts); its expression is written as the index's. Other orders (the
 * archive's, by unloading) keep the scattered form.
 */
function numberFilter(value: string): SQL | undefined {
  const values = commaSeparated(value);
  const [only] = values;
  if (values.length === 1 && only !== undefined && only.length <= NUMBER_START_INDEXED && !only.startsWith('/')) {
    return sql`left(${o.number}, ${sql.raw(String(only.length))}) = ${only}`;
  }
  return scatteredNumberFilter(value);
}

export const orderFilters: FilterSpec = {
  fields: {
    ...shipmentFilterFields(o),
    // Numbers are given in creation order, so the id sorts them as numbers ('2/11/2026' before '10/11/2026').
    number: { column: o.id, type: 'int', order: true },
    ...partyFilterFields(
      { customer: o.customerId, carrier: o.carrierId, user: o.userId },
      {
        customer: o.customerCompanyName,
        carrier: o.carrierCompanyName,
        user: o.ownerName,
      },
    ),
    customerPrice: { column: o.customerPrice, type: 'int', range: true, order: true, search: 'exact' },
    carrierPrice: { column: o.carrierPrice, type: 'int', range: true, order: true, search: 'exact' },
    // PLN hundredths over both prices (EUR at the order's rate), computed by PostgreSQL: filtered and sorted by index.
    margin: { column: o.margin, type: 'int', range: true, order: true },
    marginPercent: { column: o.marginPercent, type: 'int', range: true, order: true },
    customerPriceCurrency: { column: o.customerPriceCurrency, type: 'string', search: 'exact' },
    carrierPriceCurrency: { column: o.carrierPriceCurrency, type: 'string', search: 'exact' },
    customerPaid: flag(o.customerPaid),
    carrierPaid: flag(o.carrierPaid),
    showInCalendar: flag(o.showInCalendar),
    loadingFinished: flag(o.loadingFinished),
    unloadingFinished: flag(o.unloadingFinished),
    mailSentToCustomer: flag(o.mailSentToCustomer),
    mailSentToCarrier: flag(o.mailSentToCarrier),
  },
  custom: {
    number: numberFilter,
    status: statusFilter(o.status, ORDER_STATUS_FILTERS),
    customer: partyTextFilter(joinedParty(o.customerId, customers)),
    carrier: partyTextFilter(joinedParty(o.carrierId, carriers)),
    // The carrier's link (issue 25): 'nieprzyjete', 'brakCmr'.
    portal: portalFilter,
    // Issue 39: 'opoznione' — the kept ETA is past the stop's window.
    eta: etaFilter,
  },
  base: (present) => (present.has('deletionReason') ? undefined : sql`${o.deletionReason} = 0`),
  defaultOrder: [sortKey(o.id, 'desc', 'first')],
  tiebreaker: o.id,
  itemsPerPage: PAGE_SIZES.orders,
};
