import { Group, Pagination, Text } from '@mantine/core';
import { VISIBLE_PAGE_BUTTONS } from '@spedycja/domain';
import { pageCount } from '../../lib/hydra.ts';
import { useComponentTexts } from '../texts.tsx';
import { pageWindow, rangeLabel } from './paging.ts';

export type TablePagerProps = {
  page: number;
  pageSize: number;
  totalItems: number;
  /** The total is a lower bound (more than 10,000 rows match). */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  visiblePages?: number;
  disabled?: boolean;
};

/** First/previous, a sliding window of page buttons, next/last, and which rows are shown. */
export function TablePager({
  page,
  pageSize,
  totalItems,
  totalCapped = false,
  onPageChange,
  visiblePages = VISIBLE_PAGE_BUTTONS,
  disabled,
}: TablePagerProps) {
  const t = useComponentTexts();
  const total = pageCount(totalItems, pageSize);
  const pages = pageWindow(page, total, visiblePages);
  return (
    <Group justify="space-between" mt="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {rangeLabel(page, pageSize, totalItems, totalCapped, t)}
      </Text>
      <Pagination.Root total={total} value={page} onChange={onPageChange} disabled={disabled} size="sm">
        <Group gap={4} component="nav" aria-label={t.pagination}>
          <Pagination.First aria-label={t.firstPage} />
          <Pagination.Previous aria-label={t.previousPage} />
          {pages.map((n) => (
            <Pagination.Control
              key={n}
              active={n === page}
              onClick={() => onPageChange(n)}
              aria-label={t.page(n)}
              aria-current={n === page ? 'page' : undefined}
            >
              {n}
            </Pagination.Control>
          ))}
          <Pagination.Next aria-label={t.nextPage} />
          <Pagination.Last aria-label={t.lastPage} />
        </Group>
      </Pagination.Root>
    </Group>
  );
}
