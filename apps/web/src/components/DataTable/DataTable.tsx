import { Box, Table, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { DEBOUNCE_MS } from '@spedycja/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, type ReactNode, useCallback, useEffect, useRef } from 'react';
import { IconSortAsc, IconSortDesc, IconSortNone } from '../icons.tsx';
import { type ComponentTexts, useComponentTexts } from '../texts.tsx';
import { isPinned, useVisibleColumns } from './ColumnChooser.tsx';
import { nextSort, shouldLoadMore } from './paging.ts';
import { RowActionsToolbar } from './RowActionsToolbar.tsx';
import { TablePager } from './TablePager.tsx';
import { TableToolbar } from './TableToolbar.tsx';
import type { ColumnDef, DataTableBaseProps, DataTableProps, InfiniteTableProps, SortState } from './types.ts';

/**
 * The one table of the app, on Mantine's Table. A feature gives column definitions and rows;
 * the table shows loading and empty states, sortable headers and either numeric pages or
 * infinite scroll with virtualised rows.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  return props.mode === 'infinite' ? <InfiniteDataTable {...props} /> : <PagedDataTable {...props} />;
}

/** Dense enough that the usual columns of orders and queries fit a 1366 px laptop beside the drawer. */
const TABLE_FONT_SIZE = 13;
/** 4 px a side: with every column of SPEC §2 at 1920 px, each pixel counts twenty times. */
const TABLE_SPACING = 4;
/** Two-line rows (a place and its postal code) 52 px high: 8 of them fit a 1366×768 laptop under the filters. */
const TABLE_ROW_SPACING = 6;
/** Headers smaller than the values: two-word headers wrap, and their longest word sets a column's least width. */
const HEADER_FONT_SIZE = 11;

const SORT_ICON_STYLE: CSSProperties = { verticalAlign: '-2px' };

/** A pinned column's cells stay at the right edge, over the columns scrolling beneath them. */
const pinnedStyle = (header: boolean): CSSProperties => ({
  position: 'sticky',
  right: 0,
  zIndex: header ? 3 : 1,
  background: 'var(--mantine-color-body)',
  boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.25)',
});

function HeaderCell<T>({
  column,
  sort,
  onSortChange,
}: {
  column: ColumnDef<T>;
  sort: SortState | undefined;
  onSortChange: ((sort: SortState) => void) | undefined;
}) {
  const sortKey = column.sortKey;
  const direction = sortKey && sort?.key === sortKey ? sort.direction : null;
  const ariaSort = sortKey
    ? direction === 'asc'
      ? 'ascending'
      : direction === 'desc'
        ? 'descending'
        : 'none'
    : undefined;
  return (
    <Table.Th
      style={{
        width: column.width,
        textAlign: column.align,
        fontSize: HEADER_FONT_SIZE,
        // Two-word headers ('Miejsce załadunku') may wrap: the column is as wide as its values, not its name.
        ...(isPinned(column) ? pinnedStyle(true) : {}),
      }}
      aria-sort={ariaSort}
      scope="col"
    >
      {sortKey && onSortChange ? (
        <UnstyledButton
          onClick={() => onSortChange(nextSort(sort ?? null, sortKey))}
          style={{ fontWeight: 'inherit', fontSize: 'inherit' }}
        >
          {/* The arrow follows the name and may go under it: a header's longest word, not word + arrow, sets
              the column's least width. */}
          {column.header}{' '}
          {direction === 'asc' ? (
            <IconSortAsc size={12} style={SORT_ICON_STYLE} />
          ) : direction === 'desc' ? (
            <IconSortDesc size={12} style={SORT_ICON_STYLE} />
          ) : (
            <IconSortNone size={12} opacity={0.4} style={SORT_ICON_STYLE} />
          )}
        </UnstyledButton>
      ) : (
        column.header
      )}
    </Table.Th>
  );
}

