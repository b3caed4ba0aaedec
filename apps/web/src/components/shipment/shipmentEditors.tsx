import { Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { datesIssue, type ShipmentRead, validationMessages, wallClockOf } from '@spedycja/domain';
import type { ComponentType } from 'react';
import { CountrySelect } from '../CountrySelect.tsx';
import { WallClockInput } from '../dates.tsx';
import { blankToNull, choiceEditor, type EditorSpec, InlineError, notANumber, textEditor } from '../inlineEditors.tsx';
import { MoneyInput } from '../MoneyInput.tsx';
import type { PartyFieldProps } from '../parties/PartyPicker.tsx';
import { type PartyRef, partyRefOf } from '../parties/partyForm.ts';
import { SearchableSelect } from '../SearchableSelect.tsx';
import { shipmentMessages } from './messages.ts';
import { CURRENCY_OPTIONS, LOADING_TYPE_OPTIONS } from './options.ts';

/**
 * The cell editors that the queries and orders tables share: each reads what a query and an order
 * both have (or the fields it is given), so one definition serves both tables.
 */

const f = shipmentMessages.fields;

type Side = 'loading' | 'unloading';

export const loadingTypeEditor = choiceEditor('loadingType', LOADING_TYPE_OPTIONS);
export const cargoEditor = textEditor('cargo', false);
export const additionalInfoEditor = textEditor('additionalInfo', true);

export const ownerEditor = (
  options: { value: string; label: string }[],
): EditorSpec<Pick<ShipmentRead, 'user'>, string> => ({
  value: (row) => row.user?.['@id'] ?? '',
  render: ({ value, onChange, error, label }) => (
    <SearchableSelect
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

type MeasureKey = 'cargoLength' | 'cargoWidth' | 'cargoHeight' | 'cargoWeight';

/** Several measures in one dialog, laid out in `cols` columns; the first one gets the focus. */
export const measuresEditor = <K extends MeasureKey>(
  fields: readonly K[],
  layout: { cols: number; width: number },
): EditorSpec<Pick<ShipmentRead, K>, Record<K, number | null>> => ({
  width: layout.width,
  value: (row) => Object.fromEntries(fields.map((field) => [field, row[field]])) as Record<K, number | null>,
  render: ({ value, onChange, error }) => (
    <Stack gap="xs">
      <SimpleGrid cols={layout.cols} spacing="sm">
        {fields.map((field, i) => (
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
  validate: (v) => (notANumber(...fields.map((field) => v[field])) ? validationMessages.numeric : null),
});

type PlaceValue = { streetAddress: string; postalCode: string; city: string; country: string | null };

export const placeEditor = (side: Side): EditorSpec<ShipmentRead, PlaceValue> => ({
  width: 520,
  value: (row) => ({
    streetAddress: row[`${side}StreetAddress`] ?? '',
    postalCode: row[`${side}PostalCode`] ?? '',
    city: row[`${side}City`] ?? '',
    country: row[`${side}Country`],
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
export const datesEditor = (focus: keyof DatesValue): EditorSpec<ShipmentRead, DatesValue> => ({
  width: 420,
  value: (row) => ({ loadingDate: wallClockOf(row.loadingDate), unloadingDate: wallClockOf(row.unloadingDate) }),
  render: ({ value, onChange, error }) => (
    <Stack gap="xs">
      <WallClockInput
        label={f.loadingDate}
        timeLabel={f.loadingTime}
        value={value.loadingDate}
        onChange={(loadingDate) => onChange({ ...value, loadingDate })}
        data-autofocus={focus === 'loadingDate' ? true : undefined}
      />
      <WallClockInput
        label={f.unloadingDate}
        timeLabel={f.unloadingTime}
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

/** An amount with its currency (a row may have several amounts, each with its currency field). */
export const priceEditor = <A extends string, C extends string>(
  amountKey: A,
  currencyKey: C,
  /** Names the currency select where a row has more than one. */
  currencyName?: string,
): EditorSpec<Record<A, number | null> & Record<C, string>, PriceValue> => ({
  width: 420,
  value: (row) => ({ amount: row[amountKey], currency: row[currencyKey] }),
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
      <SearchableSelect
        label={f.currency}
        aria-label={currencyName}
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
});

/** The customer or carrier, chosen with its feature's picker; sent as its IRI. */
export const partyEditor = <K extends string>(
  field: K,
  Picker: ComponentType<PartyFieldProps>,
): EditorSpec<Record<K, PartyRef | null>, PartyRef | null> => ({
  width: 560,
  value: (row) => partyRefOf(row[field]),
  render: ({ value, onChange, error, label }) => (
    <Picker value={value} onChange={onChange} label={label} error={error} />
  ),
  toPatch: (ref) => ({ [field]: ref?.['@id'] ?? null }),
});
