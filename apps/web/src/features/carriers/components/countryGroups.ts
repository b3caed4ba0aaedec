import { COUNTRY_GROUPS, countryName } from '@spedycja/domain';

/**
 * The served-countries choice as pure functions over a sorted list of ISO codes: a group (or all
 * groups) selected or cleared at once, one country toggled. Codes outside the groups are kept.
 */

const collator = new Intl.Collator('pl');
const normalise = (codes: Iterable<string>) => [...new Set(codes)].sort();

export type CountryGroupView = { id: string; name: string; countries: string[] };

/** The groups with their countries in Polish alphabetical order, as the field lists them. */
export const COUNTRY_GROUP_VIEWS: CountryGroupView[] = COUNTRY_GROUPS.map((group) => ({
  id: group.id,
  name: group.name,
  countries: [...group.countries].sort((a, b) => collator.compare(countryName(a) ?? a, countryName(b) ?? b)),
}));

export const GROUPED_COUNTRIES: string[] = normalise(COUNTRY_GROUPS.flatMap((group) => [...group.countries]));

export function selectCountries(selected: readonly string[], codes: readonly string[]): string[] {
  return normalise([...selected, ...codes]);
}

export function deselectCountries(selected: readonly string[], codes: readonly string[]): string[] {
  const removed = new Set(codes);
  return normalise(selected.filter((code) => !removed.has(code)));
}

export function toggleCountry(selected: readonly string[], code: string, checked: boolean): string[] {
  return checked ? selectCountries(selected, [code]) : deselectCountries(selected, [code]);
}

/** How much of a group is chosen: 'all', 'some' or 'none'. */
export function groupSelection(selected: readonly string[], codes: readonly string[]): 'all' | 'some' | 'none' {
  const chosen = new Set(selected);
  const count = codes.filter((code) => chosen.has(code)).length;
  return count === 0 ? 'none' : count === codes.length ? 'all' : 'some';
}

/** Chosen codes that belong to no group (e.g. from older data); the field lists them apart. */
export function ungroupedCountries(selected: readonly string[]): string[] {
  const grouped = new Set(GROUPED_COUNTRIES);
  return selected.filter((code) => !grouped.has(code));
}
