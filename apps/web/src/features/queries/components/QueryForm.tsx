import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { QueryCreate, QueryUpdate } from '@spedycja/domain';
import { useMemo, useRef } from 'react';
import { CountrySelect } from '../../../components/CountrySelect.tsx';
import { DateInput } from '../../../components/dates.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { CURRENCY_OPTIONS, LOADING_TYPE_OPTIONS } from '../../../components/shipment/options.ts';
import { applyServerErrors } from '../../../lib/forms.ts';
import { CustomerPicker } from '../../customers/index.ts';
import { useCreateQuery } from '../api/createQuery.ts';
import { useUserOptions } from '../api/getUserOptions.ts';
import { useUpdateQuery } from '../api/updateQuery.ts';
import { queriesMessages as t } from '../messages.ts';
import { STATUS_OPTIONS } from './options.ts';
import { parseQueryPayload, type QueryFormValues, validateQueryForm } from './queryForm.ts';

type QueryFormProps = {
  mode: 'create' | 'edit';
  queryUuid: string | null;
  initialValues: QueryFormValues;
  onCancel: () => void;
  onSaved: () => void;
};

const f = t.fields;

type MoneyField =
  | 'cargoLength'
  | 'cargoWidth'
  | 'cargoHeight'
  | 'cargoWeight'
  | 'customerPrice'
  | 'customerPriceSuggested'
  | 'euroExchangeRate';

/** The query form: route, cargo, customer and price, status and owner, notes. */
export function QueryForm({ mode, queryUuid, initialValues, onCancel, onSaved }: QueryFormProps) {
  const form = useForm<QueryFormValues>({ initialValues, validate: validateQueryForm(mode) });
  const createQuery = useCreateQuery();
  const updateQuery = useUpdateQuery();
  const owners = useUserOptions();
  // A second click in the same moment must not send a second request (state updates are not instant).
  const savingRef = useRef(false);
  const saving = createQuery.isPending || updateQuery.isPending;
  const currency = form.values.customerPriceCurrency;

  // The current owner stays choosable even when the users list does not have them (yet).
  const ownerOptions = useMemo(() => {
    const options = owners.data ?? [];
    const current = initialValues.user;
    return current && !options.some((o) => o.value === current)
      ? [...options, { value: current, label: '…' }]
      : options;
  }, [owners.data, initialValues.user]);

  const handleSubmit = form.onSubmit(async (values) => {
    if (savingRef.current) return;
    const payload = parseQueryPayload(mode, values);
    if (!payload) return;
    savingRef.current = true;
    try {
      if (mode === 'create') await createQuery.mutateAsync(payload as QueryCreate);
      else if (queryUuid) await updateQuery.mutateAsync({ uuid: queryUuid, payload: payload as QueryUpdate });
      onSaved();
    } catch (error) {
      // The notification comes from the mutation; the fields get the server's violations; the values stay.
      applyServerErrors(form, error);
    } finally {
      savingRef.current = false;
    }
  });

  const money = (field: MoneyField) => ({ ...form.getInputProps(field), value: form.values[field] });

  const side = (prefix: 'loading' | 'unloading') => (
    <Fieldset legend={prefix === 'loading' ? t.sections.loading : t.sections.unloading} variant="filled">
      <Stack gap="xs">
        <TextInput
          label={f.streetAddress}
          aria-label={f[`${prefix}StreetAddress`]}
          autoComplete="off"
          data-autofocus={prefix === 'loading' ? true : undefined}
          {...form.getInputProps(`${prefix}StreetAddress`)}
        />
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label={f.postalCode}
            aria-label={f[`${prefix}PostalCode`]}
            autoComplete="off"
            {...form.getInputProps(`${prefix}PostalCode`)}
          />
          <TextInput
            label={f.city}
            aria-label={f[`${prefix}City`]}
            autoComplete="off"
            {...form.getInputProps(`${prefix}City`)}
          />
        </Group>
        <Group grow align="flex-start" gap="sm">
          <CountrySelect
            label={f.country}
            aria-label={f[`${prefix}Country`]}
            {...form.getInputProps(`${prefix}Country`)}
          />
          <DateInput label={f[`${prefix}Date`]} {...form.getInputProps(`${prefix}Date`)} />
        </Group>
      </Stack>
    </Fieldset>
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={mode === 'edit' ? t.editTitle : t.createTitle}>
      <Stack gap="md">
        <Fieldset legend={t.sections.route}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {side('loading')}
            {side('unloading')}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t.sections.cargo}>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              label={f.cargo}
              autoComplete="off"
              {...form.getInputProps('cargo')}
              style={{ gridColumn: 'span 2' }}
            />
            <Select
              label={f.loadingType}
              data={LOADING_TYPE_OPTIONS}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('loadingType')}
            />
            <MoneyInput label={f.cargoLength} rightSection="m" {...money('cargoLength')} />
            <MoneyInput label={f.cargoWidth} rightSection="m" {...money('cargoWidth')} />
            <MoneyInput label={f.cargoHeight} rightSection="m" {...money('cargoHeight')} />
            <MoneyInput label={f.cargoWeight} rightSection="t" {...money('cargoWeight')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t.sections.customerAndPrice}>
          <Stack gap="xs">
            <CustomerPicker
              label={f.customer}
              value={form.values.customer}
              onChange={(customer) => form.setFieldValue('customer', customer)}
              error={form.errors.customer}
            />
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <MoneyInput label={f.customerPrice} currency={currency} {...money('customerPrice')} />
              <MoneyInput label={f.customerPriceSuggested} currency={currency} {...money('customerPriceSuggested')} />
              <Select
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
          <Select
            label={f.status}
            data={STATUS_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('status')}
          />
          <Select
            label={f.user}
            data={ownerOptions}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('user')}
          />
        </SimpleGrid>
        <Textarea label={f.additionalInfo} autosize minRows={2} maxRows={8} {...form.getInputProps('additionalInfo')} />
      </Stack>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {t.cancel}
        </Button>
        <Button type="submit" loading={saving} disabled={saving}>
          {t.save}
        </Button>
      </Group>
    </form>
  );
}
