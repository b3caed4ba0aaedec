import { describe, expect, it } from 'vitest';
import { isPolishWorkingDay, ksefOfflineDeadline, polishPublicHolidays } from './ksef.ts';

describe('Polish public holidays', () => {
  it('knows the movable feasts from Easter', () => {
    expect(polishPublicHolidays(2024)).toContain('2024-03-31');
    expect(polishPublicHolidays(2025)).toContain('2025-04-21');
    expect(polishPublicHolidays(2026)).toEqual(
      expect.arrayContaining(['2026-04-05', '2026-04-06', '2026-05-24', '2026-06-04']),
    );
    expect(polishPublicHolidays(2027)).toContain('2027-03-29');
  });

  it('has Christmas Eve free from 2025 on, not before', () => {
    expect(polishPublicHolidays(2024)).not.toContain('2024-12-24');
    expect(polishPublicHolidays(2025)).toContain('2025-12-24');
    expect(polishPublicHolidays(2026)).toHaveLength(14);
  });

  it('tells working days', () => {
    expect(isPolishWorkingDay('2026-11-24')).toBe(true);
    expect(isPolishWorkingDay('2026-11-11')).toBe(false);
    expect(isPolishWorkingDay('2026-11-28')).toBe(false);
  });
});

describe('the offline24 deadline: the next working day after the issue date', () => {
  it.each([
    ['a Tuesday', '2026-11-24', '2026-11-25'],
    ['a Friday', '2026-11-20', '2026-11-23'],
    ['the eve of Independence Day', '2026-11-10', '2026-11-12'],
    ['before Christmas', '2026-12-23', '2026-12-28'],
    ['Easter Saturday', '2026-04-04', '2026-04-07'],
    ['the eve of Corpus Christi', '2026-06-03', '2026-06-05'],
    ['New Year’s Eve', '2026-12-31', '2027-01-04'],
  ])('%s (%s) → %s', (_, issued, deadline) => {
    expect(ksefOfflineDeadline(issued)).toBe(deadline);
  });
});
