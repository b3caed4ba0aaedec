/**
 * The margin of an order, as PostgreSQL computes it for the `margin` and `marginPercent` columns (see plnSql in the
 * API's schema), so that the order form shows while prices are typed what the table will show after saving. Money in
 * hundredths; the EUR rate in hundredths of a złoty (430 = 4,30 zł); zod-free.
 */

import { EMPTY_VALUE } from './constants.ts';
import { formatDecimal } from './format.ts';

/** Rounds half away from zero, as PostgreSQL's round(numeric). */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** A price in PLN hundredths: EUR at the rate; null while the price (or an EUR price's rate) is missing. */
export function priceInPln(
  price: number | null | undefined,
  currency: string | null | undefined,
  rate: number | null | undefined,
) {
  if (price === null || price === undefined) return null;
  if (currency === 'eur') return rate === null || rate === undefined ? null : roundHalfAway((price * rate) / 100);
  return price;
}

export type MarginInput = {
  customerPrice: number | null | undefined;
  customerPriceCurrency: string | null | undefined;
  carrierPrice: number | null | undefined;
  carrierPriceCurrency: string | null | undefined;
  euroExchangeRate: number | null | undefined;
};

/** `margin` in PLN hundredths and `marginPercent` in hundredths of a percent (1250 = 12,50 %), or nulls. */
export function orderMargin(input: MarginInput): { margin: number | null; marginPercent: number | null } {
  const revenue = priceInPln(input.customerPrice, input.customerPriceCurrency, input.euroExchangeRate);
  const cost = priceInPln(input.carrierPrice, input.carrierPriceCurrency, input.euroExchangeRate);
  if (revenue === null || cost === null) return { margin: null, marginPercent: null };
  const margin = revenue - cost;
  return { margin, marginPercent: revenue > 0 ? roundHalfAway((margin * 10000) / revenue) : null };
}

/** '12,50 %' from hundredths of a percent; 'Brak' (EMPTY_VALUE) for none. */
export function formatPercent(hundredths: number | null | undefined): string {
  if (hundredths === null || hundredths === undefined) return EMPTY_VALUE;
  return `${formatDecimal(hundredths)} %`;
}
