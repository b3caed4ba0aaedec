import { type PartyFieldProps, PartyPicker } from '../../../components/parties/PartyPicker.tsx';
import type { PartyRef } from '../../../components/parties/partyForm.ts';
import { DebtorBadge } from '../../debtors/components/DebtorBadge.tsx';
import { useCustomerSearch } from '../api/getCustomers.ts';
import { customersMessages as t } from '../messages.ts';
import { CustomerModal } from './CustomerModal.tsx';

/** A chosen customer as queries and orders hold it; send `['@id']` as the relation. */
export type CustomerRef = PartyRef | null;

export type CustomerPickerProps = PartyFieldProps;

/**
 * Chooses a customer by typing (company, name, NIP, phone, e-mail; from 3 characters), with
 * 'Dodaj nowego klienta' (the new customer becomes the value) and 'Edytuj wybranego klienta'.
 */
export function CustomerPicker({ label = t.picker.label, ...props }: CustomerPickerProps) {
  return (
    <PartyPicker
      {...props}
      label={label}
      useSearch={useCustomerSearch}
      addLabel={t.picker.add}
      editLabel={t.picker.edit}
      badge={(party) => <DebtorBadge debtor={party.debtor} overdueAmount={party.overdueAmount} />}
      renderModal={({ opened, uuid, onClose, onSaved }) => (
        <CustomerModal opened={opened} customerUuid={uuid} onClose={onClose} onSaved={onSaved} />
      )}
    />
  );
}
