import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import type { PublicQuery } from '@spedycja/domain';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { ApiParams } from '../../../components/FilterRow/types.ts';
import { IconChevronLeft, IconChevronRight } from '../../../components/icons.tsx';
import { hasNextPage, hasPreviousPage, usePublicQueries } from '../api/getPublicQueries.ts';
import { publicMessages as t } from '../messages.ts';
import { PublicQueryCard } from './PublicQueryCard.tsx';

// The offer form (and its validation) is not part of the list's first load: it is fetched when a carrier's pointer or
// keyboard reaches the list, so that it is there by the time they click.
const loadPlaceOfferModal = () => import('./PlaceOfferModal.tsx');
const prefetchPlaceOfferModal = () => void loadPlaceOfferModal();
const PlaceOfferModal = lazy(() => loadPlaceOfferModal().then((m) => ({ default: m.PlaceOfferModal })));
// The filters (country pickers, date pickers) follow once the first queries show: on a slow link the list comes first.
const PublicFilters = lazy(() => import('./PublicFilters.tsx').then((m) => ({ default: m.PublicFilters })));
/** The filter row's height, kept while it loads so that the list does not jump. */
const FILTERS_HEIGHT = 55;

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
      {queries.isPending ? (
        <Box mih={FILTERS_HEIGHT} />
      ) : (
        <Suspense fallback={<Box mih={FILTERS_HEIGHT} />}>
          <PublicFilters onApply={handleFilters} />
        </Suspense>
      )}
      <Stack
        gap="sm"
        aria-label={t.listLabel}
        aria-busy={queries.isFetching || undefined}
        component="section"
        onPointerOver={prefetchPlaceOfferModal}
        onFocus={prefetchPlaceOfferModal}
      >
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
      {selected && (
        <Suspense fallback={null}>
          <PlaceOfferModal key={selected.uuid} query={selected} onClose={closeModal} />
        </Suspense>
      )}
    </Stack>
  );
}
