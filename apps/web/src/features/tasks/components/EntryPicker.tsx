import { Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useMemo, useState } from 'react';
import { PICKER_DEBOUNCE_MS } from '../../../components/parties/PartyPicker.tsx';
import { SearchableSelect } from '../../../components/SearchableSelect.tsx';
import { useEntrySearch } from '../api/searchEntries.ts';
import { tasksMessages as t } from '../messages.ts';
import { entryKey, type TaskEntry } from '../taskEntry.ts';
import { entrySearchTerm } from '../taskRules.ts';

export type EntryPickerProps = {
  value: TaskEntry | null;
  onChange: (value: TaskEntry | null) => void;
  error?: ReactNode;
};

/**
 * 'Zapytanie/Zlecenie': one searchable select over queries and orders. Typing a number finds a
 * query by its # and orders by their number; words find both by cargo or customer.
 */
export function EntryPicker({ value, onChange, error }: EntryPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, PICKER_DEBOUNCE_MS);
  const selectedLabel = value?.label ?? null;
  const term = debounced === selectedLabel ? null : entrySearchTerm(debounced);
  const results = useEntrySearch(term);

  // The chosen entry stays among the options, so the input shows it whatever the search found.
  const byKey = useMemo(() => {
    const map = new Map<string, TaskEntry>();
    if (value) map.set(entryKey(value), value);
    for (const entry of term ? (results.data ?? []) : []) map.set(entryKey(entry), entry);
    return map;
  }, [value, term, results.data]);
  const data = useMemo(() => [...byKey].map(([key, entry]) => ({ value: key, label: entry.label })), [byKey]);

  const nothingFound =
    search !== selectedLabel && entrySearchTerm(search) === null
      ? t.picker.minLength
      : results.isFetching || debounced !== search
        ? t.picker.loading
        : t.picker.nothingFound;

  return (
    <SearchableSelect
      label={t.fields.entry}
      placeholder={t.fields.entryHint}
      error={error}
      data={data}
      value={value ? entryKey(value) : null}
      onChange={(key) => onChange(key ? (byKey.get(key) ?? null) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already; Mantine must not filter the options again.
      filter={({ options }) => options}
      clearable
      nothingFoundMessage={nothingFound}
      maxDropdownHeight={320}
      renderOption={({ option }) => {
        const entry = byKey.get(option.value);
        if (!entry) return option.label;
        return (
          <Stack gap={0}>
            <Text size="sm" c={entry.type === 'query' ? undefined : 'teal.8'}>
              {entry.label}
            </Text>
            {entry.detail && (
              <Text size="xs" c="dimmed">
                {entry.detail}
              </Text>
            )}
          </Stack>
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
