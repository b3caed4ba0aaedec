import { type BindableForm, useFieldProps } from '../../../components/FormFields.tsx';
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

/**
 * The picker bound to an uncontrolled form's `customer` field (queries, orders): rendered again only when another
 * customer is picked, not on the form's keys.
 */
export function FormCustomerPicker({
  form,
  label,
}: {
  form: BindableForm & { setFieldValue: (path: 'customer', value: CustomerRef | null) => void };
  label?: string;
}) {
  const field = useFieldProps(form, 'customer');
  return (
    <CustomerPicker
      label={label}
      required
      value={field.value}
      onChange={(customer) => form.setFieldValue('customer', customer)}
      error={field.error}
    />
  );
}
