import type { CSSProperties, ReactNode } from 'react';

/** A column of a DataTable: the feature says what a cell shows; the table knows nothing of the rows. */
export type ColumnDef<T> = {
  id: string;
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  width?: number | string;
  /** The API's order key (`order[{sortKey}]=asc|desc`); when set, the header is a sort button. */
  sortKey?: string;
  align?: 'left' | 'center' | 'right';
  /** Keeps the cell on one line (short values: amounts, dates, places). */
  nowrap?: boolean;
  /**
   * The least width of a wrapping column's values (a table cell ignores min-width, its content does not): a name
   * wraps to two lines, not three, so a narrow screen drops a column rather than make the rows taller.
   */
  minWidth?: number;
  /**
   * Stays at the right edge while the table scrolls sideways. The 'actions' column is pinned unless it says
   * otherwise, so the row actions are always at hand.
   */
  pinned?: 'right' | false;
  /**
   * In a table with a column chooser, the columns drop in order of this number, highest first, while the table is
   * wider than its box (1 = the last to go); a column without one always shows unless the user hides it.
   */
  priority?: number;
};

export type SortDirection = 'asc' | 'desc';
export type SortState = { key: string; direction: SortDirection } | null;

export type RowProps = { style?: CSSProperties; className?: string; 'aria-label'?: string };

export type DataTableBaseProps<T> = {
  columns: readonly ColumnDef<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The table's accessible name, e.g. 'Lista użytkowników'. */
  label: string;
  /** True while rows are being fetched (first load, a page change, new filters). */
  loading?: boolean;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  rowProps?: (row: T) => RowProps;
  loadingText?: string;
  emptyText?: string;
  /**
   * A column chooser ('Kolumny') remembered under this key (give it the user, e.g. `orders:{userUuid}`); columns in
   * `defaultHidden` (those not in SPEC) start hidden; the others show as far as the width allows (`priority`).
   */
  columnChooser?: { storageKey: string; defaultHidden?: readonly string[] };
  /**
   * The export button: `GET /api{path}/export?format=csv|xlsx` with the list's parameters (its filters and sort; the
   * paging ones are dropped, every row goes).
   */
  exportable?: { path: string; params: Record<string, string | number | boolean | null | undefined> };
};

/** Numeric pagination: `pageSize` rows per page, a few page buttons, total from `hydra:totalItems`. */
export type PagedTableProps<T> = DataTableBaseProps<T> & {
  mode: 'pages';
  page: number;
  pageSize: number;
  totalItems: number;
  /** `hydra:totalItems` is a lower bound (the API's `totalItemsCapped`): the pager says 'ponad 10 000'. */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  /** How many page buttons show at once (SPEC §9: 5). */
  visiblePages?: number;
};

/** Infinite scroll: virtualised rows; `onLoadMore` is asked for the next page near the end. */
export type InfiniteTableProps<T> = DataTableBaseProps<T> & {
  mode: 'infinite';
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Height of the scrolling area. */
  height?: number | string;
  estimateRowHeight?: number;
  /** Load more when the last rendered row is this close to the end. */
  loadMoreThreshold?: number;
  /** Scroll handling is debounced (SPEC §9: 300 ms). */
  scrollDebounceMs?: number;
};

export type DataTableProps<T> = PagedTableProps<T> | InfiniteTableProps<T>;
