import { describe, expect, it } from 'vitest';
import {
  decimalToHundredths,
  formatBadgeCount,
  formatDate,
  formatDateTime,
  formatMeasure,
  formatMoney,
  formatPhone,
  formatSize,
  formatWallClock,
  formatWallClockDay,
  formatWallClockMoment,
  hundredthsToDecimal,
  pluralPl,
  truncate,
  wallClockOf,
} from './format.ts';

describe('formatting for the screens', () => {
  it('shows dates as DD/MM/YYYY and datetimes as HH:mm, DD/MM/YYYY (24 h)', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDateTime(new Date(2026, 2, 5, 17, 4))).toBe('17:04, 05/03/2026');
  });

  it("shows 'Brak' for an empty date, price or phone", () => {
    expect(formatDate(null)).toBe('Brak');
    expect(formatDate('')).toBe('Brak');
    expect(formatDate('not a date')).toBe('Brak');
    expect(formatMoney(null, 'pln')).toBe('Brak');
    expect(formatPhone('48', null)).toBe('Brak');
  });

  it('shows amounts with a decimal comma, grouped thousands and the currency sign', () => {
    expect(formatMoney(150000, 'pln')).toBe('1 500,00 zł');
    expect(formatMoney(5, 'eur')).toBe('0,05 €');
    expect(formatMoney(-12345, 'pln')).toBe('-123,45 zł');
    expect(formatMoney(123456789)).toBe('1 234 567,89');
  });

  it('converts typed decimals to hundredths, commas and dots alike', () => {
    expect(decimalToHundredths('13,6')).toBe(1360);
    expect(decimalToHundredths('13.60')).toBe(1360);
    expect(decimalToHundredths('1 500,5')).toBe(150050);
    expect(decimalToHundredths('4 500,50')).toBe(450050);
    expect(decimalToHundredths('4\u00a0500,50')).toBe(450050);
    expect(decimalToHundredths('4500.50')).toBe(450050);
    expect(decimalToHundredths('0.999')).toBe(99);
    expect(decimalToHundredths('-4,3')).toBe(-430);
    expect(decimalToHundredths(2.45)).toBe(245);
    expect(decimalToHundredths('')).toBeNull();
    expect(decimalToHundredths('abc')).toBeNull();
    expect(decimalToHundredths('1,2,3')).toBeNull();
    expect(hundredthsToDecimal(1360)).toBe('13.60');
    expect(hundredthsToDecimal(-5)).toBe('-0.05');
  });

  it('shows dimensions in m and t, phones as (00{prefix})', () => {
    expect(formatMeasure(1360, 'm')).toBe('13,60 m');
    expect(formatMeasure(2400, 't')).toBe('24,00 t');
    expect(formatSize(800, 240, 200)).toBe('8,00 × 2,40 × 2,00 m');
    expect(formatSize(1360, null, 270)).toBe('13,60 × — × 2,70 m');
    expect(formatSize(null, null, null)).toBeNull();
    expect(formatMoney(95000, 'eur')).toBe('950,00 €');
    expect(formatMoney(450000, 'pln')).toBe('4 500,00 zł');
    expect(formatPhone('48', '600100200')).toBe('(0048) 600100200');
  });

  it('truncates long text and caps the badge at 99+', () => {
    expect(truncate('Palety z elementami stalowymi', 20)).toBe('Palety z elementami ...');
    expect(truncate('krótki', 20)).toBe('krótki');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
    expect(formatBadgeCount(0)).toBe('0');
  });
});

describe('loading and unloading times (wall-clock, kept as UTC)', () => {
  it('reads a day alone or a day with its time', () => {
    expect(wallClockOf('2026-12-07T00:00:00.000Z')).toBe('2026-12-07');
    expect(wallClockOf('2026-12-07T08:00:00.000Z')).toBe('2026-12-07 08:00');
    expect(wallClockOf('2026-12-07 23:30:00+00')).toBe('2026-12-07 23:30');
    expect(wallClockOf(null)).toBeNull();
    expect(formatWallClock('2026-12-07T08:00:00.000Z')).toBe('08:00, 07/12/2026');
    expect(formatWallClock('2026-12-07T00:00:00.000Z')).toBe('07/12/2026');
    expect(formatWallClockDay('2026-12-07T08:00:00.000Z')).toBe('07/12/2026');
    expect(formatWallClockDay('2026-12-07T00:00:00.000Z')).toBe('07/12/2026');
    expect(formatWallClock(null)).toBe('Brak');
  });

  it('writes a reported moment with its time, midnight included (a tap at 00:00 is not a day without a time)', () => {
    expect(formatWallClockMoment('2026-11-30T00:00:00.000Z')).toBe('00:00, 30/11/2026');
    expect(formatWallClockMoment('2026-11-30T00:00:59.000Z')).toBe('00:00, 30/11/2026');
    expect(formatWallClockMoment('2026-12-07 23:30:00+00')).toBe('23:30, 07/12/2026');
    expect(formatWallClockMoment('2026-12-07T08:05:00.000Z')).toBe(formatWallClock('2026-12-07T08:05:00.000Z'));
    expect(formatWallClockMoment(null)).toBe('Brak');
  });
});

describe('Polish plural forms', () => {
  it('says 1 oferta, 2–4 oferty, 5–21 ofert, 22 oferty', () => {
    const forms = (n: number) => pluralPl(n, 'oferta', 'oferty', 'ofert');
    expect([1, 2, 4, 5, 12, 14, 21, 22, 25, 104].map(forms)).toEqual([
      'oferta',
      'oferty',
      'oferty',
      'ofert',
      'ofert',
      'ofert',
      'ofert',
      'oferty',
      'ofert',
      'oferty',
    ]);
  });
});
