import { PAYMENT_TERM_SHORTCUTS } from '@spedycja/domain';
import { describe, expect, it } from 'vitest';
import { daysFromToday, pickDate, pickTerm, shortcutDate } from './paymentTerms.ts';

const today = new Date(2026, 0, 28, 15, 45); // 28 January 2026, afternoon

describe('payment-term shortcuts (SPEC §5)', () => {
  it('offers 3, 7, 14, 30, 45 and 60 days', () => {
    expect(PAYMENT_TERM_SHORTCUTS.map((s) => s.label)).toEqual([3, 7, 14, 30, 45, 60]);
  });

  it('counts calendar days from today as YYYY-MM-DD, across months', () => {
    expect(daysFromToday(3, today)).toBe('2026-01-31');
    expect(daysFromToday(7, today)).toBe('2026-02-04');
    expect(daysFromToday(0, today)).toBe('2026-01-28');
  });

  it('sets each button to its date; the one labelled 45 adds 45 days (not the original’s 35)', () => {
    const dates = Object.fromEntries(PAYMENT_TERM_SHORTCUTS.map((s) => [s.label, shortcutDate(s, today)]));
    expect(dates).toEqual({
      3: '2026-01-31',
      7: '2026-02-04',
      14: '2026-02-11',
      30: '2026-02-27',
      45: '2026-03-14',
      60: '2026-03-29',
    });
  });

  it('keeps the date or the textual term, never both', () => {
    expect(pickDate('2026-03-04')).toEqual({ date: '2026-03-04', term: null });
    expect(pickTerm('po rozladunku')).toEqual({ date: null, term: 'po rozladunku' });
    expect(pickDate('')).toEqual({ date: null, term: null });
    expect(pickTerm(null)).toEqual({ date: null, term: null });
  });
});
