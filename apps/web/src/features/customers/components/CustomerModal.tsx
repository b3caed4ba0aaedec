import { Checkbox, Fieldset, Group, Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  CUSTOMER_ACQUISITION_SOURCES,
  CUSTOMER_MILESTONES,
  type Customer,
  customerCreateSchema,
  customerUpdateSchema,
  customerWindowMessages,
  isAdmin,
  type PartyMatch,
} from '@spedycja/domain';
import { useMemo } from 'react';
import { FormCheckbox, FormField, FormSelect } from '../../../components/FormFields.tsx';
import { PartyFields, type PartyFieldsProps, type PartyForm } from '../../../components/parties/PartyFields.tsx';
import { PartyModal, type PartyModalProps } from '../../../components/parties/PartyModal.tsx';
import { useAuth } from '../../auth/useAuth.ts';
import { PanelUsersPanel } from '../../customerWindow/index.ts';
import { CustomerBalanceLine } from '../../receivables/index.ts';
import { RegistryPanel } from '../../verification/index.ts';
import { useCreateCustomer } from '../api/createCustomer.ts';
import { useCustomer } from '../api/getCustomer.ts';
import { getCustomerDuplicates } from '../api/getCustomerDuplicates.ts';
import { customerKeys } from '../api/keys.ts';
import { useUpdateCustomer } from '../api/updateCustomer.ts';
import { customersMessages as t } from '../messages.ts';
import { CUSTOMER_FIELDS, type CustomerFormValues, customerToForm, emptyCustomerForm } from './customerForm.ts';

export type CustomerModalProps = Omit<PartyModalProps<Customer>, 'uuid'> & {
  /** The customer to edit; without it the modal creates one. */
  customerUuid?: string | null;
};

const ACQUISITION_OPTIONS = [...CUSTOMER_ACQUISITION_SOURCES];

/**
 * Issue 37: what the customer's tracking page shows and which milestones are mailed — 'Jak w ustawieniach' (null)
 * or the customer's own choice.
 */
function CustomerWindowFields({ form }: { form: UseFormReturnType<CustomerFormValues> }) {
  const set = <K extends 'trackShowVehicle' | 'milestoneMails'>(path: K, value: CustomerFormValues[K]) =>
    form.setFieldValue(path, value as never, { forceUpdate: false });
  return (
    <>
      <FormField form={form} path="trackShowVehicle">
        {(input) => (
          <Select
            label="Klient widzi pojazd i kierowcę"
            name="trackShowVehicle"
            data={[
              { value: 'default', label: 'Jak w ustawieniach' },
              { value: 'tak', label: 'Tak' },
              { value: 'nie', label: 'Nie' },
            ]}
            value={input.value === null ? 'default' : input.value ? 'tak' : 'nie'}
            onChange={(v) => set('trackShowVehicle', v === 'tak' ? true : v === 'nie' ? false : null)}
            error={input.error}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </FormField>
      <FormField form={form} path="milestoneMails">
        {(input) => (
          <Checkbox.Group
            label="Powiadomienia e-mail dla klienta"
            description={input.value === null ? 'Jak w ustawieniach' : undefined}
            value={input.value === null ? [] : input.value.split(',').filter(Boolean)}
            onChange={(v) => set('milestoneMails', v.join(','))}
            error={input.error}
          >
            <Group gap="xs" mt={4}>
              {CUSTOMER_MILESTONES.map((m) => (
                <Checkbox key={m} value={m} label={customerWindowMessages.milestones[m]} />
              ))}
              <Checkbox
                label="Jak w ustawieniach"
                checked={input.value === null}
                onChange={(e) => set('milestoneMails', e.currentTarget.checked ? null : '')}
              />
            </Group>
          </Checkbox.Group>
        )}
      </FormField>
    </>
  );
}

function renderCustomerFields(
  form: UseFormReturnType<CustomerFormValues>,
  hints: PartyFieldsProps['hints'],
  onOpenExisting: (match: PartyMatch) => void,
) {
  return (
    <PartyFields form={form as unknown as PartyForm} hints={hints} onOpenExisting={onOpenExisting}>
      <FormSelect
        form={form}
        path="acquiredBy"
        label={t.acquiredBy}
        data={ACQUISITION_OPTIONS}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <FormCheckbox form={form} path="noReminders" label={t.noReminders} description={t.noRemindersHint} />
      <CustomerWindowFields form={form} />
    </PartyFields>
  );
}

const customerSetup = {
  texts: t,
  useRecord: useCustomer,
  toForm: customerToForm,
  emptyForm: emptyCustomerForm,
  schema: customerCreateSchema,
  updateSchema: customerUpdateSchema,
  fields: CUSTOMER_FIELDS,
  useCreate: useCreateCustomer,
  useUpdate: useUpdateCustomer,
  duplicates: { queryKey: customerKeys.all, fetcher: getCustomerDuplicates },
  renderFields: renderCustomerFields,
  renderExtras: (form: UseFormReturnType<CustomerFormValues>, uuid: string | null, record: Customer | undefined) => (
    <>
      <RegistryPanel resource="customers" uuid={uuid} form={form} record={record} />
      {uuid ? (
        <Fieldset legend={customerWindowMessages.panel} mt="sm">
          <PanelUsersPanel customerUuid={uuid} />
        </Fieldset>
      ) : null}
    </>
  ),
};

/** Create or edit a customer. If the customer cannot be loaded, the modal closes (the error is notified). */
export function CustomerModal({ customerUuid, ...props }: CustomerModalProps) {
  const { user } = useAuth();
  // Issue 26: an administrator sees what the customer owes.
  const setup = useMemo(
    () =>
      user && isAdmin(user.roles)
        ? { ...customerSetup, renderHeader: (uuid: string) => <CustomerBalanceLine customerUuid={uuid} /> }
        : customerSetup,
    [user],
  );
  return <PartyModal {...props} uuid={customerUuid} setup={setup} />;
}
