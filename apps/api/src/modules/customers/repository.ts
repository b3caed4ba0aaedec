import { PAGE_SIZES } from '@spedycja/domain';
import { customers } from '../../db/schema/index.ts';
import type { FilterSpec } from '../../http/filters.ts';
import { partyDefaultOrder, partyFilterFields, partyJson, partySearch, partySearchOrder } from '../parties/fields.ts';

type CustomerRow = typeof customers.$inferSelect;

export const customerFilters: FilterSpec = {
  fields: {
    ...partyFilterFields(customers),
    acquiredBy: { column: customers.acquiredBy, type: 'string', search: 'exact', order: true },
  },
  custom: partySearch(customers),
  defaultOrder: partyDefaultOrder(customers),
  orderWhen: partySearchOrder(customers),
  tiebreaker: customers.id,
  itemsPerPage: PAGE_SIZES.default,
};

export const toCustomerJson = (row: CustomerRow) => ({
  ...partyJson('customers', 'Customer', row),
  acquiredBy: row.acquiredBy,
  noReminders: row.noReminders,
});
