import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import { COUNTRIES } from './countries.ts';

/** A country's calling code (libphonenumber-js): 'PL' -> '48'; null where it has none of its own. */
export const countryPhonePrefix = (iso: string): string | null =>
  isSupportedCountry(iso) ? getCountryCallingCode(iso) : null;

/** Distinct calling codes for the prefix selects, Poland's first. */
export const PHONE_PREFIXES: string[] = [
  ...new Set(COUNTRIES.map((c) => countryPhonePrefix(c.iso)).filter((p): p is string => !!p)),
];
