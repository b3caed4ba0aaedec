import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/** NIP and bank account checks. */

export const normaliseTaxId = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/**
 * A tax id as it is stored and compared: without spaces, dots and dashes, and a Polish NIP without 'PL' (so that
 * 'PL 725-180-11-26' and '7251801126' are one number). Foreign VAT ids keep their country letters.
 */
export function canonicalTaxId(value: string): string {
  const compact = normaliseTaxId(value);
  return /^PL\d{10}$/.test(compact) ? compact.slice(2) : compact;
}

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** A Polish NIP: 10 digits whose last is the weighted checksum of the first nine. */
export function isValidPolishNip(value: string): boolean {
  const digits = normaliseTaxId(value).replace(/^PL/, '');
  if (!/^\d{10}$/.test(digits)) return false;
  const sum = NIP_WEIGHTS.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[9]);
}

/**
 * Which tax ids get the Polish checksum: those of Polish (or country-less) records that are all
 * digits, and any starting with 'PL'. A foreign VAT id (DE123456789) is accepted as typed.
 */
export function needsPolishNipCheck(nip: string, country: string | null | undefined): boolean {
  const n = normaliseTaxId(nip);
  if (n.startsWith('PL')) return true;
  return (!country || country === 'PL') && /^\d+$/.test(n);
}

/** Account numbers that look like an IBAN (country letters, check digits, account; or the 26 digits of a Polish NRB) are checked. */
export function bankAccountError(value: string): boolean {
  const compact = (electronicFormatIBAN(value) ?? value.replace(/\s/g, '')).toUpperCase();
  if (/^\d{26}$/.test(compact)) return !isValidIBAN(`PL${compact}`);
  if (/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact)) return !isValidIBAN(compact);
  return false;
}
