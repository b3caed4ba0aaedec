import {
  customerCreateSchema,
  customerMessages,
  customerUpdateSchema,
  PAGE_SIZES,
  partyIssues,
} from '@spedycja/domain';
import { customers } from '../../db/schema/index.ts';
import type { FilterSpec } from '../../http/filters.ts';
import { partyDefaultOrder, partyFilterFields, partyJson, partySearch, partySearchOrder } from '../parties/fields.ts';
import { partyRoutes } from '../parties/routes.ts';

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
});

export const customersRoutes = partyRoutes({
  path: 'customers',
  tag: 'Customers',
  table: customers,
  createSchema: customerCreateSchema,
  updateSchema: customerUpdateSchema,
  mergedIssues: partyIssues,
  filters: customerFilters,
  toJson: toCustomerJson as (row: never) => unknown,
  duplicateMessage: customerMessages.duplicate,
  duplicateOf: { nip: customerMessages.duplicateNip, phone: customerMessages.duplicatePhone },
  inUseMessage: customerMessages.inUse,
});
