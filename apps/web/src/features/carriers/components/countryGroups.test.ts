import { COUNTRY_GROUPS } from '@spedycja/domain';
import { describe, expect, it } from 'vitest';
import {
  COUNTRY_GROUP_VIEWS,
  deselectCountries,
  GROUPED_COUNTRIES,
  groupSelection,
  selectCountries,
  toggleCountry,
  ungroupedCountries,
} from './countryGroups.ts';

const western = [...(COUNTRY_GROUPS.find((g) => g.id === 'western')?.countries ?? [])];
const northern = [...(COUNTRY_GROUPS.find((g) => g.id === 'northern')?.countries ?? [])];

describe('served countries by group', () => {
  it('selects a whole group on top of what is chosen, once each, sorted', () => {
    const next = selectCountries(['PL', 'DE'], western);
    expect(next).toEqual([...new Set(['PL', ...western])].sort());
    expect(groupSelection(next, western)).toBe('all');
    expect(groupSelection(next, northern)).toBe('none');
  });

  it('clears a group and leaves the others (and codes outside the groups) alone', () => {
    const chosen = selectCountries(selectCountries(['US'], western), northern);
    const next = deselectCountries(chosen, western);
    expect(next).toEqual([...northern, 'US'].sort());
    expect(ungroupedCountries(next)).toEqual(['US']);
  });

  it('selects and clears all groups', () => {
    const all = selectCountries(['US'], GROUPED_COUNTRIES);
    expect(all).toHaveLength(GROUPED_COUNTRIES.length + 1);
    expect(COUNTRY_GROUP_VIEWS.every((g) => groupSelection(all, g.countries) === 'all')).toBe(true);
    expect(deselectCountries(all, GROUPED_COUNTRIES)).toEqual(['US']);
  });

  it('toggles one country and reports a partly chosen group', () => {
    const one = toggleCountry([], 'DE', true);
    expect(one).toEqual(['DE']);
    expect(groupSelection(one, western)).toBe('some');
    expect(toggleCountry(one, 'DE', false)).toEqual([]);
  });

  it('lists each group’s countries by Polish name', () => {
    const view = COUNTRY_GROUP_VIEWS.find((g) => g.id === 'western');
    expect(view?.countries.slice(0, 3)).toEqual(['AT', 'BE', 'FR']);
  });
});
