/** The range presets of the stats page, as 'YYYY-MM-DD' pairs, from a day (today in Warsaw by default). */

export type DayRange = [string, string];
export type RangePreset = 'thisMonth' | 'lastMonth' | 'thisQuarter' | 'thisYear';

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** Today's date in Warsaw, where the office is. */
export const warsawToday = (now = new Date()) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(now);

export function presetRange(preset: RangePreset, today: string = warsawToday()): DayRange {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1;
  switch (preset) {
    case 'thisMonth':
      return [day(y, m, 1), day(y, m + 1, 0)];
    case 'lastMonth':
      return [day(y, m - 1, 1), day(y, m, 0)];
    case 'thisQuarter': {
      const first = m - (m % 3);
      return [day(y, first, 1), day(y, first + 3, 0)];
    }
    default:
      return [day(y, 0, 1), day(y, 11, 31)];
  }
}

export const RANGE_PRESETS: RangePreset[] = ['thisMonth', 'lastMonth', 'thisQuarter', 'thisYear'];
