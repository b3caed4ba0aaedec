import {
  type ComboboxItem,
  type ComboboxParsedItem,
  getParsedComboboxData,
  Select,
  type SelectProps,
} from '@mantine/core';
import { type FocusEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { codeOrLabelFilter } from './selectFilter.ts';
import { useComponentTexts } from './texts.tsx';

export type SearchableSelectProps = SelectProps;

const flatten = (items: ComboboxParsedItem[]): ComboboxItem[] =>
  items.flatMap((item) => ('group' in item ? item.items : [item]));

/**
 * The one picker of the app: a searchable select that takes type-and-Enter. Typing highlights the first match and
 * Enter picks it; leaving the field (Tab) picks the only match; a text that matches nothing stays in the field with
 * 'Wybierz z listy' under it instead of silently vanishing. Finds options by a part of the label without minding
 * case or accents, or by the code ('DE' finds Niemcy). Its clear (×) button is no Tab stop and has a name.
 */
export function SearchableSelect({
  data,
  value,
  onChange,
  onBlur,
  onFocus,
  onClear,
  filter = codeOrLabelFilter,
  error,
  clearButtonProps,
  searchValue: _ignored,
  onSearchChange,
  ...props
}: SearchableSelectProps) {
  const t = useComponentTexts();
  const options = useMemo(() => flatten(getParsedComboboxData(data) as ComboboxParsedItem[]), [data]);
  const labelOf = (v: string | null | undefined) =>
    v == null ? '' : (options.find((o) => o.value === v)?.label ?? '');
  const [search, setSearchState] = useState(() => labelOf(value));
  // Remote pickers follow the typed text through onSearchChange; the text itself is kept here.
  const setSearch = (next: string) => {
    setSearchState(next);
    onSearchChange?.(next);
  };
  // A text that matched nothing when the field was left: kept on screen until the user comes back or a value is set.
  const kept = useRef<string | null>(null);
  const [unmatched, setUnmatched] = useState(false);

  // Follows a value set from outside (a pick, a form reset): its label, or an empty field when it was cleared. The
  // options changing alone (a remote search's results arriving) must not touch what is being typed.
  const previous = useRef(value);
  const valueLabel = labelOf(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the value and its label only
  useEffect(() => {
    const changed = previous.current !== value;
    previous.current = value;
    if (value != null) {
      if (!changed && !valueLabel) return;
      kept.current = null;
      setUnmatched(false);
      if (valueLabel) setSearch(valueLabel);
    } else if (changed && kept.current === null) setSearch('');
  }, [value, valueLabel]);

  const matches = (text: string): ComboboxItem[] =>
    flatten(filter({ options, search: text, limit: Number.POSITIVE_INFINITY }));

  const pick = (option: ComboboxItem) => {
    kept.current = null;
    setUnmatched(false);
    setSearch(option.label);
    if (option.value !== value) onChange?.(option.value, option);
  };

  const handleBlurCapture = (event: FocusEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    if (!text.trim() || text === labelOf(value)) return;
    const found = matches(text);
    const exact = found.find(
      (o) => o.label.toLowerCase() === text.trim().toLowerCase() || o.value.toLowerCase() === text.trim().toLowerCase(),
    );
    const only = exact ?? (found.length === 1 ? found[0] : undefined);
    if (only) {
      pick(only);
      return;
    }
    kept.current = text;
    setUnmatched(true);
    if (value != null) onChange?.(null, null as unknown as ComboboxItem);
  };

  // Enter with nothing highlighted (the options came after the typing, from the server) picks the first match.
  const handleKeyDownCapture = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const input = event.currentTarget;
    const text = input.value;
    if (!text.trim() || text === labelOf(value) || input.getAttribute('aria-activedescendant')) return;
    const first = matches(text)[0];
    if (!first) return;
    event.preventDefault();
    event.stopPropagation();
    pick(first);
  };

  return (
    <Select
      searchable
      selectFirstOptionOnChange
      nothingFoundMessage={t.nothingFound}
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
      value={value}
      filter={filter}
      searchValue={search}
      onSearchChange={(next) => {
        if (kept.current !== null) return;
        setSearch(next);
      }}
      onChange={(next, option) => {
        kept.current = null;
        setUnmatched(false);
        onChange?.(next, option);
      }}
      onFocus={(event) => {
        if (kept.current !== null) {
          kept.current = null;
          setSearch(event.currentTarget.value);
        }
        onFocus?.(event);
      }}
      onBlurCapture={handleBlurCapture}
      onKeyDownCapture={handleKeyDownCapture}
      onBlur={onBlur}
      onClear={() => {
        kept.current = null;
        setUnmatched(false);
        setSearch('');
        onClear?.();
      }}
      error={unmatched ? t.pickFromList : error}
      clearButtonProps={{ tabIndex: -1, 'aria-hidden': false, 'aria-label': t.clearField, ...clearButtonProps }}
    />
  );
}
