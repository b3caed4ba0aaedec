import type { HydraCollection } from '@spedycja/domain';

/** Page arithmetic over Hydra collections, shared by the numeric and the infinite tables. */

export function pageCount(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / Math.max(1, pageSize)));
}

/**
 * For useInfiniteQuery's getNextPageParam: the next 1-based page, or undefined after the last.
 * Pages after the first may be partial (`partial=true`, no `hydra:totalItems`): the first page's
 * total counts then, and without any total a full page means there may be more.
 */
export function nextPageParam<T>(
  lastPage: HydraCollection<T>,
  allPages: readonly HydraCollection<T>[],
  pageSize: number,
): number | undefined {
  if (lastPage['hydra:member'].length < pageSize) return undefined;
  const total = lastPage['hydra:totalItems'] ?? allPages[0]?.['hydra:totalItems'];
  // A capped total (more than 10,000 match) is a lower bound: a full page means there may be more.
  if (typeof total !== 'number' || allPages[0]?.totalItemsCapped) return allPages.length + 1;
  const loaded = allPages.reduce((sum, page) => sum + page['hydra:member'].length, 0);
  return loaded < total ? allPages.length + 1 : undefined;
}

/** A paged table's total: `<DataTable mode="pages" {...listTotal(list.data)} …>` (a capped total reads 'ponad 10 000'). */
export function listTotal<T>(collection: HydraCollection<T> | undefined): { totalItems: number; totalCapped: boolean } {
  return { totalItems: collection?.['hydra:totalItems'] ?? 0, totalCapped: collection?.totalItemsCapped === true };
}
