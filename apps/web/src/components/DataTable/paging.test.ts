import { describe, expect, it } from 'vitest';
import { nextSort, pageWindow, rangeLabel, shouldLoadMore, sortToParams } from './paging.ts';

describe('pageWindow', () => {
  it('shows 5 pages around the current one', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 20)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows fewer when there are fewer pages', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([1]);
  });

  it('keeps an out-of-range page inside the bounds', () => {
    expect(pageWindow(99, 6)).toEqual([2, 3, 4, 5, 6]);
  });
});

describe('sorting', () => {
  it('cycles ascending, descending, default', () => {
    const asc = nextSort(null, 'name');
    expect(asc).toEqual({ key: 'name', direction: 'asc' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort(desc, 'name')).toBeNull();
  });

  it('starts ascending on another column', () => {
    expect(nextSort({ key: 'name', direction: 'desc' }, 'login')).toEqual({ key: 'login', direction: 'asc' });
  });

  it('turns a sort into API Platform order parameters', () => {
    expect(sortToParams({ key: 'createdDate', direction: 'desc' })).toEqual({ 'order[createdDate]': 'desc' });
    expect(sortToParams(null)).toEqual({});
  });
});

describe('shouldLoadMore', () => {
  const base = { rowCount: 30, threshold: 5, hasMore: true, loadingMore: false };
  it('loads near the end only', () => {
    expect(shouldLoadMore({ ...base, lastRenderedIndex: 10 })).toBe(false);
    expect(shouldLoadMore({ ...base, lastRenderedIndex: 24 })).toBe(true);
  });
  it('never loads twice at once, nor past the end', () => {
    expect(shouldLoadMore({ ...base, lastRenderedIndex: 29, loadingMore: true })).toBe(false);
    expect(shouldLoadMore({ ...base, lastRenderedIndex: 29, hasMore: false })).toBe(false);
  });
});

describe('rangeLabel', () => {
  it('describes the rows shown', () => {
    expect(rangeLabel(2, 15, 42)).toBe('Pozycje 16–30 z 42');
    expect(rangeLabel(3, 15, 42)).toBe('Pozycje 31–42 z 42');
    expect(rangeLabel(1, 15, 0)).toBe('Pozycje 0 z 0');
  });
  it('says "ponad 10 000" when the API counted only up to its cap', () => {
    expect(rangeLabel(3, 30, 10_001, true)).toBe('Pozycje 61–90 z ponad 10 000');
    expect(rangeLabel(1, 30, 1_001, true)).toBe('Pozycje 1–30 z ponad 1 000');
  });
});
