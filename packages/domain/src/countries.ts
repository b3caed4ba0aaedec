import countries from 'i18n-iso-countries';
import pl from 'i18n-iso-countries/langs/pl.json' with { type: 'json' };

/**
 * Countries with Polish names and ISO codes, derived from a maintained package (i18n-iso-countries); only the regional
 * grouping for carriers is ours. Calling codes are in phonePrefixes.ts, apart: their metadata weighs 30 kB gzipped,
 * which pages that only show country names (the carriers' public page) do not load.
 */

countries.registerLocale(pl);

export type Country = { iso: string; name: string };

export const COUNTRY_GROUPS = [
  { id: 'northern', name: 'Europa Północna', countries: ['DK', 'EE', 'FI', 'IE', 'IS', 'LT', 'LV', 'NO', 'SE', 'GB'] },
  {
    id: 'southern',
    name: 'Europa Południowa',
    countries: ['AL', 'AD', 'BA', 'CY', 'ES', 'GR', 'HR', 'IT', 'ME', 'MK', 'MT', 'PT', 'RS', 'SI', 'SM', 'TR'],
  },
  {
    id: 'eastern',
    name: 'Europa Wschodnia',
    countries: ['BG', 'BY', 'CZ', 'GE', 'HU', 'KZ', 'MD', 'PL', 'RO', 'RU', 'SK', 'UA'],
  },
  { id: 'western', name: 'Europa Zachodnia', countries: ['AT', 'BE', 'CH', 'DE', 'FR', 'LI', 'LU', 'MC', 'NL'] },
] as const;
export type CountryGroupId = (typeof COUNTRY_GROUPS)[number]['id'];

const collator = new Intl.Collator('pl');

function build(): Country[] {
  const names = countries.getNames('pl', { select: 'official' });
  return Object.entries(names)
    .map(([iso, name]) => ({ iso, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Every country, Poland first (most addresses are Polish), then by Polish name. */
export const COUNTRIES: Country[] = (() => {
  const all = build();
  const poland = all.filter((c) => c.iso === 'PL');
  return [...poland, ...all.filter((c) => c.iso !== 'PL')];
})();

const byIso = new Map(COUNTRIES.map((c) => [c.iso, c]));
export const COUNTRY_CODES = COUNTRIES.map((c) => c.iso) as [string, ...string[]];
export const countryName = (iso: string | null | undefined) => (iso ? (byIso.get(iso)?.name ?? iso) : null);
export const isCountryCode = (iso: string) => byIso.has(iso);
export const EUROPEAN_COUNTRY_CODES: string[] = COUNTRY_GROUPS.flatMap((g) => [...g.countries]);
