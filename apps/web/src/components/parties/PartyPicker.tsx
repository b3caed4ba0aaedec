import { ActionIcon, Group, Input, Stack, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PICKER_MIN_SEARCH_LENGTH } from '@spedycja/domain';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { IconEdit, IconPlus } from '../icons.tsx';
import { SearchableSelect } from '../SearchableSelect.tsx';
import { partyMessages as t } from './messages.ts';
import { type PartyRef, partyName, toPartyRef } from './partyForm.ts';

/** The typing pause before the picker asks the server. */
export const PICKER_DEBOUNCE_MS = 300;

/** What an option reads (and what the input shows once chosen): company – name (NIP: …). */
export function partyOptionLabel(party: PartyRef): string {
  const name = partyName(party);
  const nip = party.nip ? t.nipLabel(party.nip) : '';
  return [name, nip && `(${nip})`].filter(Boolean).join(' ') || party.uuid;
}

/** The text to search for, or null while it is too short or is the chosen option's own label. */
export function pickerSearchTerm(search: string, selectedLabel: string | null): string | null {
  const term = search.trim();
  if (term.length < PICKER_MIN_SEARCH_LENGTH || search === selectedLabel) return null;
  return term;
}

export type PartyPickerModalState = {
  opened: boolean;
  /** The record to edit; null to create one. */
  uuid: string | null;
  onClose: () => void;
  onSaved: (party: PartyRef) => void;
};

/** What a customer or carrier picker is given where it is used (a form, a cell editor). */
export type PartyFieldProps = {
  value: PartyRef | null;
  onChange: (value: PartyRef | null) => void;
  /** The feature's own label ('Klient', 'Przewoźnik') when absent. */
  label?: string;
  error?: ReactNode;
  disabled?: boolean;
  /** The record must be chosen (a query's or an order's customer): the label shows its '*'. */
  required?: boolean;
};

export type PartyPickerProps = Omit<PartyFieldProps, 'label'> & {
  label: string;
  /** The server search (`search=…&partial=true`); `term` is null while nothing should be asked. */
  useSearch: (term: string | null) => { data: PartyRef[] | undefined; isFetching: boolean };
  addLabel: string;
  editLabel: string;
  renderModal: (state: PartyPickerModalState) => ReactNode;
  /** Beside a record's name in the options and under the chosen one (the customers' 'Dłużnik'). */
  badge?: (party: PartyRef, where: 'option' | 'chosen') => ReactNode;
};

/**
 * A searchable select that asks the server as one types (from 3 characters, after a 300 ms pause),
 * with buttons beside it to add a new record (which becomes the value) or edit the chosen one.
 */
export function PartyPicker({
  value,
  onChange,
  label,
  error,
  useSearch,
  addLabel,
  editLabel,
  renderModal,
  disabled,
  badge,
  required,
}: PartyPickerProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, PICKER_DEBOUNCE_MS);
  const [modal, setModal] = useState<{ opened: boolean; uuid: string | null }>({ opened: false, uuid: null });
  const selectedLabel = value ? partyOptionLabel(value) : null;
  const term = pickerSearchTerm(debounced, selectedLabel);
  const results = useSearch(term);

  // The chosen record stays among the options, so the input can show it whatever the search found.
  const byUuid = useMemo(() => {
    const map = new Map<string, PartyRef>();
    if (value) map.set(value.uuid, value);
    for (const party of term ? (results.data ?? []) : []) map.set(party.uuid, toPartyRef(party));
    return map;
  }, [value, term, results.data]);
  const data = useMemo(
    () => [...byUuid.values()].map((party) => ({ value: party.uuid, label: partyOptionLabel(party) })),
    [byUuid],
  );

  const typed = search.trim().length;
  const nothingFound =
    search !== selectedLabel && typed < PICKER_MIN_SEARCH_LENGTH
      ? t.pickerMinLength(PICKER_MIN_SEARCH_LENGTH)
      : results.isFetching || debounced !== search
        ? t.pickerLoading
        : t.pickerNothingFound;

  const closeModal = useCallback(() => setModal((m) => ({ ...m, opened: false })), []);
  const handleSaved = useCallback((party: PartyRef) => onChange(toPartyRef(party)), [onChange]);

  return (
    <>
      <Input.Wrapper
        label={label}
        error={error}
        required={required}
        labelProps={{ htmlFor: id }}
        description={value && badge ? badge(value, 'chosen') : undefined}
        descriptionProps={{ component: 'div' }}
      >
        <Group gap="xs" wrap="nowrap">
          <SearchableSelect
            id={id}
            required={required}
            style={{ flex: 1 }}
            error={!!error}
            data={data}
            value={value?.uuid ?? null}
            onChange={(uuid) => onChange(uuid ? (byUuid.get(uuid) ?? null) : null)}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            // The server has filtered already; Mantine must not filter the options again.
            filter={({ options }) => options}
            clearable
            disabled={disabled}
            nothingFoundMessage={nothingFound}
            renderOption={({ option }) => {
              const party = byUuid.get(option.value);
              if (!party) return option.label;
              return (
                <Stack gap={0}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {party.companyName || party.name}
                    </Text>
                    {badge?.(party, 'option')}
                  </Group>
                  {party.companyName && party.name && (
                    <Text size="xs" c="dimmed">
                      {party.name}
                    </Text>
                  )}
                  {party.nip && (
                    <Text size="xs" c="dimmed">
                      {t.nipLabel(party.nip)}
                    </Text>
                  )}
                </Stack>
              );
            }}
            comboboxProps={{ withinPortal: true }}
          />
          <Tooltip label={addLabel}>
            <ActionIcon
              variant="light"
              size="lg"
              aria-label={addLabel}
              disabled={disabled}
              onClick={() => setModal({ opened: true, uuid: null })}
            >
              <IconPlus />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={editLabel}>
            <ActionIcon
              variant="light"
              size="lg"
              aria-label={editLabel}
              disabled={disabled || !value}
              onClick={() => value && setModal({ opened: true, uuid: value.uuid })}
            >
              <IconEdit />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Input.Wrapper>
      {renderModal({ opened: modal.opened, uuid: modal.uuid, onClose: closeModal, onSaved: handleSaved })}
    </>
  );
}
