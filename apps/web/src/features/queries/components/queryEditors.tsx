import { Group, Input, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  CURRENCIES,
  datesIssue,
  LOADING_TYPES,
  loadingTypeLabels,
  QUERY_STATUSES,
  type Query,
  queryStatusLabels,
  validationMessages,
} from '@spedycja/domain';
import type { ReactNode } from 'react';
import { CountrySelect } from '../../../components/CountrySelect.tsx';
import { DateInput } from '../../../components/dates.tsx';
import type { InlineEditorArgs } from '../../../components/InlineEditDialog.tsx';
import { blankToNull, notANumber, selectEditor, textRender } from '../../../components/inlineEditors.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { CustomerPicker, type CustomerRef } from '../../customers/index.ts';
import { queriesMessages as t } from '../messages.ts';
import { dayOf } from '../queryText.ts';
import { customerRefOf } from './queryForm.ts';

/**
 * The editors of the queries table's cells, each with the value it edits, what it sends and
 * how it checks itself. A cell is an InlineEditDialog given one of these.
 */

export const STATUS_OPTIONS = QUERY_STATUSES.map((s) => ({ value: s, label: queryStatusLabels[s] }));
export const LOADING_TYPE_OPTIONS = LOADING_TYPES.map((value) => ({ value, label: loadingTypeLabels[value] }));
export const CURRENCY_OPTIONS = CURRENCIES.map((value) => ({ value, label: value.toUpperCase() }));

export type EditorSpec<V> = {
  width?: number;
  value: (q: Query) => V;
  render: (args: InlineEditorArgs<V>) => ReactNode;
  toPatch: (value: V) => Record<string, unknown>;
  validate?: (value: V) => string | null;
};

export const statusEditor: EditorSpec<string> = {
  value: (q) => q.status,
  render: selectEditor(STATUS_OPTIONS),
  toPatch: (status) => ({ status }),
};

export const loadingTypeEditor: EditorSpec<string> = {
  value: (q) => q.loadingType,
  render: selectEditor(LOADING_TYPE_OPTIONS),
  toPatch: (loadingType) => ({ loadingType }),
};

export const ownerEditor = (options: { value: string; label: string }[]): EditorSpec<string> => ({
  value: (q) => q.user?.['@id'] ?? '',
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
  value: (q) => q[field] ?? '',
  render: textRender(multiline),
  toPatch: (text) => ({ [field]: blankToNull(text) }),
});

export const cargoEditor = textEditor('cargo', false);
export const additionalInfoEditor = textEditor('additionalInfo', true);

type Dimensions = Pick<Query, 'cargoLength' | 'cargoWidth' | 'cargoHeight' | 'cargoWeight'>;

export const dimensionsEditor: EditorSpec<Dimensions> = {
  width: 480,
  value: (q) => ({
    cargoLength: q.cargoLength,
    cargoWidth: q.cargoWidth,
    cargoHeight: q.cargoHeight,
    cargoWeight: q.cargoWeight,
  }),
  render: ({ value, onChange, error }) => (
    <Stack gap="xs">
      <SimpleGrid cols={2} spacing="sm">
        {(['cargoLength', 'cargoWidth', 'cargoHeight', 'cargoWeight'] as const).map((field, i) => (
          <MoneyInput
            key={field}
            label={t.fields[field]}
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
  validate: (v) =>
    notANumber(v.cargoLength, v.cargoWidth, v.cargoHeight, v.cargoWeight) ? validationMessages.numeric : null,
};

type PlaceValue = { streetAddress: string; postalCode: string; city: string; country: string | null };

export const placeEditor = (side: 'loading' | 'unloading'): EditorSpec<PlaceValue> => ({
  width: 520,
  value: (q) => ({
    streetAddress: q[`${side}StreetAddress`] ?? '',
    postalCode: q[`${side}PostalCode`] ?? '',
    city: q[`${side}City`] ?? '',
    country: q[`${side}Country`],
  }),
  render: ({ value, onChange, error }) => {
    const f = t.fields;
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

export const datesEditor: EditorSpec<DatesValue> = {
  width: 420,
  value: (q) => ({ loadingDate: dayOf(q.loadingDate), unloadingDate: dayOf(q.unloadingDate) }),
  render: ({ value, onChange, error }) => (
    <Stack gap="xs">
      <DateInput
        label={t.fields.loadingDate}
        value={value.loadingDate}
        onChange={(loadingDate) => onChange({ ...value, loadingDate })}
        data-autofocus
      />
      <DateInput
        label={t.fields.unloadingDate}
        value={value.unloadingDate}
        onChange={(unloadingDate) => onChange({ ...value, unloadingDate })}
        error={error}
      />
    </Stack>
  ),
  toPatch: (v) => ({ loadingDate: v.loadingDate || null, unloadingDate: v.unloadingDate || null }),
  validate: (v) => datesIssue(v)?.message ?? null,
};

type PriceValue = { amount: number | null; currency: string };

export const priceEditor = (field: 'customerPrice' | 'customerPriceSuggested'): EditorSpec<PriceValue> => ({
  width: 420,
  value: (q) => ({ amount: q[field], currency: q.customerPriceCurrency }),
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
        label={t.fields.customerPriceCurrency}
        w={100}
        data={CURRENCY_OPTIONS}
        value={value.currency}
        onChange={(currency) => currency && onChange({ ...value, currency })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  ),
  toPatch: (v) => ({ [field]: v.amount, customerPriceCurrency: v.currency }),
  validate: (v) => (notANumber(v.amount) ? validationMessages.numeric : null),
});

export const customerEditor: EditorSpec<CustomerRef> = {
  width: 560,
  value: customerRefOf,
  render: ({ value, onChange, error, label }) => (
    <CustomerPicker value={value} onChange={onChange} label={label} error={error} />
  ),
  toPatch: (ref) => ({ customer: ref?.['@id'] ?? null }),
};

function InlineError({ children }: { children: ReactNode }) {
  return (
    <Input.Error component="div" role="alert">
      {children}
    </Input.Error>
  );
}
