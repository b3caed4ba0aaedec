import { EMPTY_VALUE } from './constants.ts';

/*
 * The formatters that need no dayjs (format.ts re-exports them): the carrier's page on a phone imports these and so
 * loads no date library (apps/web/src/portalMain.tsx).
 */

/**
 * Loading and unloading times are wall-clock times at the place (08:00 in Poznań and 08:00 in Lyon), kept as if they
 * were UTC: a day without a time is its midnight ('2026-12-07T00:00:00.000Z'), a time is that hour on that day
 * ('2026-12-07T08:00:00.000Z'), whatever the browser's zone. Forms send them as 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm'.
 */
export function wallClockOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const day = value.slice(0, 10);
  const time = /^\d{4}-\d{2}-\d{2}[T ](\d{2}:\d{2})/.exec(value)?.[1];
  return time && time !== '00:00' ? `${day} ${time}` : day;
}

/**
 * '2026-12-07T08:00:00.000Z' -> '08:00, 07/12/2026' (SPEC §9's 'HH:mm, DD/MM/YYYY'); a day without a time ->
 * '07/12/2026'; 'Brak' when empty.
 */
export function formatWallClock(value: string | null | undefined): string {
  const local = wallClockOf(value);
  if (!local) return EMPTY_VALUE;
  const [day = '', time] = local.split(' ');
  const [y, m, d] = day.split('-');
  return time ? `${time}, ${d}/${m}/${y}` : `${d}/${m}/${y}`;
}

/**
 * A reported moment (the carrier's tap on 'Załadowano' / 'Rozładowano', kept as a wall-clock time like the stops) as
 * 'HH:mm, DD/MM/YYYY', midnight included: a tap at 00:00 is a time, not a day without one ('00:00, 30/11/2026', where
 * formatWallClock would write '30/11/2026').
 */
export function formatWallClockMoment(value: string | null | undefined): string {
  const local = wallClockOf(value);
  if (!local || !value) return EMPTY_VALUE;
  const [y, m, d] = local.slice(0, 10).split('-');
  const time = /^\d{4}-\d{2}-\d{2}[T ](\d{2}:\d{2})/.exec(value)?.[1] ?? '00:00';
  return `${time}, ${d}/${m}/${y}`;
}

/**
 * The day of a loading or unloading time alone: '2026-12-07T08:00:00.000Z' -> '07/12/2026' ('Brak' when empty). Cutting
 * formatWallClock's text does not do it: with a time it starts with the hour ('08:00, 07/…').
 */
export function formatWallClockDay(value: string | null | undefined): string {
  const local = wallClockOf(value);
  if (!local) return EMPTY_VALUE;
  const [y, m, d] = local.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/**
 * An instant (an ISO timestamp with its zone) as 'HH:mm, DD/MM/YYYY' in the reader's zone, as formatDateTime writes it,
 * without dayjs: the carrier's page on a phone counts every kilobyte (apps/web/src/portalMain.tsx).
 */
export function formatInstant(value: string | null | undefined): string {
  const d = value ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) return EMPTY_VALUE;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}, ${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}`;
}
