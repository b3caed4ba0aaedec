import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { type Carrier, carrierCreateSchema, carrierUpdateSchema, METHODS_OF_CONTACT } from '@spedycja/domain';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { PartyFields } from '../../../components/parties/PartyFields.tsx';
import { PartyFormActions, PartyModalFrame } from '../../../components/parties/PartyModalFrame.tsx';
import { usePartyForm } from '../../../components/parties/usePartyForm.ts';
import { useCreateCarrier } from '../api/createCarrier.ts';
import { useCarrier } from '../api/getCarrier.ts';
import { getCarrierDuplicates } from '../api/getCarrierDuplicates.ts';
import { carrierKeys } from '../api/keys.ts';
import { useUpdateCarrier } from '../api/updateCarrier.ts';
import { carriersMessages as t } from '../messages.ts';
import { CountryGroupsField } from './CountryGroupsField.tsx';
import {
  CAPACITY_FIELDS,
  CARRIER_FIELDS,
  type CarrierFormValues,
  carrierToForm,
  emptyCarrierForm,
} from './carrierForm.ts';

export type CarrierModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The carrier to edit; without it the modal creates one. */
  carrierUuid?: string | null;
  /** Called with the saved carrier before the modal closes (the picker takes it as its value). */
  onSaved?: (carrier: Carrier) => void;
};

const CONTACT_OPTIONS = [...METHODS_OF_CONTACT];

/** Create or edit a carrier. If the carrier cannot be loaded, the modal closes (the error is notified). */
export function CarrierModal({ opened, onClose, carrierUuid, onSaved }: CarrierModalProps) {
  const mode = carrierUuid ? 'edit' : 'create';
  const carrier = useCarrier(opened ? carrierUuid : null);
  const title = mode === 'edit' ? t.editTitle : t.createTitle;
  return (
    <PartyModalFrame
      opened={opened}
      onClose={onClose}
      title={title}
      loading={mode === 'edit' && !carrier.data}
      loadFailed={mode === 'edit' && carrier.isError}
    >
      <CarrierForm
        key={carrierUuid ?? 'new'}
        title={title}
        uuid={carrierUuid ?? null}
        initialValues={carrier.data ? carrierToForm(carrier.data) : emptyCarrierForm()}
        onCancel={onClose}
        onSaved={(saved) => {
          if (saved) onSaved?.(saved);
          onClose();
        }}
      />
    </PartyModalFrame>
  );
}

type CarrierFormProps = {
  title: string;
  uuid: string | null;
  initialValues: CarrierFormValues;
  onCancel: () => void;
  onSaved: (carrier: Carrier | null) => void;
};

function CarrierForm({ title, uuid, initialValues, onCancel, onSaved }: CarrierFormProps) {
  const create = useCreateCarrier();
  const update = useUpdateCarrier();
  const { form, handleSubmit, saving, hints } = usePartyForm({
    mode: uuid ? 'edit' : 'create',
    uuid,
    initialValues,
    schema: carrierCreateSchema,
    updateSchema: carrierUpdateSchema,
    fields: CARRIER_FIELDS,
    create,
    update,
    duplicates: {
      queryKey: carrierKeys.all,
      fetcher: getCarrierDuplicates,
      message: t.duplicate,
      singular: t.hintSingular,
      plural: t.hintPlural,
    },
    onSaved,
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={title}>
      <PartyFields inputProps={(field) => form.getInputProps(field)} hints={hints}>
        <TextInput label={t.fields.accountNumber} autoComplete="off" {...form.getInputProps('accountNumber')} />
        <Select
          label={t.fields.methodOfContact}
          data={CONTACT_OPTIONS}
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('methodOfContact')}
        />
      </PartyFields>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" mt="sm">
        {CAPACITY_FIELDS.map((field) => {
          const { value, onChange, error, onFocus, onBlur } = form.getInputProps(field);
          return (
            <MoneyInput
              key={field}
              label={t.fields[field]}
              value={value}
              onChange={onChange}
              error={error}
              onFocus={onFocus}
              onBlur={onBlur}
            />
          );
        })}
      </SimpleGrid>
      <CountryGroupsField
        label={t.fields.countries}
        value={form.getValues().countries}
        onChange={(codes) => form.setFieldValue('countries', codes)}
        error={form.errors.countries}
      />
      <PartyFormActions saving={saving} onCancel={onCancel} />
    </form>
  );
}
