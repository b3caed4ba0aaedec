import { DEBOUNCE_MS } from '@spedycja/domain';
import { COUNTRY_SELECT_DATA } from '../../../components/CountrySelect.tsx';
import { FilterRow } from '../../../components/FilterRow/FilterRow.tsx';
import type { ApiParams, FilterDef } from '../../../components/FilterRow/types.ts';
import { publicMessages as t } from '../messages.ts';

const filters: FilterDef[] = [
  {
    kind: 'select',
    name: 'loadingCountry',
    label: t.filters.loadingCountry,
    options: COUNTRY_SELECT_DATA,
    searchable: true,
    width: 200,
  },
  {
    kind: 'select',
    name: 'unloadingCountry',
    label: t.filters.unloadingCountry,
    options: COUNTRY_SELECT_DATA,
    searchable: true,
    width: 200,
  },
  { kind: 'dateRange', name: 'loadingDate', label: t.filters.loadingDate },
];

/** The public page's filters: loading and unloading country, loading dates. */
export function PublicFilters({ onApply }: { onApply: (params: ApiParams) => void }) {
  return <FilterRow filters={filters} onApply={onApply} debounceMs={DEBOUNCE_MS.queryFilters} />;
}
