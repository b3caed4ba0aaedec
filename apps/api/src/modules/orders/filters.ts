import { ORDER_STATUS_FILTERS, PAGE_SIZES } from '@spedycja/domain';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { carriers, customers, orders } from '../../db/schema/index.ts';
import type { FilterSpec } from '../../http/filters.ts';
import { partyTextFilter, shipmentFilterFields, statusFilter } from '../shipments/filters.ts';
import { orderOwner } from './repository.ts';

const o = orders;
const flag = (column: SQLWrapper) => ({ column, type: 'bool' as const, search: 'exact' as const });

export const orderFilters: FilterSpec = {
  fields: {
    ...shipmentFilterFields(o),
    number: { column: o.number, type: 'string', search: 'partial', order: true },
    'customer.uuid': { column: customers.uuid, type: 'uuid', search: 'exact' },
    'customer.nip': { column: customers.nip, type: 'string', search: 'taxId' },
    'customer.companyName': { column: customers.companyName, type: 'string', search: 'unaccent', order: true },
    'carrier.uuid': { column: carriers.uuid, type: 'uuid', search: 'exact' },
    'carrier.nip': { column: carriers.nip, type: 'string', search: 'taxId' },
    'carrier.companyName': { column: carriers.companyName, type: 'string', search: 'unaccent', order: true },
    'user.uuid': { column: orderOwner.uuid, type: 'uuid', search: 'exact' },
    'user.name': { column: orderOwner.name, type: 'string', search: 'unaccent', order: true },
    customerPrice: { column: o.customerPrice, type: 'int', range: true, order: true, search: 'exact' },
    carrierPrice: { column: o.carrierPrice, type: 'int', range: true, order: true, search: 'exact' },
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
    status: statusFilter(o.status, ORDER_STATUS_FILTERS),
    customer: partyTextFilter(customers.searchText),
    carrier: partyTextFilter(carriers.searchText),
  },
  base: (present) => (present.has('deletionReason') ? undefined : sql`${o.deletionReason} = 0`),
  defaultOrder: [sql`${o.id} DESC`],
  tiebreaker: o.id,
  itemsPerPage: PAGE_SIZES.orders,
};
