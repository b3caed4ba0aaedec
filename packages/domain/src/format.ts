import dayjs from 'dayjs';
import { EMPTY_VALUE } from './constants.ts';

export { formatInstant, formatWallClock, formatWallClockDay, formatWallClockMoment, wallClockOf } from './wallClock.ts';

/**
 * 'Brak' for empty, DD/MM/YYYY, 'HH:mm, DD/MM/YYYY' (SPEC §9), and numbers as a Polish reader writes them: a decimal
 * comma and thousands grouped by spaces ('4 500,00 zł', '950,00 €', '13,60 m'). The server's documents and the web
 * app read the same formatters.
 */

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'HH:mm, DD/MM/YYYY';

type DateInput = string | number | Date | null | undefined;

export function formatDate(value: DateInput): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMAT) : EMPTY_VALUE;
}

export function formatDateTime(value: DateInput): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : EMPTY_VALUE;
}

/** 150000 -> '1500.00' (the machine form: inputs, CSV, XML). */
export function hundredthsToDecimal(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(value));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '1500,5' or '1500.50' -> 150050; null when it is not a number. */
export function decimalToHundredths(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  const text = String(input).trim().replace(/\s/g, '').replace(',', '.');
  if (text === '' || !/^-?\d+(\.\d*)?$/.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2));
  return negative ? -cents : cents;
}

/** 450000 -> '4 500,00': a decimal comma, thousands grouped by spaces. */
export function formatDecimal(hundredths: number): string {
  const [whole = '0', fraction = '00'] = hundredthsToDecimal(hundredths).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${fraction}`;
}

const CURRENCY_SIGNS: Record<string, string> = { pln: 'zł', eur: '€' };

/** 'pln' -> 'zł', 'eur' -> '€'; other codes upper-case. */
export const currencySign = (currency: string) => CURRENCY_SIGNS[currency.toLowerCase()] ?? currency.toUpperCase();

/** 450000, 'pln' -> '4 500,00 zł'; 95000, 'eur' -> '950,00 €'; 'Brak' when there is no amount. */
export function formatMoney(hundredths: number | null | undefined, currency?: string | null): string {
  if (hundredths === null || hundredths === undefined) return EMPTY_VALUE;
  return currency ? `${formatDecimal(hundredths)} ${currencySign(currency)}` : formatDecimal(hundredths);
}

/** Dimensions and weights: 1360 -> '13,60 m', 2400 -> '24,00 t'. */
export function formatMeasure(hundredths: number | null | undefined, unit: 'm' | 't' | 'km'): string {
  if (hundredths === null || hundredths === undefined) return EMPTY_VALUE;
  return `${formatDecimal(hundredths)} ${unit}`;
}

/** A dimension that is not known, inside a size ('13,60 × — × 2,70 m'). */
export const UNKNOWN_DIMENSION = '—';

/** 800, 240, 200 -> '8,00 × 2,40 × 2,00 m'; an unknown one reads '—'; null when none is known (print nothing). */
export function formatSize(length: number | null, width: number | null, height: number | null): string | null {
  const sizes = [length, width, height];
  if (sizes.every((v) => v === null)) return null;
  return `${sizes.map((v) => (v === null ? UNKNOWN_DIMENSION : formatDecimal(v))).join(' × ')} m`;
}

/** '48', '600100200' -> '(0048) 600100200' */
export function formatPhone(prefix: string | null | undefined, phone: string | null | undefined): string {
  if (!phone) return EMPTY_VALUE;
  return prefix ? `(00${prefix}) ${phone}` : phone;
}

export function truncate(text: string | null | undefined, length: number): string {
  if (!text) return EMPTY_VALUE;
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** The drawer badge: 0..99, then '99+'. */
export function formatBadgeCount(count: number, cap = 99): string {
  return count > cap ? `${cap}+` : String(count);
}

/** The Polish noun form for a count: 1 oferta, 2–4 (22–24 …) oferty, otherwise ofert. */
export function pluralPl(count: number, one: string, few: string, many: string): string {
  if (count === 1) return one;
  const tens = count % 100;
  const units = count % 10;
  return units >= 2 && units <= 4 && (tens < 12 || tens > 14) ? few : many;
}

/** One end of a route as the freight exchanges write it. */
export type Place = { postalCode: string | null; city: string | null; country: string | null };

/** The route's ends of a query or an order (ShipmentRead has them; named here so that format.ts imports no schema). */
type RouteEnds = { [K in `${'loading' | 'unloading'}${'PostalCode' | 'City' | 'Country'}`]: string | null };

export function placeOf(s: RouteEnds, side: 'loading' | 'unloading'): Place {
  return side === 'loading'
    ? { postalCode: s.loadingPostalCode, city: s.loadingCity, country: s.loadingCountry }
    : { postalCode: s.unloadingPostalCode, city: s.unloadingCity, country: s.unloadingCountry };
}

/** {PL, 00-001, Warszawa} -> 'PL 00-001 Warszawa' (the freight-exchange notation); 'Brak' when empty. */
export function placeText(place: Place): string {
  const text = [place.country, place.postalCode, place.city].filter(Boolean).join(' ');
  return text || EMPTY_VALUE;
}

/** 'PL 00-001 Warszawa → DE 10115 Berlin'. */
export const routeLabel = (s: RouteEnds) =>
  `${placeText(placeOf(s, 'loading'))} → ${placeText(placeOf(s, 'unloading'))}`;
