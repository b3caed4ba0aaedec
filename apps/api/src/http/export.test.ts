import { describe, expect, it } from 'vitest';
import { csvText } from './export.ts';

describe('csvText: a moment in Warsaw time', () => {
  it.each([
    ['2026-01-15T11:05:30Z', '15/01/2026 12:05'],
    ['2026-07-15T11:05:30Z', '15/07/2026 13:05'],
    // Spring forward: 02:00 CET becomes 03:00 CEST.
    ['2026-03-29T00:59:59Z', '29/03/2026 01:59'],
    ['2026-03-29T01:00:00Z', '29/03/2026 03:00'],
    // Fall back: 02:30 comes twice.
    ['2026-10-25T00:30:00Z', '25/10/2026 02:30'],
    ['2026-10-25T01:30:00Z', '25/10/2026 02:30'],
    ['2026-10-25T02:30:00Z', '25/10/2026 03:30'],
    ['2026-12-31T23:30:00Z', '01/01/2027 00:30'],
  ])('%s → %s', (value, text) => {
    expect(csvText('instant', value)).toBe(text);
  });
});

describe('csvText: text a spreadsheet would run', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+48 601234567', "'+48 601234567"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['Klient = ten sam', 'Klient = ten sam'],
    ["'już tekst", "'już tekst"],
  ])('%j → %j', (value, text) => {
    expect(csvText('text', value)).toBe(text);
  });

  it('leaves the numbers the server writes as numbers', () => {
    expect(csvText('money', -1250)).toBe('-12,50');
    expect(csvText('int', -3)).toBe('-3');
  });
});
