import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries.ts';
import { COUNTRY_TIME_ZONES, timeZoneOf, zonedWallClockToInstant } from './timeZones.ts';

const wall = (value: string) => Date.parse(`${value}:00.000Z`);
const instant = (value: string, zone: string) => new Date(zonedWallClockToInstant(wall(value), zone)).toISOString();

describe("a stop's wall clock read in its country's zone", () => {
  it('has a zone Intl knows for every country the app offers (but two uninhabited islands)', () => {
    const without = COUNTRY_CODES.filter((iso) => !COUNTRY_TIME_ZONES[iso]);
    expect(without.sort()).toEqual(['BV', 'HM']);
    for (const zone of Object.values(COUNTRY_TIME_ZONES))
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
    // Several zones: the capital's.
    expect([timeZoneOf('PT'), timeZoneOf('ES'), timeZoneOf('RU'), timeZoneOf('UA')]).toEqual([
      'Europe/Lisbon',
      'Europe/Madrid',
      'Europe/Moscow',
      'Europe/Kyiv',
    ]);
    expect([timeZoneOf('GB'), timeZoneOf('IE'), timeZoneOf('pl'), timeZoneOf(null), timeZoneOf('BV')]).toEqual([
      'Europe/London',
      'Europe/Dublin',
      'Europe/Warsaw',
      'Europe/Warsaw',
      'Europe/Warsaw',
    ]);
  });

  it('reads 12:00 in Lisbon as 12:00 UTC in winter and 11:00 UTC in summer (13:00 in Warsaw both times)', () => {
    expect(instant('2026-12-01T12:00', 'Europe/Lisbon')).toBe('2026-12-01T12:00:00.000Z');
    expect(instant('2026-07-01T12:00', 'Europe/Lisbon')).toBe('2026-07-01T11:00:00.000Z');
    expect(instant('2026-12-01T12:00', 'Europe/Warsaw')).toBe('2026-12-01T11:00:00.000Z');
    expect(instant('2026-12-01T12:00', 'Europe/Bucharest')).toBe('2026-12-01T10:00:00.000Z');
  });

  it("takes a repeated autumn hour's first occurrence, and a skipped spring hour as read on the clock before", () => {
    // 29 March 2026, 01:00 UTC: Lisbon 01:00 → 02:00, Warsaw 02:00 → 03:00.
    expect(instant('2026-03-28T12:00', 'Europe/Lisbon')).toBe('2026-03-28T12:00:00.000Z');
    expect(instant('2026-03-29T12:00', 'Europe/Lisbon')).toBe('2026-03-29T11:00:00.000Z');
    expect(instant('2026-03-29T01:30', 'Europe/Lisbon')).toBe('2026-03-29T01:30:00.000Z');
    expect(instant('2026-03-29T02:30', 'Europe/Warsaw')).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026, 01:00 UTC: Lisbon's 01:30 and Warsaw's 02:30 happen twice; the first is the deadline.
    expect(instant('2026-10-25T01:30', 'Europe/Lisbon')).toBe('2026-10-25T00:30:00.000Z');
    expect(instant('2026-10-25T02:30', 'Europe/Warsaw')).toBe('2026-10-25T00:30:00.000Z');
    expect(instant('2026-10-25T03:30', 'Europe/Warsaw')).toBe('2026-10-25T02:30:00.000Z');
    // America changes on other days: on 8 March 2026 New York is already on summer time, Lisbon not yet.
    expect(instant('2026-03-09T12:00', 'America/New_York')).toBe('2026-03-09T16:00:00.000Z');
  });
});
