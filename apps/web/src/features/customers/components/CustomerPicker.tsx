import type { ReactNode } from 'react';
import { PartyPicker } from '../../../components/parties/PartyPicker.tsx';
import type { PartyRef } from '../../../components/parties/partyForm.ts';
import { useCustomerSearch } from '../api/getCustomers.ts';
import { customersMessages as t } from '../messages.ts';
import { CustomerModal } from './CustomerModal.tsx';

/** A chosen customer as queries and orders hold it; send `['@id']` as the relation. */
export type CustomerRef = PartyRef | null;

export type CustomerPickerProps = {
  value: CustomerRef;
  onChange: (value: CustomerRef) => void;
  label?: string;
  error?: ReactNode;
  disabled?: boolean;
};

/**
 * Chooses a customer by typing (company, name, NIP, phone, e-mail; from 3 characters), with
 * 'Dodaj nowego klienta' (the new customer becomes the value) and 'Edytuj wybranego klienta'.
 */
export function CustomerPicker({ value, onChange, label = t.picker.label, error, disabled }: CustomerPickerProps) {
  return (
    <PartyPicker
      value={value}
      onChange={onChange}
      label={label}
      error={error}
      disabled={disabled}
      useSearch={useCustomerSearch}
      addLabel={t.picker.add}
      editLabel={t.picker.edit}
      renderModal={({ opened, uuid, onClose, onSaved }) => (
        <CustomerModal opened={opened} customerUuid={uuid} onClose={onClose} onSaved={onSaved} />
      )}
    />
  );
}
