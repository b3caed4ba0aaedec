import { Badge, Group } from '@mantine/core';
import { type Customer, customerWindowMessages, PAGE_SIZES } from '@spedycja/domain';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { MoneyText, TextValue } from '../../../components/display.tsx';
import type { FilterDef } from '../../../components/FilterRow/types.ts';
import { partyMessages } from '../../../components/parties/messages.ts';
import { PartyPage } from '../../../components/parties/PartyPage.tsx';
import { partyColumns } from '../../../components/parties/partyColumns.tsx';
import { countryFilter, searchFilter } from '../../../components/parties/partyFilters.tsx';
import { DebtorBadge } from '../../debtors/components/DebtorBadge.tsx';
import { debtorTexts } from '../../debtors/messages.ts';
import { ImportButton } from '../../imports/ImportButton.tsx';
import { useDeleteCustomer } from '../api/deleteCustomer.ts';
import { useCustomers } from '../api/getCustomers.ts';
import { customersMessages as t } from '../messages.ts';
import { CustomerModal } from './CustomerModal.tsx';

const p = partyMessages.columns;

const filters: FilterDef[] = [
  searchFilter,
  { kind: 'text', name: 'companyName', label: p.companyName, width: 180 },
  { kind: 'text', name: 'nip', label: p.nip, width: 140 },
  { kind: 'text', name: 'city', label: partyMessages.fields.city, width: 150 },
  countryFilter('country', p.country),
  {
    kind: 'select',
    name: 'debtor',
    label: debtorTexts.filterLabel,
    width: 150,
    options: [
      { value: 'true', label: debtorTexts.filterYes },
      { value: 'false', label: debtorTexts.filterNo },
    ],
  },
];

const shared = partyColumns<Customer>();
/** The company's name with the red 'Dłużnik' beside it (issue 26). */
const leading = shared.leading.map((column) =>
  column.id === 'companyName'
    ? {
        ...column,
        cell: (c: Customer) => (
          <Group gap={6} wrap="nowrap">
            <TextValue value={c.companyName} />
            <DebtorBadge debtor={c.debtor} overdueAmount={c.overdueAmount} />
            {(c.panelUsers ?? 0) > 0 ? (
              <Badge size="xs" variant="light" color="teal" title={customerWindowMessages.customerHasPanel}>
                {customerWindowMessages.panel}
              </Badge>
            ) : null}
          </Group>
        ),
      }
    : column,
);

const columns: ColumnDef<Customer>[] = [
  ...leading,
  {
    id: 'overdueAmount',
    header: debtorTexts.overdueColumn,
    cell: (c) =>
      c.overdueAmount > 0 ? <MoneyText value={c.overdueAmount} currency="pln" /> : <TextValue value={null} />,
  },
  { id: 'acquiredBy', header: t.acquiredBy, cell: (c) => <TextValue value={c.acquiredBy} /> },
  shared.createdDate,
];

/** /customers: the customers table with search, filters, numeric pages and the customer modal. */
export function CustomersPage() {
  return (
    <PartyPage<Customer>
      texts={t}
      filters={filters}
      columns={columns}
      useList={useCustomers}
      exportPath="/customers"
      headerActions={<ImportButton kind="customers" to={`/customers/import`} />}
      useDelete={useDeleteCustomer}
      pageSize={PAGE_SIZES.default}
      renderModal={({ opened, uuid, onClose }) => (
        <CustomerModal opened={opened} customerUuid={uuid} onClose={onClose} />
      )}
    />
  );
}
