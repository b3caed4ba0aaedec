import { Select } from '@mantine/core';
import {
  CUSTOMER_ACQUISITION_SOURCES,
  type Customer,
  customerCreateSchema,
  customerUpdateSchema,
} from '@spedycja/domain';
import { PartyFields } from '../../../components/parties/PartyFields.tsx';
import { PartyFormActions, PartyModalFrame } from '../../../components/parties/PartyModalFrame.tsx';
import { usePartyForm } from '../../../components/parties/usePartyForm.ts';
import { useCreateCustomer } from '../api/createCustomer.ts';
import { useCustomer } from '../api/getCustomer.ts';
import { getCustomerDuplicates } from '../api/getCustomerDuplicates.ts';
import { customerKeys } from '../api/keys.ts';
import { useUpdateCustomer } from '../api/updateCustomer.ts';
import { customersMessages as t } from '../messages.ts';
import { CUSTOMER_FIELDS, type CustomerFormValues, customerToForm, emptyCustomerForm } from './customerForm.ts';

export type CustomerModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The customer to edit; without it the modal creates one. */
  customerUuid?: string | null;
  /** Called with the saved customer before the modal closes (the picker takes it as its value). */
  onSaved?: (customer: Customer) => void;
};

const ACQUISITION_OPTIONS = [...CUSTOMER_ACQUISITION_SOURCES];

/** Create or edit a customer. If the customer cannot be loaded, the modal closes (the error is notified). */
export function CustomerModal({ opened, onClose, customerUuid, onSaved }: CustomerModalProps) {
  const mode = customerUuid ? 'edit' : 'create';
  const customer = useCustomer(opened ? customerUuid : null);
  const title = mode === 'edit' ? t.editTitle : t.createTitle;
  return (
    <PartyModalFrame
      opened={opened}
      onClose={onClose}
      title={title}
      loading={mode === 'edit' && !customer.data}
      loadFailed={mode === 'edit' && customer.isError}
    >
      <CustomerForm
        key={customerUuid ?? 'new'}
        title={title}
        uuid={customerUuid ?? null}
        initialValues={customer.data ? customerToForm(customer.data) : emptyCustomerForm()}
        onCancel={onClose}
        onSaved={(saved) => {
          if (saved) onSaved?.(saved);
          onClose();
        }}
      />
    </PartyModalFrame>
  );
}

type CustomerFormProps = {
  title: string;
  uuid: string | null;
  initialValues: CustomerFormValues;
  onCancel: () => void;
  onSaved: (customer: Customer | null) => void;
};

function CustomerForm({ title, uuid, initialValues, onCancel, onSaved }: CustomerFormProps) {
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const { form, handleSubmit, saving, hints } = usePartyForm({
    mode: uuid ? 'edit' : 'create',
    uuid,
    initialValues,
    schema: customerCreateSchema,
    updateSchema: customerUpdateSchema,
    fields: CUSTOMER_FIELDS,
    create,
    update,
    duplicates: {
      queryKey: customerKeys.all,
      fetcher: getCustomerDuplicates,
      message: t.duplicate,
      singular: t.hintSingular,
      plural: t.hintPlural,
    },
    onSaved,
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={title}>
      <PartyFields inputProps={(field) => form.getInputProps(field)} hints={hints}>
        <Select
          label={t.acquiredBy}
          data={ACQUISITION_OPTIONS}
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('acquiredBy')}
        />
      </PartyFields>
      <PartyFormActions saving={saving} onCancel={onCancel} />
    </form>
  );
}
