import { describe, expect, it } from 'vitest';
import {
  customFilter,
  dateRangeParams,
  defaultFilterValues,
  filtersToParams,
  numberRangeParams,
  rangeBound,
  sameParams,
  selectParams,
  textParams,
  toIsoDate,
} from './filterParams.ts';
import type { ApiParams, FilterDef } from './types.ts';

describe('textParams', () => {
  it('sends trimmed text and nothing for blanks', () => {
    expect(textParams('login', '  jan ')).toEqual({ login: 'jan' });
    expect(textParams('login', '   ')).toEqual({});
    expect(textParams('login', null)).toEqual({});
  });
});

describe('selectParams', () => {
  it('sends the chosen value', () => {
    expect(selectParams('status', 'aktywne')).toEqual({ status: 'aktywne' });
    expect(selectParams('status', null)).toEqual({});
  });
});

describe('number ranges', () => {
  it('reads integers or decimals in hundredths', () => {
    expect(rangeBound('12', false)).toBe('12');
    expect(rangeBound('12,5', false)).toBeNull();
    expect(rangeBound('12,5', true)).toBe('1250');
    expect(rangeBound('13.60', true)).toBe('1360');
    expect(rangeBound('abc', true)).toBeNull();
    expect(rangeBound(' ', true)).toBeNull();
  });

  it('sends name[gte] and name[lte]', () => {
    expect(numberRangeParams('cargoLength', { min: '1,5', max: '13,6' }, true)).toEqual({
      'cargoLength[gte]': '150',
      'cargoLength[lte]': '1360',
    });
    expect(numberRangeParams('distance', { min: '', max: '500' })).toEqual({ 'distance[lte]': '500' });
    expect(numberRangeParams('distance', { min: 'x', max: '' })).toEqual({});
  });
});

describe('date ranges', () => {
  it('normalises dates to YYYY-MM-DD', () => {
    expect(toIsoDate('2026-11-05')).toBe('2026-11-05');
    expect(toIsoDate('2026-11-05 10:30:00')).toBe('2026-11-05');
    expect(toIsoDate(new Date(2026, 10, 5))).toBe('2026-11-05');
    expect(toIsoDate('')).toBeNull();
    expect(toIsoDate('05/11/2026')).toBeNull();
  });

  it('sends name[after] and name[before]', () => {
    expect(dateRangeParams('loadingDate', ['2026-11-01', '2026-11-30'])).toEqual({
      'loadingDate[after]': '2026-11-01',
      'loadingDate[before]': '2026-11-30',
    });
    expect(dateRangeParams('createdDate', ['2026-11-01', null])).toEqual({ 'createdDate[after]': '2026-11-01' });
    expect(dateRangeParams('createdDate', [null, null])).toEqual({});
  });
});

describe('filtersToParams', () => {
  const defs: FilterDef[] = [
    { kind: 'text', name: 'cargo', label: 'Towar' },
    { kind: 'select', name: 'status', label: 'Status', options: [], defaultValue: 'aktywne' },
    { kind: 'numberRange', name: 'customerPrice', label: 'Cena klienta', hundredths: true },
    { kind: 'dateRange', name: 'loadingDate', label: 'Data załadunku' },
    customFilter<{ city: string }>({
      name: 'loadingAddress',
      label: 'Miejsce załadunku',
      defaultValue: { city: '' },
      render: () => null,
      toParams: (value): ApiParams => (value.city ? { loadingCity: value.city } : {}),
    }),
  ];

  it('starts from the defaults', () => {
    expect(filtersToParams(defs, defaultFilterValues(defs))).toEqual({ status: 'aktywne' });
  });

  it('merges every filter into one params object', () => {
    const values = {
      ...defaultFilterValues(defs),
      cargo: 'stal',
      customerPrice: { min: '1000', max: '' },
      loadingDate: ['2026-01-01', null],
      loadingAddress: { city: 'Łódź' },
    };
    expect(filtersToParams(defs, values)).toEqual({
      cargo: 'stal',
      status: 'aktywne',
      'customerPrice[gte]': '100000',
      'loadingDate[after]': '2026-01-01',
      loadingCity: 'Łódź',
    });
  });
});

describe('sameParams', () => {
  it('compares params regardless of key order', () => {
    expect(sameParams({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameParams({ a: '1' }, { a: '1', b: '2' })).toBe(false);
    expect(sameParams({ a: '1' }, { a: '2' })).toBe(false);
  });
});
