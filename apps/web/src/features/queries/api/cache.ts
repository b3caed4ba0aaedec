import type { HydraCollection, Query } from '@spedycja/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from './keys.ts';

/**
 * After a change to one query, the loaded lists are corrected in place and only marked stale:
 * refetching an infinite list re-reads every page it holds, which after a long scroll is many.
 */

type Lists = InfiniteData<HydraCollection<Query>, number>;

function mapLists(queryClient: QueryClient, change: (rows: Query[]) => Query[]) {
  queryClient.setQueriesData<Lists>({ queryKey: queryKeys.lists }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, 'hydra:member': change(page['hydra:member']) })) }
      : data,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.lists, refetchType: 'none' });
}

export function patchQueryInLists(queryClient: QueryClient, query: Query) {
  mapLists(queryClient, (rows) => rows.map((row) => (row.uuid === query.uuid ? query : row)));
  queryClient.setQueryData(queryKeys.detail(query.uuid), query);
}

export function removeQueryFromLists(queryClient: QueryClient, uuid: string) {
  mapLists(queryClient, (rows) => rows.filter((row) => row.uuid !== uuid));
}
