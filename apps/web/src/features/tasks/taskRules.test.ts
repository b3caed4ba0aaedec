import { describe, expect, it } from 'vitest';
import {
  attemptsSummary,
  chipColor,
  dueTasksParams,
  dueTasksSearch,
  dueTasksTime,
  entrySearchId,
  entrySearchTerm,
  isoToPicker,
  nextContactAt,
  pickerToIso,
  taskChipState,
} from './taskRules.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z').getTime();

describe('the id chip', () => {
  it('is green for a done task, whatever its contact date', () => {
    const state = taskChipState({ status: 'wykonane', contactDate: '2026-11-01T08:00:00.000Z' }, NOW);
    expect(state).toBe('done');
    expect(chipColor(state)).toBe('green');
  });

  it('is green for an open task whose contact time is still to come', () => {
    const state = taskChipState({ status: 'niewykonane', contactDate: '2026-11-22T10:00:01.000Z' }, NOW);
    expect(state).toBe('planned');
    expect(chipColor(state)).toBe('green');
  });

  it('is red for an open task whose contact time has come or passed', () => {
    expect(taskChipState({ status: 'niewykonane', contactDate: '2026-11-22T10:00:00.000Z' }, NOW)).toBe('overdue');
    expect(taskChipState({ status: 'niewykonane', contactDate: '2026-11-21T09:00:00.000Z' }, NOW)).toBe('overdue');
    expect(chipColor('overdue')).toBe('red');
  });

  it('is red for an open task without a usable contact date', () => {
    expect(taskChipState({ status: 'niewykonane', contactDate: null }, NOW)).toBe('overdue');
    expect(taskChipState({ status: 'niewykonane', contactDate: 'jutro' }, NOW)).toBe('overdue');
  });
});

describe('the attempts summary', () => {
  const attempt = (n: number) => ({ uuid: String(n), date: `2026-11-0${n}T10:00:00.000Z` });

  it('shows every attempt up to two, with nothing more', () => {
    expect(attemptsSummary([])).toEqual({ first: [], more: 0 });
    expect(attemptsSummary([attempt(1), attempt(2)])).toEqual({ first: [attempt(1), attempt(2)], more: 0 });
  });

  it('shows the first two and counts the rest', () => {
    const { first, more } = attemptsSummary([1, 2, 3, 4, 5].map(attempt));
    expect(first.map((a) => a.uuid)).toEqual(['1', '2']);
    expect(more).toBe(3);
  });
});

describe('the due tasks of the badge', () => {
  it('asks for my open, notifying tasks whose contact time has come', () => {
    expect(dueTasksParams('5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f', NOW)).toEqual({
      'user.uuid': '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f',
      status: 'niewykonane',
      drawerNotification: 'true',
      'contactDate[before]': '2026-11-22T10:00:00.000Z',
    });
  });

  it('carries the moment of the click in the link', () => {
    expect(dueTasksSearch(NOW)).toBe(`due=${NOW}`);
    expect(dueTasksTime(String(NOW), 1)).toBe(NOW);
  });

  it('falls back to now for a link without a moment', () => {
    expect(dueTasksTime('1', NOW)).toBe(NOW);
    expect(dueTasksTime(null, NOW)).toBe(NOW);
    expect(dueTasksTime('abc', NOW)).toBe(NOW);
  });
});

describe('the entry search term', () => {
  it('asks for numbers from the first digit', () => {
    expect(entrySearchTerm('1')).toBe('1');
    expect(entrySearchTerm(' #12 ')).toBe('#12');
    expect(entrySearchTerm('3/11')).toBe('3/11');
  });

  it('asks for words from 3 characters', () => {
    expect(entrySearchTerm('Pa')).toBeNull();
    expect(entrySearchTerm('  ')).toBeNull();
    expect(entrySearchTerm('Pal')).toBe('Pal');
  });

  it('reads a query number', () => {
    expect(entrySearchId('#12')).toBe(12);
    expect(entrySearchId('12')).toBe(12);
    expect(entrySearchId('3/11')).toBeNull();
    expect(entrySearchId('Palety')).toBeNull();
  });
});

describe('picker dates', () => {
  it('goes from the picker (local time) to ISO and back', () => {
    const iso = pickerToIso('2026-11-22 14:30:00');
    expect(iso).toMatch(/^2026-11-22T\d{2}:30:00\.000Z$/);
    expect(isoToPicker(iso)).toBe('2026-11-22 14:30:00');
  });

  it('keeps empty as null', () => {
    expect(pickerToIso(null)).toBeNull();
    expect(pickerToIso('')).toBeNull();
    expect(isoToPicker(null)).toBeNull();
  });
});

describe('the next contact shortcuts', () => {
  // Wednesday 25/11/2026 14:37 local time.
  const now = new Date(2026, 10, 25, 14, 37, 12);
  it('sets in an hour, tomorrow at 9:00 and next Monday at 9:00', () => {
    expect(nextContactAt('inAnHour', now)).toBe('2026-11-25 15:37:00');
    expect(nextContactAt('tomorrowNine', now)).toBe('2026-11-26 09:00:00');
    expect(nextContactAt('mondayNine', now)).toBe('2026-11-30 09:00:00');
  });
  it('takes the Monday a week on from a Monday, and the next day from a Sunday', () => {
    expect(nextContactAt('mondayNine', new Date(2026, 10, 30, 8, 0))).toBe('2026-12-07 09:00:00');
    expect(nextContactAt('mondayNine', new Date(2026, 10, 29, 20, 0))).toBe('2026-11-30 09:00:00');
  });
});
