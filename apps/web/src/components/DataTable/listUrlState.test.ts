import { describe, expect, it } from 'vitest';
import { defaultFilterValues } from '../FilterRow/filterParams.ts';
import type { FilterDef } from '../FilterRow/types.ts';
import { readListState, writeListState } from './listUrlState.ts';

const defs: FilterDef[] = [
  { kind: 'text', name: 'number', label: 'Numer' },
  { kind: 'select', name: 'status', label: 'Status', options: [], defaultValue: 'aktywne' },
  { kind: 'dateRange', name: 'loadingDate', label: 'Data załadunku' },
];
const defaults = defaultFilterValues(defs);

describe('a list state in the address', () => {
  it('keeps filters that differ from the defaults, the sort and the page, and reads them back', () => {
    const state = {
      filters: { ...defaults, number: '12/11', loadingDate: ['2026-12-01', '2026-12-07'] },
      sort: { key: 'loadingDate', direction: 'desc' as const },
      page: 3,
    };
    const search = writeListState(new URLSearchParams('zakres=wszystkie'), state, defs, defaults);
    expect(search.get('zakres')).toBe('wszystkie');
    expect(JSON.parse(search.get('f') ?? '')).toEqual({ number: '12/11', loadingDate: ['2026-12-01', '2026-12-07'] });
    expect(search.get('sort')).toBe('loadingDate:desc');
    expect(search.get('page')).toBe('3');
    expect(readListState(search, defs, defaults)).toEqual(state);
  });

  it('gives a clean address for the usual list and the defaults for a broken one', () => {
    expect(
      writeListState(new URLSearchParams(), { filters: defaults, sort: null, page: 1 }, defs, defaults).toString(),
    ).toBe('');
    const broken = readListState(new URLSearchParams('f=%7Bnot-json&sort=;drop&page=-4'), defs, defaults);
    expect(broken).toEqual({ filters: defaults, sort: null, page: 1 });
    // Only the list's own filters are taken from the address.
    const foreign = readListState(
      new URLSearchParams(`f=${encodeURIComponent('{"evil":"x","number":"7"}')}`),
      defs,
      defaults,
    );
    expect(foreign.filters).toEqual({ ...defaults, number: '7' });
  });
});
