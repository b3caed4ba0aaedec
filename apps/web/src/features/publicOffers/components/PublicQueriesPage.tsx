import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { DEBOUNCE_MS, type PublicQuery } from '@spedycja/domain';
import { useCallback, useMemo, useState } from 'react';
import { COUNTRY_SELECT_DATA } from '../../../components/CountrySelect.tsx';
import { FilterRow } from '../../../components/FilterRow/FilterRow.tsx';
import type { ApiParams, FilterDef } from '../../../components/FilterRow/types.ts';
import { IconChevronLeft, IconChevronRight } from '../../../components/icons.tsx';
import { hasNextPage, hasPreviousPage, usePublicQueries } from '../api/getPublicQueries.ts';
import { publicMessages as t } from '../messages.ts';
import { PlaceOfferModal } from './PlaceOfferModal.tsx';
import { PublicQueryCard } from './PublicQueryCard.tsx';

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

/** '/': open queries for carriers, without logging in; no customers, prices or notes ever reach it. */
export function PublicQueriesPage() {
  const [filterParams, setFilterParams] = useState<ApiParams>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<PublicQuery | null>(null);
  const params = useMemo(() => ({ ...filterParams, page }), [filterParams, page]);
  const queries = usePublicQueries(params);
  const rows = queries.data?.['hydra:member'] ?? [];

  const handleFilters = useCallback((next: ApiParams) => {
    setFilterParams(next);
    setPage(1);
  }, []);
  const closeModal = useCallback(() => setSelected(null), []);

  return (
    <Stack gap="md">
      <FilterRow filters={filters} onApply={handleFilters} debounceMs={DEBOUNCE_MS.queryFilters} />
      <Stack gap="sm" aria-label={t.listLabel} aria-busy={queries.isFetching || undefined} component="section">
        {queries.isError ? (
          <Alert color="red">{t.loadError}</Alert>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" role="status">
            {queries.isPending ? t.loading : t.empty}
          </Text>
        ) : (
          rows.map((q) => <PublicQueryCard key={q.uuid} query={q} onPlaceOffer={setSelected} />)
        )}
      </Stack>
      <Group justify="center" gap="sm" component="nav" aria-label={t.paging}>
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} />}
          disabled={!hasPreviousPage(queries.data) || queries.isFetching}
          onClick={() => setPage((p) => Math.max(1, p - 1))}
        >
          {t.previous}
        </Button>
        <Text size="sm" c="dimmed">
          {t.page(page)}
        </Text>
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} />}
          disabled={!hasNextPage(queries.data) || queries.isFetching}
          onClick={() => setPage((p) => p + 1)}
        >
          {t.next}
        </Button>
      </Group>
      <PlaceOfferModal key={selected?.uuid ?? 'none'} query={selected} onClose={closeModal} />
    </Stack>
  );
}
