import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { QueryCreate, QueryUpdate } from '@spedycja/domain';
import { useMemo } from 'react';
import { FormActions } from '../../../components/FormActions.tsx';
import {
  FormMoneyInput,
  FormSelect,
  FormTextarea,
  useFormValue,
  useUncontrolledForm,
} from '../../../components/FormFields.tsx';
import { CURRENCY_OPTIONS, LOADING_TYPE_OPTIONS } from '../../../components/shipment/options.ts';
import { CargoSection, OwnerSelect, RouteSection, StatusSelect } from '../../../components/shipment/ShipmentFields.tsx';
import { onValidationFailure, useSaveSubmit } from '../../../lib/forms.ts';
import { FormCustomerPicker } from '../../customers/index.ts';
import { useUserOptions, withCurrentUser } from '../../users/index.ts';
import { useCreateQuery } from '../api/createQuery.ts';
import { useUpdateQuery } from '../api/updateQuery.ts';
import { queriesMessages as t } from '../messages.ts';
import { STATUS_OPTIONS } from './options.ts';
import { parseQueryPayload, type QueryFormValues, validateQueryForm } from './queryForm.ts';

type QueryFormProps = {
  mode: 'create' | 'edit';
  /** Shown, not edited (an order's query): the fields are disabled and 'Zamknij' replaces the save. */
  readOnly?: boolean;
  queryUuid: string | null;
  initialValues: QueryFormValues;
  onCancel: () => void;
  onSaved: () => void;
};

const f = t.fields;

type Form = UseFormReturnType<QueryFormValues>;

/** The prices, in the currency chosen beside them (they render again when it changes, not on the form's keys). */
function QueryPriceFields({ form }: { form: Form }) {
  const currency = useFormValue<string>(form, 'customerPriceCurrency');
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <FormMoneyInput form={form} path="customerPrice" label={f.customerPrice} currency={currency} />
      <FormMoneyInput form={form} path="customerPriceSuggested" label={f.customerPriceSuggested} currency={currency} />
      <FormSelect
        form={form}
        path="customerPriceCurrency"
        label={f.customerPriceCurrency}
        data={CURRENCY_OPTIONS}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <FormMoneyInput
        form={form}
        path="euroExchangeRate"
        label={f.euroExchangeRate}
        placeholder={f.euroExchangeRateHint}
      />
    </SimpleGrid>
  );
}

/**
 * The query form: route, cargo, customer and price, status and owner, notes. Uncontrolled (issue 35): a key renders
 * its own field only; the values are read on save.
 */
export function QueryForm({ mode, readOnly = false, queryUuid, initialValues, onCancel, onSaved }: QueryFormProps) {
  const form = useUncontrolledForm<QueryFormValues>({ initialValues, validate: validateQueryForm(mode) });
  const createQuery = useCreateQuery();
  const updateQuery = useUpdateQuery();
  const owners = useUserOptions();
  const runSave = useSaveSubmit(form, { uncontrolled: true });
  const saving = createQuery.isPending || updateQuery.isPending;

  const ownerOptions = useMemo(
    () => withCurrentUser(owners.data ?? [], initialValues.user),
    [owners.data, initialValues.user],
  );

  const handleSubmit = form.onSubmit(
    (values) =>
      runSave(async () => {
        if (readOnly) return;
        const payload = parseQueryPayload(mode, values);
        if (!payload) return;
        if (mode === 'create') await createQuery.mutateAsync(payload as QueryCreate);
        else if (queryUuid) await updateQuery.mutateAsync({ uuid: queryUuid, payload: payload as QueryUpdate });
        onSaved();
      }),
    onValidationFailure,
  );

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={readOnly ? t.readOnlyTitle(null) : mode === 'edit' ? t.editTitle : t.createTitle}
    >
      {/* A disabled fieldset disables every control inside at once, the pickers' own buttons too. */}
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          <RouteSection form={form} unloadingDateRequired={false} />
          <CargoSection form={form} cols={{ base: 2, sm: 3 }}>
            <FormSelect
              form={form}
              path="loadingType"
              label={f.loadingType}
              data={LOADING_TYPE_OPTIONS}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </CargoSection>
          <Fieldset legend={t.sections.customerAndPrice}>
            <Stack gap="xs">
              <FormCustomerPicker form={form} label={f.customer} />
              <QueryPriceFields form={form} />
            </Stack>
          </Fieldset>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <StatusSelect form={form} options={STATUS_OPTIONS} />
            <OwnerSelect form={form} options={ownerOptions} />
          </SimpleGrid>
          <FormTextarea form={form} path="additionalInfo" label={f.additionalInfo} autosize minRows={2} maxRows={8} />
        </Stack>
      </fieldset>
      {!readOnly && <FormActions saving={saving} onCancel={onCancel} />}
    </form>
  );
}
