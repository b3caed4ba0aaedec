import { useDebouncedValue } from '@mantine/hooks';
import { formatMoney, PICKER_MIN_SEARCH_LENGTH } from '@spedycja/domain';
import { useMemo, useState } from 'react';
import { PICKER_DEBOUNCE_MS, pickerSearchTerm } from '../../components/parties/PartyPicker.tsx';
import { SearchableSelect } from '../../components/SearchableSelect.tsx';
import { useOpenInvoiceSearch } from './api.ts';
import { statementsUiMessages as t } from './messages.ts';

/** An invoice as the picker shows it: the line's match, or a search's result. */
export type OpenInvoiceOption = {
  uuid: string;
  number: string;
  customerName: string;
  dueAmount: number;
  currency: string;
};

export const openInvoiceLabel = (i: OpenInvoiceOption) =>
  `${i.number} — ${i.customerName} (${formatMoney(i.dueAmount, i.currency)})`;

/**
 * A statement line's invoice: the server searched as one types (the number from its start, or the buyer's name or
 * NIP; from 3 characters, after a pause), a page of open VAT invoices at a time — never the whole list.
 */
export function OpenInvoicePicker({
  label,
  value,
  initial,
  onChange,
  placeholder,
  useSearch = useOpenInvoiceSearch,
  minLengthText = t.pickerMinLength,
  nothingFoundText = t.pickerNothingFound,
}: {
  label: string;
  value: string | null;
  /** The line's match found at import, shown before anything is searched. */
  initial: OpenInvoiceOption | null;
  onChange: (uuid: string | null) => void;
  placeholder?: string;
  /** What is searched: our open invoices (a credit's), or the carriers' open invoices (a debit's, issue 38). */
  useSearch?: (term: string | null) => {
    data?: { 'hydra:member': OpenInvoiceOption[]; 'hydra:totalItems': number };
    isFetching: boolean;
  };
  minLengthText?: (n: number) => string;
  nothingFoundText?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, PICKER_DEBOUNCE_MS);
  // The chosen invoice stays among the options (its label shown) whatever the search finds next.
  const [chosen, setChosen] = useState<OpenInvoiceOption | null>(initial);
  const selectedLabel = chosen && chosen.uuid === value ? openInvoiceLabel(chosen) : null;
  const term = pickerSearchTerm(debounced, selectedLabel);
  const results = useSearch(term);

  const byUuid = useMemo(() => {
    const map = new Map<string, OpenInvoiceOption>();
    if (chosen) map.set(chosen.uuid, chosen);
    if (initial) map.set(initial.uuid, initial);
    for (const i of term ? (results.data?.['hydra:member'] ?? []) : []) {
      map.set(i.uuid, {
        uuid: i.uuid,
        number: i.number,
        customerName: i.customerName,
        dueAmount: i.dueAmount,
        currency: i.currency,
      });
    }
    return map;
  }, [chosen, initial, term, results.data]);
  const data = useMemo(
    () => [...byUuid.values()].map((i) => ({ value: i.uuid, label: openInvoiceLabel(i) })),
    [byUuid],
  );
  const total = results.data?.['hydra:totalItems'] ?? 0;
  const shown = results.data?.['hydra:member']?.length ?? 0;

  const nothingFound =
    search !== selectedLabel && search.trim().length < PICKER_MIN_SEARCH_LENGTH
      ? minLengthText(PICKER_MIN_SEARCH_LENGTH)
      : results.isFetching || debounced !== search
        ? t.pickerLoading
        : nothingFoundText;

  return (
    <SearchableSelect
      aria-label={label}
      data={data}
      value={value}
      onChange={(uuid) => {
        const picked = uuid ? (byUuid.get(uuid) ?? null) : null;
        setChosen(picked);
        onChange(uuid);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already.
      filter={({ options }) => options}
      clearable
      nothingFoundMessage={nothingFound}
      description={term && total > shown ? t.pickerMore(shown, total) : undefined}
      placeholder={placeholder}
      comboboxProps={{ withinPortal: true }}
      w={280}
    />
  );
}
