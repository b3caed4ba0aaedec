import { PAGE_SIZES } from '@spedycja/domain';
import { customers } from '../../db/schema/index.ts';
import type { FilterSpec } from '../../http/filters.ts';
import { customerDebtJson, debtorFilter } from '../debtors/debt.ts';
import { partyDefaultOrder, partyFilterFields, partyJson, partySearch, partySearchOrder } from '../parties/fields.ts';

/** A customer's row, with the debt columns of customerDebtColumns() where the read selected them. */
type CustomerRow = typeof customers.$inferSelect & { debtor?: unknown; overdueAmount?: unknown; panelUsers?: unknown };

export const customerFilters: FilterSpec = {
  fields: {
    ...partyFilterFields(customers),
    acquiredBy: { column: customers.acquiredBy, type: 'string', search: 'exact', order: true },
  },
  custom: { ...partySearch(customers), debtor: debtorFilter },
  defaultOrder: partyDefaultOrder(customers),
  orderWhen: partySearchOrder(customers),
  tiebreaker: customers.id,
  itemsPerPage: PAGE_SIZES.default,
};

// Object.assign, not a spread first: see scripts/lint/no-spread-first.grit.
export const toCustomerJson = (row: CustomerRow) =>
  Object.assign(
    partyJson('customers', 'Customer', row),
    {
      acquiredBy: row.acquiredBy,
      noReminders: row.noReminders,
      trackShowVehicle: row.trackShowVehicle,
      milestoneMails: row.milestoneMails,
      panelUsers: Number(row.panelUsers ?? 0),
    },
    customerDebtJson(row),
  );
