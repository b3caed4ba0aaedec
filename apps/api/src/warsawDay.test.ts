import { describe, expect, it } from 'vitest';
import { warsawDay } from './warsawDay.ts';

describe('warsawDay', () => {
  it('names the Polish calendar day of a moment, summer and winter time alike, from a Date or an ISO text', () => {
    // 23:30 UTC in November is 00:30 in Warsaw (CET, +1); 22:30 UTC in June is 00:30 (CEST, +2).
    expect(warsawDay(new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-28');
    expect(warsawDay(new Date('2026-11-27T22:59:00Z'))).toBe('2026-11-27');
    expect(warsawDay('2026-06-30T22:30:00Z')).toBe('2026-07-01');
    expect(warsawDay('2026-06-30T21:59:00Z')).toBe('2026-06-30');
    // The shared formatter answers each moment on its own (no state kept between calls).
    expect(warsawDay(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
  });
});
