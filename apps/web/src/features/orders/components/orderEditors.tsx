import { Group, Input, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { datesIssue, dayOf, type Order, validationMessages } from '@spedycja/domain';
import type { ReactNode } from 'react';
import { CountrySelect } from '../../../components/CountrySelect.tsx';
import { DateInput } from '../../../components/dates.tsx';
import type { InlineEditorArgs } from '../../../components/InlineEditDialog.tsx';
import { blankToNull, notANumber, selectEditor, textRender } from '../../../components/inlineEditors.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { CarrierPicker, type CarrierRef } from '../../carriers/index.ts';
import { CustomerPicker, type CustomerRef } from '../../customers/index.ts';
import { ordersMessages as t } from '../messages.ts';
import { CURRENCY_OPTIONS, LOADING_TYPE_OPTIONS, STATUS_OPTIONS } from './options.ts';
import { partyRefOf } from './orderForm.ts';

/**
 * The editors of the orders table's cells, each with the value it edits, the partial update it
 * sends and how it checks itself. A cell is an InlineEditDialog given one of these.
 */

export type EditorSpec<V> = {
  width?: number;
  value: (o: Order) => V;
  render: (args: InlineEditorArgs<V>) => ReactNode;
  toPatch: (value: V) => Record<string, unknown>;
  validate?: (value: V) => string | null;
};

const f = t.fields;

function InlineError({ children }: { children: ReactNode }) {
  return (
    <Input.Error component="div" role="alert">
      {children}
    </Input.Error>
  );
}

export const statusEditor: EditorSpec<string> = {
  value: (o) => o.status,
  render: selectEditor(STATUS_OPTIONS),
  toPatch: (status) => ({ status }),
};

export const loadingTypeEditor: EditorSpec<string> = {
  value: (o) => o.loadingType,
  render: selectEditor(LOADING_TYPE_OPTIONS),
  toPatch: (loadingType) => ({ loadingType }),
};

export const ownerEditor = (options: { value: string; label: string }[]): EditorSpec<string> => ({
  value: (o) => o.user?.['@id'] ?? '',
  render: ({ value, onChange, error, label }) => (
    <Select
      label={label}
      data={options}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      searchable
      clearable
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-autofocus
    />
  ),
  toPatch: (user) => ({ user: user || null }),
});

const textEditor = (field: 'cargo' | 'additionalInfo', multiline: boolean): EditorSpec<string> => ({
  width: multiline ? 520 : 420,
  value: (o) => o[field] ?? '',
  render: textRender(multiline),
  toPatch: (text) => ({ [field]: blankToNull(text) }),
});

export const cargoEditor = textEditor('cargo', false);
export const additionalInfoEditor = textEditor('additionalInfo', true);

type Dimensions = Pick<Order, 'cargoLength' | 'cargoWidth' | 'cargoHeight'>;

export const dimensionsEditor: EditorSpec<Dimensions> = {
  width: 520,
  value: (o) => ({ cargoLength: o.cargoLength, cargoWidth: o.cargoWidth, cargoHeight: o.cargoHeight }),
  render: ({ value, onChange, error }) => (
    <Stack gap="xs">
      <SimpleGrid cols={3} spacing="sm">
        {(['cargoLength', 'cargoWidth', 'cargoHeight'] as const).map((field, i) => (
          <MoneyInput
            key={field}
            label={f[field]}
            value={value[field]}
            onChange={(next) => onChange({ ...value, [field]: next })}
            data-autofocus={i === 0 ? true : undefined}
          />
        ))}
      </SimpleGrid>
      {error && <InlineError>{error}</InlineError>}
    </Stack>
  ),
  toPatch: (value) => ({ ...value }),
  validate: (v) => (notANumber(v.cargoLength, v.cargoWidth, v.cargoHeight) ? validationMessages.numeric : null),
};

export const weightEditor: EditorSpec<number | null> = {
  width: 320,
  value: (o) => o.cargoWeight,
  render: ({ value, onChange, error }) => (
    <MoneyInput label={f.cargoWeight} value={value} onChange={onChange} error={error} rightSection="t" data-autofocus />
  ),
  toPatch: (cargoWeight) => ({ cargoWeight }),
  validate: (v) => (notANumber(v) ? validationMessages.numeric : null),
};

type PlaceValue = { streetAddress: string; postalCode: string; city: string; country: string | null };

export const placeEditor = (side: 'loading' | 'unloading'): EditorSpec<PlaceValue> => ({
  width: 520,
  value: (o) => ({
    streetAddress: o[`${side}StreetAddress`] ?? '',
    postalCode: o[`${side}PostalCode`] ?? '',
    city: o[`${side}City`] ?? '',
    country: o[`${side}Country`],
  }),
  render: ({ value, onChange, error }) => {
    const set = (patch: Partial<PlaceValue>) => onChange({ ...value, ...patch });
    return (
      <Stack gap="xs">
        <TextInput
          label={f.streetAddress}
          aria-label={f[`${side}StreetAddress`]}
          value={value.streetAddress}
          onChange={(e) => set({ streetAddress: e.currentTarget.value })}
          data-autofocus
        />
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label={f.postalCode}
            aria-label={f[`${side}PostalCode`]}
            value={value.postalCode}
            onChange={(e) => set({ postalCode: e.currentTarget.value })}
          />
          <TextInput
            label={f.city}
            aria-label={f[`${side}City`]}
            value={value.city}
            onChange={(e) => set({ city: e.currentTarget.value })}
          />
        </Group>
        <CountrySelect
          label={f.country}
          aria-label={f[`${side}Country`]}
          value={value.country}
          onChange={(country) => set({ country })}
        />
        {error && <InlineError>{error}</InlineError>}
      </Stack>
    );
  },
  toPatch: (v) => ({
    [`${side}StreetAddress`]: blankToNull(v.streetAddress),
    [`${side}PostalCode`]: blankToNull(v.postalCode),
    [`${side}City`]: blankToNull(v.city),
    [`${side}Country`]: v.country || null,
  }),
});

type DatesValue = { loadingDate: string | null; unloadingDate: string | null };

/**
 * Both dates in one dialog (their order is checked together); the one whose cell was clicked
 * gets the focus.
 */
export const datesEditor = (focus: keyof DatesValue): EditorSpec<DatesValue> => ({
  width: 420,
  value: (o) => ({ loadingDate: dayOf(o.loadingDate), unloadingDate: dayOf(o.unloadingDate) }),
  render: ({ value, onChange, error }) => (
    <Stack gap="xs">
      <DateInput
        label={f.loadingDate}
        value={value.loadingDate}
        onChange={(loadingDate) => onChange({ ...value, loadingDate })}
        data-autofocus={focus === 'loadingDate' ? true : undefined}
      />
      <DateInput
        label={f.unloadingDate}
        value={value.unloadingDate}
        onChange={(unloadingDate) => onChange({ ...value, unloadingDate })}
        error={error}
        data-autofocus={focus === 'unloadingDate' ? true : undefined}
      />
    </Stack>
  ),
  toPatch: (v) => ({ loadingDate: v.loadingDate || null, unloadingDate: v.unloadingDate || null }),
  validate: (v) => datesIssue(v)?.message ?? null,
});

type PriceValue = { amount: number | null; currency: string };

export const priceEditor = (party: 'customer' | 'carrier'): EditorSpec<PriceValue> => {
  const amountKey = party === 'customer' ? 'customerPrice' : 'carrierPrice';
  const currencyKey = party === 'customer' ? 'customerPriceCurrency' : 'carrierPriceCurrency';
  return {
    width: 420,
    value: (o) => ({ amount: o[amountKey], currency: o[currencyKey] }),
    render: ({ value, onChange, error, label }) => (
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <MoneyInput
          label={label}
          style={{ flex: 1 }}
          value={value.amount}
          onChange={(amount) => onChange({ ...value, amount })}
          error={error}
          data-autofocus
        />
        <Select
          label={f.currency}
          aria-label={f[currencyKey]}
          w={100}
          data={CURRENCY_OPTIONS}
          value={value.currency}
          onChange={(currency) => currency && onChange({ ...value, currency })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
    ),
    toPatch: (v) => ({ [amountKey]: v.amount, [currencyKey]: v.currency }),
    validate: (v) => (notANumber(v.amount) ? validationMessages.numeric : null),
  };
};

export const customerEditor: EditorSpec<CustomerRef> = {
  width: 560,
  value: (o) => partyRefOf(o.customer),
  render: ({ value, onChange, error, label }) => (
    <CustomerPicker value={value} onChange={onChange} label={label} error={error} />
  ),
  toPatch: (ref) => ({ customer: ref?.['@id'] ?? null }),
};

export const carrierEditor: EditorSpec<CarrierRef> = {
  width: 560,
  value: (o) => partyRefOf(o.carrier),
  render: ({ value, onChange, error, label }) => (
    <CarrierPicker value={value} onChange={onChange} label={label} error={error} />
  ),
  toPatch: (ref) => ({ carrier: ref?.['@id'] ?? null }),
};

export const customerPaidEditor: EditorSpec<boolean> = {
  width: 340,
  value: (o) => o.customerPaid,
  render: ({ value, onChange, error, label }) => (
    <Switch
      label={label}
      checked={value}
      onChange={(e) => onChange(e.currentTarget.checked)}
      error={error}
      data-autofocus
    />
  ),
  toPatch: (customerPaid) => ({ customerPaid }),
};
