import { Button, Group, Input, TextInput } from '@mantine/core';
import { DEBOUNCE_MS } from '@spedycja/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DateRangeInput } from '../dates.tsx';
import { IconFilter, IconX } from '../icons.tsx';
import { componentMessages as t } from '../messages.ts';
import { SearchableSelect } from '../SearchableSelect.tsx';
import { codeOrLabelFilter } from '../selectFilter.ts';
import {
  defaultFilterValues,
  EMPTY_DATE_RANGE,
  EMPTY_RANGE,
  filtersToParams,
  isNumberRange,
  sameParams,
} from './filterParams.ts';
import type { ApiParams, DateRangeValue, FilterDef, FilterValues } from './types.ts';

export type FilterRowProps = {
  filters: readonly FilterDef[];
  /** Receives the API parameters (and the typed values): after a pause in typing, on 'Filtruj' and on 'Wyczyść filtry'. */
  onApply: (params: ApiParams, values: FilterValues) => void;
  /** Pause after the last change before filters apply by themselves (SPEC §9: 1000 ms, queries 400 ms). */
  debounceMs?: number;
  /** Starting values, e.g. a status filter that starts at 'aktywne'; 'Wyczyść filtry' returns to the defaults. */
  initialValues?: FilterValues;
};

/**
 * A row of filters held as local state. Changes apply by themselves after `debounceMs`;
 * 'Filtruj' applies at once and 'Wyczyść filtry' resets them.
 */
export function FilterRow({
  filters,
  onApply,
  debounceMs = DEBOUNCE_MS.defaultFilters,
  initialValues,
}: FilterRowProps) {
  const [values, setValues] = useState<FilterValues>(() => ({ ...defaultFilterValues(filters), ...initialValues }));
  const lastApplied = useRef<ApiParams>(filtersToParams(filters, values));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const apply = useCallback(
    (next: FilterValues, force: boolean) => {
      clearTimeout(timer.current);
      const params = filtersToParams(filters, next);
      if (!force && sameParams(params, lastApplied.current)) return;
      lastApplied.current = params;
      onApply(params, next);
    },
    [filters, onApply],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  const handleChange = (name: string, value: unknown) => {
    const next = { ...values, [name]: value };
    setValues(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(next, false), debounceMs);
  };

  const handleClear = () => {
    const next = defaultFilterValues(filters);
    setValues(next);
    apply(next, true);
  };

  return (
    <Group
      component="form"
      role="search"
      aria-label="Filtry"
      align="flex-end"
      gap="xs"
      wrap="wrap"
      mb="sm"
      onSubmit={(event) => {
        event.preventDefault();
        apply(values, true);
      }}
    >
      {filters.map((def) => (
        <FilterInput key={def.name} def={def} value={values[def.name]} onChange={(v) => handleChange(def.name, v)} />
      ))}
      <Button type="submit" size="xs" leftSection={<IconFilter size={14} />}>
        {t.applyFilters}
      </Button>
      <Button type="button" size="xs" variant="default" leftSection={<IconX size={14} />} onClick={handleClear}>
        {t.clearFilters}
      </Button>
    </Group>
  );
}

function FilterInput({ def, value, onChange }: { def: FilterDef; value: unknown; onChange: (value: unknown) => void }) {
  const width = def.width ?? 160;
  const ariaLabel = t.filterLabel(def.label);
  switch (def.kind) {
    case 'text':
      return (
        <TextInput
          size="xs"
          w={width}
          label={def.label}
          aria-label={ariaLabel}
          placeholder={def.placeholder}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'select':
      return (
        <SearchableSelect
          size="xs"
          w={width}
          label={def.label}
          aria-label={ariaLabel}
          data={def.options.map((o) => ({ value: o.value, label: o.label }))}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          clearable={def.clearable ?? true}
          allowDeselect={def.clearable ?? true}
          searchable={def.searchable}
          filter={def.searchable ? codeOrLabelFilter : undefined}
        />
      );
    case 'numberRange': {
      const range = isNumberRange(value) ? value : EMPTY_RANGE;
      return (
        <Input.Wrapper label={def.label} size="xs" w={width}>
          <Group gap={4} wrap="nowrap">
            <TextInput
              size="xs"
              placeholder={t.rangeFrom}
              aria-label={`${ariaLabel} ${t.rangeFrom}`}
              inputMode="decimal"
              value={range.min}
              onChange={(event) => onChange({ ...range, min: event.currentTarget.value })}
            />
            <TextInput
              size="xs"
              placeholder={t.rangeTo}
              aria-label={`${ariaLabel} ${t.rangeTo}`}
              inputMode="decimal"
              value={range.max}
              onChange={(event) => onChange({ ...range, max: event.currentTarget.value })}
            />
          </Group>
        </Input.Wrapper>
      );
    }
    case 'dateRange': {
      const range: DateRangeValue = Array.isArray(value) ? (value as DateRangeValue) : EMPTY_DATE_RANGE;
      return (
        <DateRangeInput
          size="xs"
          w={def.width ?? 230}
          label={def.label}
          aria-label={ariaLabel}
          value={range}
          onChange={(next) => onChange([next[0], next[1]])}
        />
      );
    }
    case 'custom':
      return <>{def.render(value, onChange)}</>;
  }
}
