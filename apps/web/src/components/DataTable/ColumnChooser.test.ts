import { describe, expect, it } from 'vitest';
import { columnToDrop, readChoice } from './ColumnChooser.tsx';
import type { ColumnDef } from './types.ts';

const column = (id: string, priority?: number): ColumnDef<unknown> => ({ id, header: id, cell: () => id, priority });

describe('fitting the columns to the width', () => {
  const columns = [
    column('id'),
    column('cargo', 2),
    column('user', 9),
    column('createdDate', 9),
    column('status', 5),
    column('actions', 10),
  ];

  it('drops the highest priority number first, the rightmost of equals, never a column without one or pinned', () => {
    expect(columnToDrop(columns, new Set())).toBe('createdDate');
    expect(
      columnToDrop(
        columns.filter((c) => c.id !== 'createdDate'),
        new Set(),
      ),
    ).toBe('user');
    expect(columnToDrop([column('id'), column('actions', 10)], new Set())).toBeNull();
  });

  it('keeps what the user chose in Kolumny whatever the width', () => {
    expect(columnToDrop(columns, new Set(['createdDate', 'user']))).toBe('status');
  });

  it('reads the earlier stored list of hidden columns as a choice', () => {
    expect(readChoice(['status', 'user'], ['status', 'margin'])).toEqual({
      hidden: ['status', 'user'],
      shown: ['margin'],
    });
    expect(readChoice({ shown: ['user'], hidden: [] }, [])).toEqual({ shown: ['user'], hidden: [] });
    expect(readChoice(null, ['margin'])).toEqual({ shown: [], hidden: [] });
  });
});