function TableHead<T>({
  columns,
  sort,
  onSortChange,
}: Pick<DataTableBaseProps<T>, 'columns' | 'sort' | 'onSortChange'>) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <HeaderCell key={column.id} column={column} sort={sort} onSortChange={onSortChange} />
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/**
 * A row with one message. `visibleWidth` (the scrolling box's width) keeps the message in view
 * in a table wider than its box: under the visible columns, not in the middle of them all.
 */
function MessageRow({
  colSpan,
  visibleWidth,
  children,
}: {
  colSpan: number;
  visibleWidth?: number;
  children: ReactNode;
}) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text
          c="dimmed"
          ta="center"
          py="md"
          role="status"
          style={visibleWidth ? { position: 'sticky', left: 0, width: Math.max(0, visibleWidth - 32) } : undefined}
        >
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

type DataRowProps<T> = {
  row: T;
  index: number;
  columns: readonly ColumnDef<T>[];
  rowProps: DataTableBaseProps<T>['rowProps'];
  measureRef?: (node: Element | null) => void;
};

function DataRowInner<T>({ row, index, columns, rowProps, measureRef }: DataRowProps<T>) {
  const t = useComponentTexts();
  const extra = rowProps?.(row) ?? {};
  return (
    <Table.Tr ref={measureRef} data-index={index} {...extra}>
      {columns.map((column) => (
        <Table.Td
          key={column.id}
          style={{
            textAlign: column.align,
            whiteSpace: column.nowrap ? 'nowrap' : undefined,
            ...(isPinned(column) ? pinnedStyle(false) : {}),
          }}
        >
          {column.id === 'actions' ? (
            <RowActionsToolbar label={typeof column.header === 'string' ? column.header : t.actions}>
              {column.cell(row, index)}
            </RowActionsToolbar>
          ) : column.minWidth ? (
            <div style={{ minWidth: column.minWidth }}>{column.cell(row, index)}</div>
          ) : (
            column.cell(row, index)
          )}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/**
 * A row renders again only when its row, position or columns change: scrolling an infinite table
 * re-renders the table on every frame, and its visible rows must not all follow.
 */
const DataRow = memo(DataRowInner) as typeof DataRowInner;

/** The state row shown instead of data: loading first, then empty. */
function stateMessage<T>(props: DataTableBaseProps<T>, t: ComponentTexts): string | null {
  if (props.rows.length > 0) return null;
  return props.loading ? (props.loadingText ?? t.loading) : (props.emptyText ?? t.empty);
}

function PagedDataTable<T>(props: Extract<DataTableProps<T>, { mode: 'pages' }>) {
  const t = useComponentTexts();
  const message = stateMessage(props, t);
  const refreshing = props.loading && props.rows.length > 0;
  const boxRef = useRef<HTMLDivElement>(null);
  const {
    visible: columns,
    hiddenSet,
    toggle,
    reset,
  } = useVisibleColumns(props.columns, props.columnChooser, boxRef, props.rows);
  return (
    <Box>
      <TableToolbar {...props} hiddenSet={hiddenSet} onToggleColumn={toggle} onResetColumns={reset} />
      <Table.ScrollContainer minWidth={600} ref={boxRef}>
        <Table
          aria-label={props.label}
          aria-busy={props.loading || undefined}
          striped
          highlightOnHover
          withTableBorder
          verticalSpacing={TABLE_ROW_SPACING}
          horizontalSpacing={TABLE_SPACING}
          fz={TABLE_FONT_SIZE}
          style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          <TableHead columns={columns} sort={props.sort} onSortChange={props.onSortChange} />
          <Table.Tbody>
            {message !== null ? (
              <MessageRow colSpan={columns.length}>{message}</MessageRow>
            ) : (
              props.rows.map((row, index) => (
                <DataRow key={props.rowKey(row)} row={row} index={index} columns={columns} rowProps={props.rowProps} />
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TablePager
        page={props.page}
        pageSize={props.pageSize}
        totalItems={props.totalItems}
        totalCapped={props.totalCapped}
        onPageChange={props.onPageChange}
        visiblePages={props.visiblePages}
        disabled={props.loading}
      />
    </Box>
  );
}

function InfiniteDataTable<T>(props: InfiniteTableProps<T>) {
  const {
    rows,
    hasMore,
    loadingMore,
    onLoadMore,
    height = 'calc(100vh - 260px)',
    estimateRowHeight = 41,
    loadMoreThreshold = 5,
    scrollDebounceMs = DEBOUNCE_MS.scroll,
  } = props;
  const t = useComponentTexts();
  const scrollRef = useRef<HTMLDivElement>(null);
  const {
    visible: columns,
    hiddenSet,
    toggle,
    reset,
  } = useVisibleColumns(props.columns, props.columnChooser, scrollRef, rows);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight,
    overscan: 8,
    // A first guess before the browser measures (and what jsdom keeps).
    initialRect: { width: 1000, height: typeof height === 'number' ? height : 600 },
  });

  const checkNearEnd = useCallback(() => {
    const last = virtualizer.getVirtualItems().at(-1);
    const lastRenderedIndex = last?.index ?? -1;
    if (
      shouldLoadMore({ lastRenderedIndex, rowCount: rows.length, threshold: loadMoreThreshold, hasMore, loadingMore })
    ) {
      onLoadMore();
    }
  }, [virtualizer, rows.length, loadMoreThreshold, hasMore, loadingMore, onLoadMore]);

  const handleScroll = useDebouncedCallback(checkNearEnd, scrollDebounceMs);

  // A page shorter than the viewport cannot be scrolled, so check again whenever rows arrive.
  useEffect(() => {
    if (!props.loading) checkNearEnd();
  }, [checkNearEnd, props.loading]);

  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  const message = stateMessage(props, t);
  const colSpan = columns.length;
  const visibleWidth = virtualizer.scrollRect?.width;

  return (
    <>
      <TableToolbar {...props} hiddenSet={hiddenSet} onToggleColumn={toggle} onResetColumns={reset} />
      <Box ref={scrollRef} onScroll={handleScroll} style={{ height, overflow: 'auto' }} data-testid="infinite-scroll">
        <Table
          aria-label={props.label}
          aria-busy={props.loading || loadingMore || undefined}
          aria-rowcount={rows.length + 1}
          striped
          highlightOnHover
          withTableBorder
          stickyHeader
          verticalSpacing={TABLE_ROW_SPACING}
          horizontalSpacing={TABLE_SPACING}
          fz={TABLE_FONT_SIZE}
        >
          <TableHead columns={columns} sort={props.sort} onSortChange={props.onSortChange} />
          <Table.Tbody>
            {message !== null ? (
              <MessageRow colSpan={colSpan} visibleWidth={visibleWidth}>
                {message}
              </MessageRow>
            ) : (
              <>
                {paddingTop > 0 && (
                  <tr>
                    <td colSpan={colSpan} style={{ height: paddingTop, padding: 0, border: 0 }} />
                  </tr>
                )}
                {items.map((item) => {
                  const row = rows[item.index];
                  if (row === undefined) return null;
                  return (
                    <DataRow
                      key={props.rowKey(row)}
                      row={row}
                      index={item.index}
                      columns={columns}
                      rowProps={props.rowProps}
                      measureRef={virtualizer.measureElement}
                    />
                  );
                })}
                {paddingBottom > 0 && (
                  <tr>
                    <td colSpan={colSpan} style={{ height: paddingBottom, padding: 0, border: 0 }} />
                  </tr>
                )}
                {loadingMore && (
                  <MessageRow colSpan={colSpan} visibleWidth={visibleWidth}>
                    {props.loadingText ?? t.loading}
                  </MessageRow>
                )}
              </>
            )}
          </Table.Tbody>
        </Table>
      </Box>
    </>
  );
}
