import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

/**
 * Phone numbers as people type them: '+48 601 202 303', '0048601202303', '601-202-303', '(601) 202 303', and as the
 * app shows them: '(0048) 601202303'. Stored as
 * national digits with the calling code in its own field; compared by those digits everywhere (searches, duplicates).
 */

/** Looks like a phone number: digits with the usual separators, maybe a leading + or 00. */
export const looksLikePhone = (input: string) => /^\s*\+?[\d\s()./-]+$/.test(input) && /\d/.test(input);

/**
 * The calling code (when the number was typed internationally: '+48…' or '0048…') and the national digits. A number
 * typed without one keeps its digits as they are.
 */
export function splitPhone(input: string): { prefix: string | null; number: string } {
  // The app shows a number as '(0048) 601202303': a calling code in brackets is still a calling code.
  const trimmed = input.trim().replace(/^\(\s*(\+|00)(\d+)\s*\)/, '$1$2 ');
  const digits = trimmed.replace(/\D/g, '');
  const international = trimmed.startsWith('+') ? digits : trimmed.startsWith('00') ? digits.slice(2) : null;
  if (international) {
    const parsed = parsePhoneNumberFromString(`+${international}`);
    if (parsed?.nationalNumber) return { prefix: parsed.countryCallingCode, number: parsed.nationalNumber };
  }
  return { prefix: null, number: digits };
}

/** The digits a phone search compares with the stored national number. */
export const phoneSearchDigits = (input: string) => splitPhone(input).number;

/**
 * Splits an international number typed into `phoneKey` into `prefixKey` and the national digits, before validation:
 * `{phone: '+49 30 1234567'}` becomes `{phonePrefix: '49', phone: '301234567'}`.
 */
export function splitTypedPhone(value: unknown, phoneKey: string, prefixKey: string): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const phone = record[phoneKey];
  if (typeof phone !== 'string' || !looksLikePhone(phone)) return value;
  const { prefix, number } = splitPhone(phone);
  if (prefix === null) return value;
  return { ...record, [phoneKey]: number, [prefixKey]: prefix };
}

/** A payload schema that first moves an internationally typed phone's calling code into its prefix field. */
export const withTypedPhone = <T extends z.ZodType>(schema: T, phoneKey = 'phone', prefixKey = 'phonePrefix') =>
  z.preprocess((value) => splitTypedPhone(value, phoneKey, prefixKey), schema);
