import { Group, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CURRENCIES, OFFER_ACQUISITION_SOURCES, type OfferCreate, type OfferUpdate } from '@spedycja/domain';
import { FormActions } from '../../../components/FormActions.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { PhoneFields } from '../../../components/PhoneFields.tsx';
import { RecordModal } from '../../../components/RecordModal.tsx';
import { SearchableSelect } from '../../../components/SearchableSelect.tsx';
import { onValidationFailure, useSaveSubmit } from '../../../lib/forms.ts';
import { CarrierPicker } from '../../carriers/index.ts';
import { useCreateOffer } from '../api/createOffer.ts';
import { useOffer } from '../api/getOffer.ts';
import { useUpdateOffer } from '../api/updateOffer.ts';
import { offersMessages as t } from '../messages.ts';
import {
  emptyOfferForm,
  type OfferFormValues,
  offerToForm,
  parseOfferPayload,
  validateOfferForm,
} from './offerForm.ts';

export type OfferModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Called after a successful save (the query's best offer may have changed). */
  onSaved: () => void;
  /** The query the new offer is for (IRI). */
  queryIri: string | null;
  /** The offer to edit; without it the modal creates one. */
  offerUuid?: string | null;
};

const MODAL_WIDTH = 720;
const CURRENCY_OPTIONS = CURRENCIES.map((value) => ({ value, label: value.toUpperCase() }));
const SOURCE_OPTIONS = [...OFFER_ACQUISITION_SOURCES];

/** Create or edit a carrier's offer; if the offer cannot be loaded, the modal closes. */
export function OfferModal({ opened, onClose, onSaved, queryIri, offerUuid }: OfferModalProps) {
  const mode = offerUuid ? 'edit' : 'create';
  const offer = useOffer(opened ? offerUuid : null);

  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      title={mode === 'edit' ? t.editTitle : t.createTitle}
      size={MODAL_WIDTH}
      loading={mode === 'edit' && !offer.data}
      loadFailed={mode === 'edit' && offer.isError}
      historyPath={mode === 'edit' ? offer.data?.['@id']?.replace(/^\/api/, '') : null}
    >
      <OfferForm
        key={offerUuid ?? 'new'}
        mode={mode}
        queryIri={queryIri}
        offerUuid={offerUuid ?? null}
        initialValues={offer.data ? offerToForm(offer.data) : emptyOfferForm()}
        onCancel={onClose}
        onSaved={() => {
          onSaved();
          onClose();
        }}
      />
    </RecordModal>
  );
}

type OfferFormProps = {
  mode: 'create' | 'edit';
  queryIri: string | null;
  offerUuid: string | null;
  initialValues: OfferFormValues;
  onCancel: () => void;
  onSaved: () => void;
};

function OfferForm({ mode, queryIri, offerUuid, initialValues, onCancel, onSaved }: OfferFormProps) {
  const form = useForm<OfferFormValues>({ initialValues, validate: validateOfferForm(mode, queryIri) });
  const createOffer = useCreateOffer();
  const updateOffer = useUpdateOffer();
  const runSave = useSaveSubmit(form);
  const saving = createOffer.isPending || updateOffer.isPending;
  const f = t.fields;

  const handleSubmit = form.onSubmit(
    (values) =>
      runSave(async () => {
        const payload = parseOfferPayload(mode, values, queryIri);
        if (!payload) return;
        if (mode === 'create') await createOffer.mutateAsync(payload as OfferCreate);
        else if (offerUuid) await updateOffer.mutateAsync({ uuid: offerUuid, payload: payload as OfferUpdate });
        onSaved();
      }),
    onValidationFailure,
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={mode === 'edit' ? t.editTitle : t.createTitle}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <div style={{ gridColumn: '1 / -1' }}>
          <CarrierPicker
            label={f.carrier}
            value={form.values.carrier}
            onChange={(carrier) => form.setFieldValue('carrier', carrier)}
            error={form.errors.carrier}
          />
        </div>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <MoneyInput
            label={f.price}
            style={{ flex: 1 }}
            currency={form.values.currency}
            data-autofocus
            {...form.getInputProps('price')}
            value={form.values.price}
          />
          <SearchableSelect
            label={f.currency}
            w={100}
            data={CURRENCY_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('currency')}
          />
        </Group>
        <SearchableSelect
          label={f.acquiredBy}
          data={SOURCE_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('acquiredBy')}
        />
        <TextInput label={f.email} type="email" autoComplete="off" {...form.getInputProps('email')} />
        <PhoneFields
          prefixLabel={f.phonePrefix}
          phoneLabel={f.phone}
          prefixInput={form.getInputProps('phonePrefix')}
          phoneInput={form.getInputProps('phone')}
        />
      </SimpleGrid>
      <FormActions saving={saving} onCancel={onCancel} />
    </form>
  );
}
