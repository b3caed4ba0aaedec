import dayjs from 'dayjs';
import { EMPTY_VALUE } from './constants.ts';

/** 'Brak' for empty, DD/MM/YYYY, 'HH:mm, DD/MM/YYYY' and amounts from hundredths (SPEC §9). */

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

/** 150000 -> '1500.00' */
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

/** 150000, 'pln' -> '1 500.00 PLN'; 'Brak' when there is no amount. */
export function formatMoney(hundredths: number | null | undefined, currency?: string | null): string {
  if (hundredths === null || hundredths === undefined) return EMPTY_VALUE;
  const [whole = '0', fraction = '00'] = hundredthsToDecimal(hundredths).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return currency ? `${grouped}.${fraction} ${currency.toUpperCase()}` : `${grouped}.${fraction}`;
}

/** Dimensions and weights: 1360 -> '13.60 m', 2400 -> '24.00 t'. */
export function formatMeasure(hundredths: number | null | undefined, unit: 'm' | 't' | 'km'): string {
  if (hundredths === null || hundredths === undefined) return EMPTY_VALUE;
  return `${hundredthsToDecimal(hundredths)} ${unit}`;
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
