import { statsMessages } from '@spedycja/domain';
import { badRequest } from '../../http/errors.ts';
import { uuidFromIri } from '../../http/hydra.ts';

/** The date range of GET /api/stats: read from its query, and split into whole months and the days around them. */

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_MONTHS = 120;

function parseDay(value: unknown, name: string): string {
  if (value === undefined || value === '') throw badRequest(statsMessages.missingDates);
  if (typeof value !== 'string' || !DAY_RE.test(value)) throw badRequest(statsMessages.invalidDate(name));
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value || value < '1900') {
    throw badRequest(statsMessages.invalidDate(name));
  }
  return value;
}

/** The months of a range, 'YYYY-MM', first to last. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) return months;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

export type StatsRange = { from: string; to: string; userUuid?: string };

export function parseStatsQuery(query: Record<string, unknown>): StatsRange {
  const from = parseDay(query.from, 'from');
  const to = parseDay(query.to, 'to');
  if (from > to) throw badRequest(statsMessages.reversedDates);
  if (monthsOf(from, to).length > MAX_MONTHS) throw badRequest(statsMessages.rangeTooLong);
  const user = query.user;
  if (user === undefined || user === '') return { from, to };
  const uuid = typeof user === 'string' ? uuidFromIri(user, 'users') : null;
  if (!uuid) throw badRequest(statsMessages.invalidUser);
  return { from, to, userUuid: uuid };
}

export const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const firstOfNextMonth = (day: string) => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * A range of days [from, to] as the whole months inside it, read from stats_monthly, and the days before and after
 * them (half-open [start, end) day intervals), summed from the orders and queries themselves.
 */
export function splitRange(from: string, to: string) {
  const end = nextDay(to);
  const firstWhole = from.endsWith('-01') ? from : firstOfNextMonth(from);
  const afterWhole = end.endsWith('-01') ? end : `${to.slice(0, 7)}-01`;
  if (firstWhole >= afterWhole) return { months: null, edges: [[from, end]] as [string, string][] };
  const edges: [string, string][] = [];
  if (from < firstWhole) edges.push([from, firstWhole]);
  if (afterWhole < end) edges.push([afterWhole, end]);
  return { months: [firstWhole, afterWhole] as [string, string], edges };
}
