import type { HydraCollection } from '@spedycja/domain';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { QueryParams } from '../../lib/apiClient.ts';
import type { FilterDef } from '../FilterRow/types.ts';
import { sortToParams } from './paging.ts';
import { useListState } from './useListState.ts';

/**
 * The state of a paged table with filters, a record modal and deletion: what the users, customers and carriers
 * pages share. Filters, sort and page live in the address (useListState); a new filter or sort goes back to page 1;
 * deleting the last row of a page steps back a page.
 */
export function usePagedList<R extends { uuid: string }>({
  pageSize,
  filters,
  useList,
  useDelete,
}: {
  pageSize: number;
  filters: readonly FilterDef[];
  useList: (params: QueryParams) => UseQueryResult<HydraCollection<R>>;
  useDelete: () => UseMutationResult<unknown, Error, string>;
}) {
  const { filterValues, filterParams, sort, page, setFilters, setSort, setPage } = useListState(filters);
  const [modal, setModal] = useState<{ opened: boolean; uuid: string | null }>({ opened: false, uuid: null });
  const [toDelete, setToDelete] = useState<R | null>(null);
  const remove = useDelete();

  const params = useMemo(
    () => ({ page, itemsPerPage: pageSize, ...sortToParams(sort), ...filterParams }),
    [page, pageSize, sort, filterParams],
  );
  const list = useList(params);
  const rows = list.data?.['hydra:member'] ?? [];

  const closeModal = useCallback(() => setModal((m) => ({ ...m, opened: false })), []);

  const handleDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.uuid);
      // The last row of a page gone: step back rather than show an empty page.
      if (rows.length === 1 && page > 1) setPage(page - 1);
    } finally {
      setToDelete(null);
    }
  };

  return {
    params,
    page,
    setPage,
    sort,
    filterValues,
    list,
    rows,
    modal,
    setModal,
    closeModal,
    toDelete,
    setToDelete,
    handleFilters: setFilters,
    handleSort: setSort,
    handleDelete,
  };
}
