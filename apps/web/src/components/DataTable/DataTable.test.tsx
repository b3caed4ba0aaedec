import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { DataTable } from './DataTable.tsx';
import type { ColumnDef } from './types.ts';

type Row = { id: number; name: string };
const columns: ColumnDef<Row>[] = [
  { id: 'id', header: '#', cell: (r) => r.id },
  { id: 'name', header: 'Nazwa', cell: (r) => r.name, sortKey: 'name' },
];
const rows: Row[] = [
  { id: 1, name: 'Alfa' },
  { id: 2, name: 'Beta' },
];
const paged = {
  mode: 'pages' as const,
  label: 'Tabela',
  columns,
  rowKey: (r: Row) => r.id,
  page: 1,
  pageSize: 8,
  totalItems: 2,
  onPageChange: () => {},
};

describe('DataTable', () => {
  it('says it is loading, then that there is nothing', () => {
    const { rerender } = renderWithProviders(<DataTable {...paged} rows={[]} loading />);
    expect(screen.getByText('Trwa pobieranie danych...')).toBeTruthy();
    rerender(<DataTable {...paged} rows={[]} loading={false} />);
    expect(screen.getByText('Brak danych do wyświetlenia')).toBeTruthy();
  });

  it('renders the cells of each row', () => {
    renderWithProviders(<DataTable {...paged} rows={rows} />);
    expect(screen.getByRole('table', { name: 'Tabela' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Beta' })).toBeTruthy();
  });

  it('sorts by clicking a sortable header', () => {
    const onSortChange = vi.fn();
    const { rerender } = renderWithProviders(
      <DataTable {...paged} rows={rows} sort={null} onSortChange={onSortChange} />,
    );
    const header = screen.getByRole('columnheader', { name: 'Nazwa' });
    expect(header.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: 'Nazwa' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'name', direction: 'asc' });

    rerender(<DataTable {...paged} rows={rows} sort={{ key: 'name', direction: 'asc' }} onSortChange={onSortChange} />);
    expect(screen.getByRole('columnheader', { name: 'Nazwa' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Nazwa' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'name', direction: 'desc' });
    // '#' is not sortable.
    expect(screen.queryByRole('button', { name: '#' })).toBeNull();
  });

  it('shows 5 page buttons and changes pages', () => {
    const onPageChange = vi.fn();
    renderWithProviders(<DataTable {...paged} rows={rows} page={4} totalItems={100} onPageChange={onPageChange} />);
    const pages = screen.getAllByRole('button', { name: /^Strona \d+$/ }).map((b) => b.textContent);
    expect(pages).toEqual(['2', '3', '4', '5', '6']);
    expect(screen.getByRole('button', { name: 'Strona 4' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Strona 6' }));
    expect(onPageChange).toHaveBeenLastCalledWith(6);
    fireEvent.click(screen.getByRole('button', { name: 'Następna strona' }));
    expect(onPageChange).toHaveBeenLastCalledWith(5);
    expect(screen.getByText('Pozycje 25–32 z 100')).toBeTruthy();
  });

  it('in infinite mode renders rows and asks for more when they do not fill the view', () => {
    // jsdom has no layout: give the scrolling box a size so that the virtualiser renders rows.
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    const onLoadMore = vi.fn();
    const { rerender } = renderWithProviders(
      <DataTable
        mode="infinite"
        label="Nieskończona"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        hasMore
        loadingMore={false}
        onLoadMore={onLoadMore}
        height={400}
      />,
    );
    expect(screen.getByRole('cell', { name: 'Alfa' })).toBeTruthy();
    expect(onLoadMore).toHaveBeenCalled();
    onLoadMore.mockClear();
    rerender(
      <DataTable
        mode="infinite"
        label="Nieskończona"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        hasMore={false}
        loadingMore={false}
        onLoadMore={onLoadMore}
        height={400}
      />,
    );
    expect(onLoadMore).not.toHaveBeenCalled();
    height.mockRestore();
    width.mockRestore();
  });
});
