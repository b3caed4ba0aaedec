import { Box, Stack } from '@mantine/core';
import { DEBOUNCE_MS, type Query, routeLabel } from '@spedycja/domain';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { sortToParams } from '../../../components/DataTable/paging.ts';
import { useListState } from '../../../components/DataTable/useListState.ts';
import { FilterRow } from '../../../components/FilterRow/FilterRow.tsx';
import { ListPageHeader } from '../../../components/ListPageHeader.tsx';
import { ReasonPrompt } from '../../../components/ReasonPrompt.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { OffersModal } from '../../offers/index.ts';
import { useUserOptions } from '../../users/index.ts';
import { useInfiniteQueries } from '../api/getQueries.ts';
import { useRefreshQuery } from '../api/refreshQuery.ts';
import { useRemoveQuery } from '../api/removeQuery.ts';
import { useRestoreQuery } from '../api/restoreQuery.ts';
import { useUpdateQuery } from '../api/updateQuery.ts';
import { queriesMessages as t } from '../messages.ts';
import { queryClipboardText } from '../queryText.ts';
import { QueryModal } from './QueryModal.tsx';
import { QueryRowActions, type QueryRowExtraActions, RestoreAction } from './QueryRowActions.tsx';
import { queryColumns } from './queryColumns.tsx';
import { queryFilterDefs } from './queryFilters.tsx';

export type QueriesPageProps = {
  /** The admin view of deleted queries: `deletionReason[gt]=0`, restore instead of the other actions. */
  deleted?: boolean;
  /** Row actions of later features ('Zamień w zlecenie', 'Zadania'). */
  extraRowActions?: QueryRowExtraActions;
};

/** Puts the query's text on the clipboard; a failure is only logged (SPEC §8). */
async function copyQuery(query: Query) {
  try {
    await navigator.clipboard.writeText(queryClipboardText(query));
    notifySuccess(t.copied);
  } catch (error) {
    console.error('Clipboard write failed', error);
  }
}

const rowProps = (q: Query) => ({ 'aria-label': t.rowLabel(q.id) });
const rowKey = (q: Query) => q.uuid;

/** /queries and /admin/deleted/queries: filters, an infinite virtualised table, inline editing, modals. */
export function QueriesPage({ deleted = false, extraRowActions }: QueriesPageProps) {
  const filters = useMemo(() => queryFilterDefs(deleted), [deleted]);
  // Infinite scroll has no page: the filters and the sort live in the address.
  const { filterValues, filterParams, sort, setFilters, setSort } = useListState(filters);
  const [modal, setModal] = useState<{ opened: boolean; uuid: string | null }>({ opened: false, uuid: null });
  const [offersFor, setOffersFor] = useState<Query | null>(null);
  const [toDelete, setToDelete] = useState<Query | null>(null);

  const params = useMemo(
    () => ({ ...filterParams, ...sortToParams(sort), ...(deleted ? { 'deletionReason[gt]': 0 } : {}) }),
    [filterParams, sort, deleted],
  );
  const list = useInfiniteQueries(params);
  // Pages are by offset: a query added while scrolling shifts the next page by one, so a row may come twice.
  const rows = useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages.flatMap((page) => page['hydra:member']) ?? []).filter((row) => {
      if (seen.has(row.uuid)) return false;
      seen.add(row.uuid);
      return true;
    });
  }, [list.data]);
  const total = list.data?.pages[0]?.['hydra:totalItems'];

  const owners = useUserOptions(!deleted);
  const { user } = useAuth();
  const updateQuery = useUpdateQuery();
  const removeQuery = useRemoveQuery();
  const restoreQuery = useRestoreQuery();
  const refreshQuery = useRefreshQuery();

  const { fetchNextPage } = list;
  const handleLoadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const closeModal = useCallback(() => setModal((m) => ({ ...m, opened: false })), []);
  const closeOffers = useCallback(() => setOffersFor(null), []);

  const handleSave = useCallback(
    (query: Query, patch: Record<string, unknown>) => updateQuery.mutateAsync({ uuid: query.uuid, payload: patch }),
    [updateQuery.mutateAsync],
  );

  const handleDelete = async (reason: number) => {
    if (!toDelete) return;
    await removeQuery.mutateAsync({ uuid: toDelete.uuid, reason });
    setToDelete(null);
  };

  const columns = useMemo(
    () =>
      queryColumns({
        deleted,
        onSave: handleSave,
        onOpenOffers: setOffersFor,
        ownerOptions: owners.data ?? [],
        renderActions: (q) =>
          deleted ? (
            <RestoreAction query={q} onRestore={(query) => restoreQuery.mutate(query.uuid)} />
          ) : (
            <QueryRowActions
              query={q}
              onCopy={copyQuery}
              onEdit={(query) => setModal({ opened: true, uuid: query.uuid })}
              onDelete={setToDelete}
              extra={extraRowActions}
            />
          ),
      }),
    [deleted, handleSave, owners.data, restoreQuery.mutate, extraRowActions],
  );

  return (
    <Stack gap="sm" h="calc(100dvh - 2 * var(--mantine-spacing-md))">
      <ListPageHeader
        title={deleted ? t.deletedTitle : t.title}
        found={total === undefined ? undefined : t.found(total)}
        addLabel={t.add}
        onAdd={deleted ? undefined : () => setModal({ opened: true, uuid: null })}
      />
      <FilterRow
        filters={filters}
        onApply={setFilters}
        initialValues={filterValues}
        debounceMs={DEBOUNCE_MS.queryFilters}
        collapseKey="queries"
      />
      <Box style={{ flex: 1, minHeight: 320 }}>
        <DataTable
          mode="infinite"
          label={deleted ? t.deletedTableLabel : t.tableLabel}
          exportable={{ path: '/queries', params }}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          rowProps={rowProps}
          loading={list.isFetching && !list.isFetchingNextPage}
          sort={sort}
          onSortChange={setSort}
          columnChooser={{
            storageKey: `queries:${user?.uuid ?? ''}`,
            defaultHidden: [],
          }}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={handleLoadMore}
          height="100%"
          estimateRowHeight={58}
        />
      </Box>
      {!deleted && (
        <>
          <QueryModal opened={modal.opened} queryUuid={modal.uuid} onClose={closeModal} />
          <OffersModal
            opened={offersFor !== null}
            onClose={closeOffers}
            queryIri={offersFor?.['@id'] ?? null}
            queryUuid={offersFor?.uuid ?? null}
            route={offersFor ? routeLabel(offersFor) : ''}
            onChanged={refreshQuery}
          />
          <ReasonPrompt
            opened={toDelete !== null}
            title={t.deletePrompt}
            onConfirm={handleDelete}
            onCancel={() => setToDelete(null)}
          />
        </>
      )}
    </Stack>
  );
}
