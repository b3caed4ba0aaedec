import { Fieldset, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { QueryCreate, QueryUpdate } from '@spedycja/domain';
import { useMemo } from 'react';
import { FormActions } from '../../../components/FormActions.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { SearchableSelect } from '../../../components/SearchableSelect.tsx';
import { CURRENCY_OPTIONS, LOADING_TYPE_OPTIONS } from '../../../components/shipment/options.ts';
import {
  amountProps,
  CargoSection,
  OwnerSelect,
  RouteSection,
  StatusSelect,
} from '../../../components/shipment/ShipmentFields.tsx';
import { onValidationFailure, useSaveSubmit } from '../../../lib/forms.ts';
import { CustomerPicker } from '../../customers/index.ts';
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

type MoneyField = 'customerPrice' | 'customerPriceSuggested' | 'euroExchangeRate';

/** The query form: route, cargo, customer and price, status and owner, notes. */
export function QueryForm({ mode, readOnly = false, queryUuid, initialValues, onCancel, onSaved }: QueryFormProps) {
  const form = useForm<QueryFormValues>({ initialValues, validate: validateQueryForm(mode) });
  const createQuery = useCreateQuery();
  const updateQuery = useUpdateQuery();
  const owners = useUserOptions();
  const runSave = useSaveSubmit(form);
  const saving = createQuery.isPending || updateQuery.isPending;
  const currency = form.values.customerPriceCurrency;

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

  const money = (field: MoneyField) => amountProps(form, field);

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
            <SearchableSelect
              label={f.loadingType}
              data={LOADING_TYPE_OPTIONS}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('loadingType')}
            />
          </CargoSection>
          <Fieldset legend={t.sections.customerAndPrice}>
            <Stack gap="xs">
              <CustomerPicker
                label={f.customer}
                required
                value={form.values.customer}
                onChange={(customer) => form.setFieldValue('customer', customer)}
                error={form.errors.customer}
              />
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                <MoneyInput label={f.customerPrice} currency={currency} {...money('customerPrice')} />
                <MoneyInput label={f.customerPriceSuggested} currency={currency} {...money('customerPriceSuggested')} />
                <SearchableSelect
                  label={f.customerPriceCurrency}
                  data={CURRENCY_OPTIONS}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  {...form.getInputProps('customerPriceCurrency')}
                />
                <MoneyInput
                  label={f.euroExchangeRate}
                  placeholder={f.euroExchangeRateHint}
                  {...money('euroExchangeRate')}
                />
              </SimpleGrid>
            </Stack>
          </Fieldset>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <StatusSelect form={form} options={STATUS_OPTIONS} />
            <OwnerSelect form={form} options={ownerOptions} />
          </SimpleGrid>
          <Textarea
            label={f.additionalInfo}
            autosize
            minRows={2}
            maxRows={8}
            {...form.getInputProps('additionalInfo')}
          />
        </Stack>
      </fieldset>
      {!readOnly && <FormActions saving={saving} onCancel={onCancel} />}
    </form>
  );
}
