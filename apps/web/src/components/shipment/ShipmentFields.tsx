import { Fieldset, Group, SimpleGrid, type SimpleGridProps, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { CountrySelect } from '../CountrySelect.tsx';
import { WallClockInput } from '../dates.tsx';
import { MoneyInput } from '../MoneyInput.tsx';
import { SearchableSelect } from '../SearchableSelect.tsx';
import { shipmentMessages as t } from './messages.ts';
import type { ShipmentFormValues } from './shipmentForm.ts';

/**
 * The route and cargo sections of the query and order forms (each form adds its own fields to them). The fields the
 * server requires of both (REQUIRED_SHIPMENT_KEYS: cargo, cities, countries, dates) show their '*'; `required` also
 * tells a screen reader (the forms are `noValidate`, so the browser does not step in).
 */

/** What these sections need of a query's or an order's form. */
export type ShipmentForm = Pick<UseFormReturnType<ShipmentFormValues>, 'getInputProps' | 'values'>;

type AmountKey = 'cargoLength' | 'cargoWidth' | 'cargoHeight' | 'cargoWeight';

const f = t.fields;

/** A MoneyInput's props from the form: the amount in hundredths as the form holds it. */
export const amountProps = <K extends string>(
  form: Pick<UseFormReturnType<Record<K, number | null>>, 'getInputProps' | 'values'>,
  key: K,
) => ({ ...form.getInputProps(key), value: form.values[key] });

function PlaceFields({
  form,
  side,
  dateRequired,
}: {
  form: ShipmentForm;
  side: 'loading' | 'unloading';
  dateRequired: boolean;
}) {
  return (
    <Fieldset legend={side === 'loading' ? t.sections.loading : t.sections.unloading} variant="filled">
      <Stack gap="xs">
        <TextInput
          label={f.streetAddress}
          aria-label={f[`${side}StreetAddress`]}
          autoComplete="off"
          data-autofocus={side === 'loading' ? true : undefined}
          {...form.getInputProps(`${side}StreetAddress`)}
        />
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label={f.postalCode}
            aria-label={f[`${side}PostalCode`]}
            autoComplete="off"
            {...form.getInputProps(`${side}PostalCode`)}
          />
          <TextInput
            label={f.city}
            aria-label={f[`${side}City`]}
            autoComplete="off"
            required
            {...form.getInputProps(`${side}City`)}
          />
        </Group>
        <Group grow align="flex-start" gap="sm">
          <CountrySelect
            label={f.country}
            aria-label={f[`${side}Country`]}
            required
            {...form.getInputProps(`${side}Country`)}
          />
          <WallClockInput
            label={f[`${side}Date`]}
            timeLabel={f[`${side}Time`]}
            withAsterisk={dateRequired}
            {...form.getInputProps(`${side}Date`)}
          />
        </Group>
      </Stack>
    </Fieldset>
  );
}

/**
 * Both places side by side; `children` go below them. A query may leave the unloading date empty
 * (`unloadingDateRequired={false}`); an order may not.
 */
export function RouteSection({
  form,
  children,
  unloadingDateRequired = true,
}: {
  form: ShipmentForm;
  children?: ReactNode;
  unloadingDateRequired?: boolean;
}) {
  return (
    <Fieldset legend={t.sections.route}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PlaceFields form={form} side="loading" dateRequired />
        <PlaceFields form={form} side="unloading" dateRequired={unloadingDateRequired} />
      </SimpleGrid>
      {children}
    </Fieldset>
  );
}

/** The cargo (two columns wide), then `children`, then the dimensions and the weight. */
export function CargoSection({
  form,
  cols,
  children,
}: {
  form: ShipmentForm;
  cols: SimpleGridProps['cols'];
  children?: ReactNode;
}) {
  const amount = (key: AmountKey) => amountProps(form, key);
  return (
    <Fieldset legend={t.sections.cargo}>
      <SimpleGrid cols={cols} spacing="sm" verticalSpacing="xs">
        <TextInput
          label={f.cargo}
          autoComplete="off"
          required
          style={{ gridColumn: 'span 2' }}
          {...form.getInputProps('cargo')}
        />
        {children}
        <MoneyInput label={f.cargoLength} rightSection="m" {...amount('cargoLength')} />
        <MoneyInput label={f.cargoWidth} rightSection="m" {...amount('cargoWidth')} />
        <MoneyInput label={f.cargoHeight} rightSection="m" {...amount('cargoHeight')} />
        <MoneyInput label={f.cargoWeight} rightSection="t" {...amount('cargoWeight')} />
      </SimpleGrid>
    </Fieldset>
  );
}

type Option = { value: string; label: string };

/** The status, from the form's own list (queries and orders have different statuses). */
export function StatusSelect({ form, options }: { form: ShipmentForm; options: Option[] }) {
  return (
    <SearchableSelect
      label={f.status}
      data={options}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      {...form.getInputProps('status')}
    />
  );
}

/** The owner (Opiekun), one of the users. */
export function OwnerSelect({ form, options }: { form: ShipmentForm; options: Option[] }) {
  return (
    <SearchableSelect
      label={f.user}
      data={options}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
      {...form.getInputProps('user')}
    />
  );
}
