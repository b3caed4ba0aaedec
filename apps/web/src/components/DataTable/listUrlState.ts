import type { FilterDef, FilterValues } from '../FilterRow/types.ts';
import type { SortState } from './types.ts';

/**
 * A list's filters, sort and page, as they live in the address (`?f={…}&sort=loadingDate:desc&page=3`), so that going
 * to another page and back, or reloading, shows the same list. Pure helpers; the hook is in useListState.ts.
 */

export type ListUrlState = { filters: FilterValues; sort: SortState; page: number };

export const LIST_PARAMS = { filters: 'f', sort: 'sort', page: 'page' } as const;

/** Only the filters that differ from their defaults travel (a clean address for the usual list). */
function changedFilters(defs: readonly FilterDef[], values: FilterValues, defaults: FilterValues): FilterValues {
  const out: FilterValues = {};
  for (const def of defs) {
    const value = values[def.name];
    if (JSON.stringify(value) !== JSON.stringify(defaults[def.name])) out[def.name] = value;
  }
  return out;
}

export function readListState(
  search: URLSearchParams,
  defs: readonly FilterDef[],
  defaults: FilterValues,
): ListUrlState {
  let filters: FilterValues = { ...defaults };
  const raw = search.get(LIST_PARAMS.filters);
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        // Only filters this list knows: an old or hand-made address cannot inject anything else.
        for (const def of defs) {
          if (def.name in parsed) filters[def.name] = (parsed as Record<string, unknown>)[def.name];
        }
      }
    } catch {
      filters = { ...defaults };
    }
  }
  const sortMatch = /^([\w.]+):(asc|desc)$/.exec(search.get(LIST_PARAMS.sort) ?? '');
  const sort: SortState = sortMatch ? { key: sortMatch[1] as string, direction: sortMatch[2] as 'asc' | 'desc' } : null;
  const pageNumber = Number(search.get(LIST_PARAMS.page));
  const page = Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1;
  return { filters, sort, page };
}

/** The address of a list state, keeping the other parameters of the page as they are. */
export function writeListState(
  search: URLSearchParams,
  state: ListUrlState,
  defs: readonly FilterDef[],
  defaults: FilterValues,
): URLSearchParams {
  const next = new URLSearchParams(search);
  const changed = changedFilters(defs, state.filters, defaults);
  if (Object.keys(changed).length > 0) next.set(LIST_PARAMS.filters, JSON.stringify(changed));
  else next.delete(LIST_PARAMS.filters);
  if (state.sort) next.set(LIST_PARAMS.sort, `${state.sort.key}:${state.sort.direction}`);
  else next.delete(LIST_PARAMS.sort);
  if (state.page > 1) next.set(LIST_PARAMS.page, String(state.page));
  else next.delete(LIST_PARAMS.page);
  return next;
}
