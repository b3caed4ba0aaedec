import type { HydraCollection } from '@spedycja/domain';

/** Page arithmetic over Hydra collections, shared by the numeric and the infinite tables. */

export function pageCount(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / Math.max(1, pageSize)));
}

/** For useInfiniteQuery's getNextPageParam: the next 1-based page, or undefined after the last. */
export function nextPageParam<T>(
  lastPage: HydraCollection<T>,
  allPages: readonly HydraCollection<T>[],
  pageSize: number,
): number | undefined {
  const loaded = allPages.reduce((sum, page) => sum + page['hydra:member'].length, 0);
  if (lastPage['hydra:member'].length < pageSize) return undefined;
  return loaded < lastPage['hydra:totalItems'] ? allPages.length + 1 : undefined;
}
