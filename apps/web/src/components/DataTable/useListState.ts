import { useCallback, useContext, useMemo } from 'react';
import { UNSAFE_DataRouterContext as DataRouterContext, useSearchParams } from 'react-router';
import { defaultFilterValues, filtersToParams } from '../FilterRow/filterParams.ts';
import type { ApiParams, FilterDef, FilterValues } from '../FilterRow/types.ts';
import { readListState, writeListState } from './listUrlState.ts';
import type { SortState } from './types.ts';

/**
 * A list's filters, sort and page kept in the address: going to another screen and back, or reloading, shows the same
 * list. A new filter or sort goes back to page 1. The address is replaced, not pushed: Back leaves the screen.
 *
 * A change that comes while the dispatcher is already going to another screen (a filter's debounce firing while the
 * next page still loads) is dropped: written to the address, it would be a navigation of its own, and the router would
 * give up the dispatcher's click for it and stay on the list.
 */
export function useListState(defs: readonly FilterDef[]) {
  const [search, setSearch] = useSearchParams();
  // The router's own state, read when a change comes (a render may not have seen the navigation start yet); null under
  // a router without data APIs (component tests), which has no pending navigations.
  const dataRouter = useContext(DataRouterContext)?.router;
  const defaults = useMemo(() => defaultFilterValues(defs), [defs]);
  const state = useMemo(() => readListState(search, defs, defaults), [search, defs, defaults]);
  const filterParams: ApiParams = useMemo(() => filtersToParams(defs, state.filters), [defs, state.filters]);

  const update = useCallback(
    (patch: Partial<typeof state>) => {
      const pending = dataRouter?.state.navigation;
      if (pending?.location && pending.location.pathname !== dataRouter?.state.location.pathname) return;
      setSearch(
        (current) => writeListState(current, { ...readListState(current, defs, defaults), ...patch }, defs, defaults),
        { replace: true },
      );
    },
    [setSearch, defs, defaults, dataRouter],
  );

  return {
    /** The filter row's starting values (from the address). */
    filterValues: state.filters,
    filterParams,
    sort: state.sort,
    page: state.page,
    setFilters: useCallback(
      (_params: ApiParams, values: FilterValues) => update({ filters: values, page: 1 }),
      [update],
    ),
    setSort: useCallback((sort: SortState) => update({ sort, page: 1 }), [update]),
    setPage: useCallback((page: number) => update({ page }), [update]),
  };
}
