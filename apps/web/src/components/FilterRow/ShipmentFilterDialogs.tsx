import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { validationMessages } from '@spedycja/domain';
import { useState } from 'react';
import { AppModal } from '../AppModal.tsx';
import { CountrySelect } from '../CountrySelect.tsx';
import { shipmentFilterMessages } from '../messages.ts';
import { type ComponentTexts, useComponentTexts } from '../texts.tsx';
import { customFilter } from './filterParams.ts';
import {
  type AddressFilterValue,
  addressFilterParams,
  DIMENSION_FIELDS,
  type DimensionField,
  type DimensionsFilterValue,
  dimensionsFilterParams,
  EMPTY_ADDRESS_FILTER,
  EMPTY_DIMENSIONS_FILTER,
  isInvalidBound,
  type ShipmentSide,
} from './shipmentFilterParams.ts';
import type { CustomFilterDef } from './types.ts';

/**
 * Filters of the shipment tables (queries, orders) that open a dialog from a button in the
 * filter row: cargo dimensions ('Wyczyść', 'Zatwierdź') and an address ('Wyczyść', 'Zamknij').
 */

const DIALOG_WIDTH = 640;

const dimensionLabels = (t: ComponentTexts['shipment']): Record<DimensionField, { name: string; unit: string }> => ({
  cargoLength: { name: t.length, unit: 'm' },
  cargoWidth: { name: t.width, unit: 'm' },
  cargoHeight: { name: t.height, unit: 'm' },
  cargoWeight: { name: t.weight, unit: 't' },
});

function DialogButton({ label, active, onClick }: { label: string; active: boolean; onClick: () => void }) {
  const t = useComponentTexts().shipment;
  return (
    <Button
      size="xs"
      variant={active ? 'light' : 'default'}
      aria-haspopup="dialog"
      aria-label={active ? t.active(label) : label}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

type DialogFilterProps<V> = { value: V; onChange: (value: V) => void };

/** Min/max length, width and height (m), weight (t), and optionally the loading and unloading country. */
export function DimensionsFilterDialog({ value, onChange }: DialogFilterProps<DimensionsFilterValue>) {
  const t = useComponentTexts().shipment;
  const labels = dimensionLabels(t);
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState(value);
  const active = Object.keys(dimensionsFilterParams(value)).length > 0;
  const invalid = DIMENSION_FIELDS.some((f) => isInvalidBound(draft[f].min) || isInvalidBound(draft[f].max));

  const open = () => {
    setDraft(value);
    setOpened(true);
  };
  const setBound = (field: DimensionField, bound: 'min' | 'max', text: string) =>
    setDraft((d) => ({ ...d, [field]: { ...d[field], [bound]: text } }));
  const handleClear = () => {
    setDraft(EMPTY_DIMENSIONS_FILTER);
    onChange(EMPTY_DIMENSIONS_FILTER);
  };
  const handleConfirm = () => {
    if (invalid) return;
    onChange(draft);
    setOpened(false);
  };

  return (
    <>
      <DialogButton label={t.dimensions} active={active} onClick={open} />
      <AppModal opened={opened} onClose={() => setOpened(false)} title={t.dimensions} size={DIALOG_WIDTH}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            // The dialog sits in a portal, but React still bubbles its submit to the filter row's form.
            event.stopPropagation();
            handleConfirm();
          }}
        >
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            {DIMENSION_FIELDS.flatMap((field) =>
              (['min', 'max'] as const).map((bound) => {
                const { name, unit } = labels[field];
                const text = draft[field][bound];
                return (
                  <TextInput
                    key={`${field}-${bound}`}
                    label={`${name} ${t[bound]} (${unit})`}
                    inputMode="decimal"
                    autoComplete="off"
                    value={text}
                    onChange={(event) => setBound(field, bound, event.currentTarget.value)}
                    error={isInvalidBound(text) ? validationMessages.numeric : undefined}
                    data-autofocus={field === 'cargoLength' && bound === 'min' ? true : undefined}
                  />
                );
              }),
            )}
            <CountrySelect
              label={t.loadingCountry}
              value={draft.loadingCountry}
              onChange={(iso) => setDraft((d) => ({ ...d, loadingCountry: iso }))}
            />
            <CountrySelect
              label={t.unloadingCountry}
              value={draft.unloadingCountry}
              onChange={(iso) => setDraft((d) => ({ ...d, unloadingCountry: iso }))}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={handleClear}>
              {t.clear}
            </Button>
            <Button type="submit" disabled={invalid}>
              {t.confirm}
            </Button>
          </Group>
        </form>
      </AppModal>
    </>
  );
}

/** Street, city, postal code and country of one side; changes apply as they are typed. */
export function AddressFilterDialog({
  title,
  value,
  onChange,
}: DialogFilterProps<AddressFilterValue> & { title: string }) {
  const t = useComponentTexts().shipment;
  const [opened, setOpened] = useState(false);
  const active = Object.keys(addressFilterParams('loading', value)).length > 0;
  const set = (patch: Partial<AddressFilterValue>) => onChange({ ...value, ...patch });

  return (
    <>
      <DialogButton label={title} active={active} onClick={() => setOpened(true)} />
      {/* Its own 'Zamknij' button closes it (and Esc): no second one in the corner. */}
      <AppModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={title}
        size={DIALOG_WIDTH}
        withCloseButton={false}
      >
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <TextInput
            label={t.streetAddress}
            autoComplete="off"
            data-autofocus
            value={value.streetAddress}
            onChange={(event) => set({ streetAddress: event.currentTarget.value })}
          />
          <TextInput
            label={t.city}
            autoComplete="off"
            value={value.city}
            onChange={(event) => set({ city: event.currentTarget.value })}
          />
          <TextInput
            label={t.postalCode}
            autoComplete="off"
            value={value.postalCode}
            onChange={(event) => set({ postalCode: event.currentTarget.value })}
          />
          <CountrySelect label={t.country} value={value.country} onChange={(iso) => set({ country: iso })} />
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => onChange(EMPTY_ADDRESS_FILTER)}>
            {t.clear}
          </Button>
          <Button onClick={() => setOpened(false)}>{t.close}</Button>
        </Group>
      </AppModal>
    </>
  );
}

/** The filter-row entry of the cargo-dimension dialog. */
export const dimensionsFilter = (t: ComponentTexts['shipment'] = shipmentFilterMessages): CustomFilterDef =>
  customFilter<DimensionsFilterValue>({
    name: 'cargoDimensions',
    label: t.dimensions,
    defaultValue: EMPTY_DIMENSIONS_FILTER,
    render: (value, onChange) => <DimensionsFilterDialog value={value} onChange={onChange} />,
    toParams: dimensionsFilterParams,
  });

/** The filter-row entry of the loading or unloading address dialog. */
export const addressFilter = (
  side: ShipmentSide,
  t: ComponentTexts['shipment'] = shipmentFilterMessages,
): CustomFilterDef => {
  const title = side === 'loading' ? t.loadingAddress : t.unloadingAddress;
  return customFilter<AddressFilterValue>({
    name: `${side}Address`,
    label: title,
    defaultValue: EMPTY_ADDRESS_FILTER,
    render: (value, onChange) => <AddressFilterDialog title={title} value={value} onChange={onChange} />,
    toParams: (value) => addressFilterParams(side, value),
  });
};
