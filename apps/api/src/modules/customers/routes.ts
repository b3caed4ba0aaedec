import { customerCreateSchema, customerMessages, customerUpdateSchema, partyIssues } from '@spedycja/domain';
import { customers } from '../../db/schema/index.ts';
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
  computed: customerDebtColumns,
  duplicateMessage: customerMessages.duplicate,
  duplicateOf: { nip: customerMessages.duplicateNip, phone: customerMessages.duplicatePhone },
  inUseMessage: customerMessages.inUse,
});
