import type { PAYMENT_TERM_SHORTCUTS } from '@spedycja/domain';
import dayjs from 'dayjs';

/**
 * A payment term is either a date or a textual term ('przed rozladunkiem', 'po rozladunku'),
 * never both: picking one clears the other (SPEC §5).
 */
export type PaymentTerm = { date: string | null; term: string | null };

export type PaymentShortcut = (typeof PAYMENT_TERM_SHORTCUTS)[number];

/** `days` after `today` as 'YYYY-MM-DD' (calendar days, in the browser's zone). */
export function daysFromToday(days: number, today: Date = new Date()): string {
  return dayjs(today).startOf('day').add(days, 'day').format('YYYY-MM-DD');
}

/** The date a shortcut button sets: as many days from today as its label says. */
export const shortcutDate = (shortcut: PaymentShortcut, today: Date = new Date()): string =>
  daysFromToday(shortcut.days, today);

export const pickDate = (date: string | null): PaymentTerm => ({ date: date || null, term: null });
export const pickTerm = (term: string | null): PaymentTerm => ({ date: null, term: term || null });
