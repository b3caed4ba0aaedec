import { componentMessages } from '../messages.ts';
import type { ComponentTexts } from '../texts.tsx';
import type { SortState } from './types.ts';

/** Pure helpers of the data table, unit-tested on their own. */

/** The page buttons to show: a window of `visible` pages around `current`, kept inside 1..total. */
export function pageWindow(current: number, total: number, visible = 5): number[] {
  const last = Math.max(1, total);
  const size = Math.min(Math.max(1, visible), last);
  const page = Math.min(Math.max(1, current), last);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), last - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** A click on a sortable header: ascending, then descending, then back to the default order. */
export function nextSort(current: SortState, key: string): SortState {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  if (current.direction === 'asc') return { key, direction: 'desc' };
  return null;
}

/** {key: 'name', direction: 'asc'} -> {'order[name]': 'asc'} */
export function sortToParams(sort: SortState): Record<string, string> {
  return sort ? { [`order[${sort.key}]`]: sort.direction } : {};
}

/** Infinite scroll: whether the rendered rows reach close enough to the end to fetch the next page. */
export function shouldLoadMore(input: {
  lastRenderedIndex: number;
  rowCount: number;
  threshold: number;
  hasMore: boolean;
  loadingMore: boolean;
}): boolean {
  if (!input.hasMore || input.loadingMore) return false;
  if (input.rowCount === 0) return true;
  return input.lastRenderedIndex >= input.rowCount - 1 - input.threshold;
}

/**
 * 'Pozycje 16–30 z 42'; a total counted only up to its cap (the API's `totalItemsCapped`, `hydra:totalItems` one past
 * the cap): 'z ponad 10 000', or 'z ponad 1 000' for a text filter's (apps/api/src/http/listing.ts).
 */
export function rangeLabel(
  page: number,
  pageSize: number,
  totalItems: number,
  capped = false,
  texts: Pick<ComponentTexts, 'noRows' | 'rowsRange' | 'moreThan'> = componentMessages,
): string {
  if (totalItems === 0) return texts.noRows;
  const from = (page - 1) * pageSize + 1;
  if (capped) return texts.rowsRange(from, page * pageSize, texts.moreThan(cappedTotalLabel(totalItems)));
  const to = Math.min(totalItems, page * pageSize);
  return texts.rowsRange(from, to, String(totalItems));
}

/** The cap a capped total was counted up to, grouped as Polish writes it ('10 000', '1 000'): one less than the total. */
export function cappedTotalLabel(totalItems: number): string {
  return String(Math.max(0, totalItems - 1)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}
