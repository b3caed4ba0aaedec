import { Fieldset, Group, SimpleGrid, type SimpleGridProps, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  type BindableForm,
  FormCountrySelect,
  FormMoneyInput,
  FormSelect,
  FormTextInput,
  FormWallClockInput,
} from '../FormFields.tsx';
import { shipmentMessages as t } from './messages.ts';

/**
 * The route and cargo sections of the query and order forms (each form adds its own fields to them). The fields the
 * server requires of both (REQUIRED_SHIPMENT_KEYS: cargo, cities, countries, dates) show their '*'; `required` also
 * tells a screen reader (the forms are `noValidate`, so the browser does not step in).
 */

/**
 * What these sections need of a query's or an order's form (uncontrolled: each field renders alone, see FormFields),
 * whose values include ShipmentFormValues.
 */
export type ShipmentForm = BindableForm;

const f = t.fields;

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
        <FormTextInput
          form={form}
          path={`${side}StreetAddress`}
          label={f.streetAddress}
          aria-label={f[`${side}StreetAddress`]}
          autoComplete="off"
          data-autofocus={side === 'loading' ? true : undefined}
        />
        <Group grow align="flex-start" gap="sm">
          <FormTextInput
            form={form}
            path={`${side}PostalCode`}
            label={f.postalCode}
            aria-label={f[`${side}PostalCode`]}
            autoComplete="off"
          />
          <FormTextInput
            form={form}
            path={`${side}City`}
            label={f.city}
            aria-label={f[`${side}City`]}
            autoComplete="off"
            required
          />
        </Group>
        <Group grow align="flex-start" gap="sm">
          <FormCountrySelect
            form={form}
            path={`${side}Country`}
            label={f.country}
            aria-label={f[`${side}Country`]}
            required
          />
          <FormWallClockInput
            form={form}
            path={`${side}Date`}
            label={f[`${side}Date`]}
            timeLabel={f[`${side}Time`]}
            withAsterisk={dateRequired}
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
  return (
    <Fieldset legend={t.sections.cargo}>
      <SimpleGrid cols={cols} spacing="sm" verticalSpacing="xs">
        <FormTextInput
          form={form}
          path="cargo"
          label={f.cargo}
          autoComplete="off"
          required
          style={{ gridColumn: 'span 2' }}
        />
        {children}
        <FormMoneyInput form={form} path="cargoLength" label={f.cargoLength} rightSection="m" />
        <FormMoneyInput form={form} path="cargoWidth" label={f.cargoWidth} rightSection="m" />
        <FormMoneyInput form={form} path="cargoHeight" label={f.cargoHeight} rightSection="m" />
        <FormMoneyInput form={form} path="cargoWeight" label={f.cargoWeight} rightSection="t" />
      </SimpleGrid>
    </Fieldset>
  );
}

type Option = { value: string; label: string };

/** The status, from the form's own list (queries and orders have different statuses). */
export function StatusSelect({ form, options }: { form: ShipmentForm; options: Option[] }) {
  return (
    <FormSelect
      form={form}
      path="status"
      label={f.status}
      data={options}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The owner (Opiekun), one of the users. */
export function OwnerSelect({ form, options }: { form: ShipmentForm; options: Option[] }) {
  return (
    <FormSelect
      form={form}
      path="user"
      label={f.user}
      data={options}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
