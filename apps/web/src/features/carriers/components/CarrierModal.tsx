import { SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { PartyMatch } from '@spedycja/domain';
import { type Carrier, carrierCreateSchema, carrierUpdateSchema, METHODS_OF_CONTACT } from '@spedycja/domain';
import { FormField, FormMoneyInput, FormSelect, FormTextInput } from '../../../components/FormFields.tsx';
import { PartyFields, type PartyFieldsProps, type PartyForm } from '../../../components/parties/PartyFields.tsx';
import { PartyModal, type PartyModalProps } from '../../../components/parties/PartyModal.tsx';
import { ApiKeysPanel } from '../../positions/index.ts';
import { OcpFields, type OcpForm, RegistryPanel } from '../../verification/index.ts';
import { useCreateCarrier } from '../api/createCarrier.ts';
import { useCarrier } from '../api/getCarrier.ts';
import { getCarrierDuplicates } from '../api/getCarrierDuplicates.ts';
import { carrierKeys } from '../api/keys.ts';
import { useUpdateCarrier } from '../api/updateCarrier.ts';
import { carriersMessages as t } from '../messages.ts';
import { CarrierRecordPanel } from './CarrierRecordPanel.tsx';
import { CountryGroupsField } from './CountryGroupsField.tsx';
import {
  CAPACITY_FIELDS,
  CARRIER_FIELDS,
  type CarrierFormValues,
  carrierToForm,
  emptyCarrierForm,
} from './carrierForm.ts';

export type CarrierModalProps = Omit<PartyModalProps<Carrier>, 'uuid'> & {
  /** The carrier to edit; without it the modal creates one. */
  carrierUuid?: string | null;
};

const CONTACT_OPTIONS = [...METHODS_OF_CONTACT];

function renderCarrierFields(
  form: UseFormReturnType<CarrierFormValues>,
  hints: PartyFieldsProps['hints'],
  onOpenExisting: (match: PartyMatch) => void,
) {
  return (
    <>
      <PartyFields form={form as unknown as PartyForm} hints={hints} onOpenExisting={onOpenExisting}>
        <FormTextInput form={form} path="accountNumber" label={t.fields.accountNumber} autoComplete="off" />
        <FormSelect
          form={form}
          path="methodOfContact"
          label={t.fields.methodOfContact}
          data={CONTACT_OPTIONS}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      </PartyFields>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" mt="sm">
        {CAPACITY_FIELDS.map((field) => (
          <FormMoneyInput key={field} form={form} path={field} label={t.fields[field]} />
        ))}
      </SimpleGrid>
      <FormField form={form} path="countries">
        {({ value, error }) => (
          <CountryGroupsField
            label={t.fields.countries}
            value={value}
            onChange={(codes) => form.setFieldValue('countries', codes, { forceUpdate: false })}
            error={error}
          />
        )}
      </FormField>
      <OcpFields form={form as unknown as OcpForm} />
    </>
  );
}

const carrierSetup = {
  texts: t,
  useRecord: useCarrier,
  toForm: carrierToForm,
  emptyForm: emptyCarrierForm,
  schema: carrierCreateSchema,
  updateSchema: carrierUpdateSchema,
  fields: CARRIER_FIELDS,
  useCreate: useCreateCarrier,
  useUpdate: useUpdateCarrier,
  duplicates: { queryKey: carrierKeys.all, fetcher: getCarrierDuplicates },
  renderFields: renderCarrierFields,
  renderExtras: (form: UseFormReturnType<CarrierFormValues>, uuid: string | null, record: Carrier | undefined) => (
    <>
      <RegistryPanel resource="carriers" uuid={uuid} form={form} record={record} />
      {uuid && <CarrierRecordPanel uuid={uuid} />}
      {/* Issue 39: the carrier's telematics keys (an existing carrier only). */}
      {uuid && <ApiKeysPanel carrierUuid={uuid} />}
    </>
  ),
};

/** Create or edit a carrier. If the carrier cannot be loaded, the modal closes (the error is notified). */
export function CarrierModal({ carrierUuid, ...props }: CarrierModalProps) {
  return <PartyModal {...props} uuid={carrierUuid} setup={carrierSetup} />;
}
