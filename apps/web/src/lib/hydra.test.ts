import type { HydraCollection } from '@spedycja/domain';
import { describe, expect, it } from 'vitest';
import { listTotal, nextPageParam, pageCount } from './hydra.ts';

const page = (n: number, total: number): HydraCollection<number> => ({
  'hydra:member': Array.from({ length: n }, (_, i) => i),
  'hydra:totalItems': total,
});

describe('hydra paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 15)).toBe(1);
    expect(pageCount(15, 15)).toBe(1);
    expect(pageCount(16, 15)).toBe(2);
  });

  it('asks for the next page until every item is loaded', () => {
    const first = page(30, 70);
    expect(nextPageParam(first, [first], 30)).toBe(2);
    const second = page(30, 70);
    expect(nextPageParam(second, [first, second], 30)).toBe(3);
    const third = page(10, 70);
    expect(nextPageParam(third, [first, second, third], 30)).toBeUndefined();
  });

  it('reads the total from the first page when the later ones are partial', () => {
    const first = page(30, 65);
    const partial = (n: number) =>
      ({ 'hydra:member': Array.from({ length: n }, (_, i) => i) }) as HydraCollection<number>;
    const second = partial(30);
    expect(nextPageParam(second, [first, second], 30)).toBe(3);
    const third = partial(5);
    expect(nextPageParam(third, [first, second, third], 30)).toBeUndefined();
    expect(nextPageParam(partial(30), [partial(30)], 30)).toBe(2);
  });

  it('pages past a capped total (more than 10,000 match) while pages come full', () => {
    const first = { ...page(30, 10_001), totalItemsCapped: true };
    const pages = Array.from({ length: 334 }, () => page(30, 10_001));
    expect(nextPageParam(page(30, 10_001), [first, ...pages], 30)).toBe(336);
    expect(nextPageParam(page(12, 10_001), [first, ...pages], 30)).toBeUndefined();
    expect(listTotal(first)).toEqual({ totalItems: 10_001, totalCapped: true });
    expect(listTotal(page(3, 3))).toEqual({ totalItems: 3, totalCapped: false });
    expect(listTotal(undefined)).toEqual({ totalItems: 0, totalCapped: false });
  });
});
