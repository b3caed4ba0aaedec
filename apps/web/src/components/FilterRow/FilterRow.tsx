import { Box, Button, Group, Input, TextInput } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { DEBOUNCE_MS } from '@spedycja/domain';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DateRangeInput } from '../dates.tsx';
import { IconFilter, IconX } from '../icons.tsx';
import { SearchableSelect } from '../SearchableSelect.tsx';
import { codeOrLabelFilter } from '../selectFilter.ts';
import { useComponentTexts } from '../texts.tsx';
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
  /**
   * A long panel (orders, queries) folds to the filters that fit one row, with 'Więcej filtrów' for the rest (so that
   * a 1366×768 laptop shows 8 rows of the list); whether it is open is remembered under this key.
   */
  collapseKey?: string;
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
  collapseKey,
}: FilterRowProps) {
  const t = useComponentTexts();
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

  const fold = useFoldedFilters(filters.length, collapseKey);
  const defaults = defaultFilterValues(filters);
  const hiddenActive = filters
    .slice(fold.shown)
    .filter(
      (def) =>
        !sameParams(
          filtersToParams([def], { [def.name]: values[def.name] }),
          filtersToParams([def], { [def.name]: defaults[def.name] }),
        ),
    ).length;

  return (
    <Group
      ref={fold.panelRef}
      component="form"
      role="search"
      aria-label={t.filters}
      align="flex-end"
      gap="xs"
      wrap={fold.folded ? 'nowrap' : 'wrap'}
      mb="sm"
      onSubmit={(event) => {
        event.preventDefault();
        apply(values, true);
      }}
    >
      {filters.map((def, index) => (
        <Box key={def.name} data-filter-item display={index < fold.shown ? undefined : 'none'}>
          <FilterInput def={def} value={values[def.name]} onChange={(v) => handleChange(def.name, v)} />
        </Box>
      ))}
      {fold.foldable && (
        <Button
          type="button"
          size="xs"
          variant="subtle"
          aria-expanded={!fold.folded}
          onClick={fold.toggle}
          data-filter-fixed
        >
          {fold.folded ? t.moreFilters(hiddenActive) : t.fewerFilters}
        </Button>
      )}
      <Button type="submit" size="xs" leftSection={<IconFilter size={14} />} data-filter-fixed>
        {t.applyFilters}
      </Button>
      <Button
        type="button"
        size="xs"
        variant="default"
        leftSection={<IconX size={14} />}
        onClick={handleClear}
        data-filter-fixed
      >
        {t.clearFilters}
      </Button>
    </Group>
  );
}

/**
 * The folding of a long filter panel: folded, it shows the filters that fit one row beside its buttons, measured
 * after each layout (each filter's width is kept from when it was shown, so a wider window brings them back).
 */
function useFoldedFilters(count: number, collapseKey: string | undefined) {
  const [open, setOpen] = useLocalStorage<boolean>({
    key: `spedycja.filters.open.${collapseKey ?? 'none'}`,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const panelRef = useRef<HTMLDivElement>(null);
  const widths = useRef<number[]>([]);
  const [fitting, setFitting] = useState(count);
  const [panelWidth, setPanelWidth] = useState(0);
  const foldable = collapseKey !== undefined;
  const folded = foldable && !open;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new width of the panel (`panelWidth`) is measured again.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!folded || !panel) return;
    const gap = 10;
    const items = [...panel.querySelectorAll<HTMLElement>('[data-filter-item]')];
    items.forEach((item, index) => {
      if (item.offsetWidth > 0) widths.current[index] = item.offsetWidth;
    });
    const fixed = [...panel.querySelectorAll<HTMLElement>('[data-filter-fixed]')].reduce(
      (sum, button) => sum + button.offsetWidth + gap,
      0,
    );
    let room = panel.clientWidth - fixed;
    let fit = 0;
    while (fit < count && room >= (widths.current[fit] ?? 160) + gap) {
      room -= (widths.current[fit] ?? 160) + gap;
      fit += 1;
    }
    if (fit !== fitting) setFitting(fit);
  }, [folded, count, fitting, panelWidth]);

  useEffect(() => {
    const panel = panelRef.current;
    if (!foldable || !panel || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setPanelWidth(panel.clientWidth));
    observer.observe(panel);
    return () => observer.disconnect();
  }, [foldable]);

  return {
    panelRef,
    foldable: foldable && (fitting < count || !folded),
    folded,
    shown: folded ? fitting : count,
    toggle: () => setOpen(!open),
  };
}

function FilterInput({ def, value, onChange }: { def: FilterDef; value: unknown; onChange: (value: unknown) => void }) {
  const t = useComponentTexts();
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
