import { customerCreateSchema, customerMessages, customerUpdateSchema, partyIssues } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { customers, panelUsers } from '../../db/schema/index.ts';
import { customerDebtColumns } from '../debtors/debt.ts';
import { partyRoutes } from '../parties/routes.ts';
import { customerFilters, toCustomerJson } from './repository.ts';

export const customersRoutes = partyRoutes({
  path: 'customers',
  tag: 'Customers',
  table: customers,
  createSchema: customerCreateSchema,
  updateSchema: customerUpdateSchema,
  mergedIssues: partyIssues,
  filters: customerFilters,
  toJson: toCustomerJson as (row: never) => unknown,
  // The debt columns, and whether the customer has panel users (issue 37): for the rows read, by panel_users_customer_active_idx.
  computed: () =>
    Object.assign(customerDebtColumns(), {
      panelUsers: sql<number>`(SELECT count(*)::int FROM ${panelUsers} WHERE ${panelUsers.customerId} = ${customers.id} AND ${panelUsers.active})`,
    }),
  duplicateMessage: customerMessages.duplicate,
  duplicateOf: { nip: customerMessages.duplicateNip, phone: customerMessages.duplicatePhone },
  inUseMessage: customerMessages.inUse,
});
