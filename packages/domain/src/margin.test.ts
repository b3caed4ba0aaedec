import { describe, expect, it } from 'vitest';
import { formatPercent, orderMargin, priceInPln } from './margin.ts';

describe('order margin', () => {
  it('converts EUR at the rate, rounding half away from zero as PostgreSQL does', () => {
    expect(priceInPln(100000, 'eur', 431)).toBe(431000);
    expect(priceInPln(50, 'eur', 1)).toBe(1); // 0.5 → 1
    expect(priceInPln(350000, 'pln', null)).toBe(350000);
    expect(priceInPln(100000, 'eur', null)).toBeNull();
    expect(priceInPln(null, 'pln', 430)).toBeNull();
  });

  it('gives the margin and its percent, null while a price is missing', () => {
    const base = { customerPriceCurrency: 'pln', carrierPriceCurrency: 'pln', euroExchangeRate: 430 };
    expect(orderMargin({ ...base, customerPrice: 350000, carrierPrice: 300000 })).toEqual({
      margin: 50000,
      marginPercent: 1429,
    });
    expect(orderMargin({ ...base, customerPrice: 350000, carrierPrice: 360000 })).toEqual({
      margin: -10000,
      marginPercent: -286,
    });
    expect(orderMargin({ ...base, customerPrice: 350000, carrierPrice: null })).toEqual({
      margin: null,
      marginPercent: null,
    });
    expect(orderMargin({ ...base, customerPrice: 0, carrierPrice: 0 })).toEqual({ margin: 0, marginPercent: null });
  });

  it('writes percents the Polish way', () => {
    expect(formatPercent(1429)).toBe('14,29 %');
    expect(formatPercent(-286)).toBe('-2,86 %');
    expect(formatPercent(null)).toBe('Brak');
  });
});
