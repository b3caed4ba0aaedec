import { z } from 'zod';
import { DEFAULT_PHONE_PREFIX } from './constants.ts';
import { COUNTRY_CODES } from './countries.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from './dictionaries.ts';
import { apiMessages, validationMessages as m, partyMessages } from './messages.ts';
import { canonicalTaxId, isValidPolishNip, needsPolishNipCheck } from './taxIds.ts';
import { optionalEmail, optionalPhone, optionalText, phonePrefix } from './validation.ts';
import { bankAccountsField, type VerificationStatus } from './verification.ts';

/** Fields customers and carriers share: company, contact, address, tax id, language. */

const nullToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);

/** A field with a default that a client may also send as null ("every known field, null when missing"). */
export const withDefault = <T extends z.ZodType>(schema: T, value: z.output<T>) =>
  z
    .preprocess(nullToUndefined, schema.optional())
    .transform((v): z.output<T> => (v === undefined ? value : (v as z.output<T>)));

export const countryCode = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toUpperCase()) : v),
      z.enum(COUNTRY_CODES, { error: m.oneOf }).nullable(),
    )
    .optional();

export const taxId = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? canonicalTaxId(v) || null : v),
      z
        .string()
        .regex(/^[A-Z0-9]+$/, { error: m.alphanumeric })
        .max(20, { error: m.maxLength(20) })
        .nullable(),
    )
    .optional();

export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(nullToUndefined, z.enum(values, { error: m.oneOf }).optional()).transform((v) => v ?? null);

export const partyFields = {
  companyName: optionalText(255),
  name: optionalText(255),
  phone: optionalPhone(5, 15),
  email: optionalEmail(),
  streetAddress: optionalText(255),
  postalCode: optionalText(20),
  city: optionalText(120),
  country: countryCode(),
  nip: taxId(),
  bankAccounts: bankAccountsField(),
  /** GET /api/registry/company's `lookup`: saved with it, the GUS answer becomes the party's check. */
  registryLookup: z
    .preprocess((v) => (v === '' ? null : v), z.uuid({ error: apiMessages.invalidUuid }).nullable())
    .optional(),
};

export const partyDefaults = {
  phonePrefix: withDefault(phonePrefix(), DEFAULT_PHONE_PREFIX),
  language: withDefault(z.enum(LANGUAGES, { error: m.oneOf }), DEFAULT_LANGUAGE),
};

/** Partial updates: the same rules, no defaults (a missing field stays as it is). */
export const partyUpdateFields = {
  ...partyFields,
  phonePrefix: phonePrefix().optional(),
  language: z.enum(LANGUAGES, { error: m.oneOf }).optional(),
};

type PartyLike = { nip?: string | null; country?: string | null; companyName?: string | null; name?: string | null };

/** Rules across fields, run on a new record and on the merged record of an update. */
export function partyIssues(party: PartyLike): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (!party.companyName && !party.name) issues.push({ path: 'companyName', message: m.required });
  if (party.nip && needsPolishNipCheck(party.nip, party.country) && !isValidPolishNip(party.nip)) {
    issues.push({ path: 'nip', message: partyMessages.nipInvalid });
  }
  return issues;
}

export const refineParty = (value: PartyLike, ctx: z.RefinementCtx) => {
  for (const issue of partyIssues(value)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
};

/** A record that already has a NIP or phone: what the form names and links to. */
/** What a customer and a carrier both are, as the API answers them. */
export type PartyRecord = {
  '@id': string;
  id: number;
  uuid: string;
  companyName: string | null;
  name: string | null;
  phonePrefix: string;
  phone: string | null;
  email: string | null;
  streetAddress: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  nip: string | null;
  language: string;
  createdDate: string;
  /** Accounts (26-digit NRB, digits only). */
  bankAccounts: string[];
  vatStatus: string | null;
  vatStatusCheckedAt: string | null;
  registryStatus: string | null;
  verifiedAt: string | null;
  verificationStatus: VerificationStatus;
};

export type PartyMatch = { '@id': string; uuid: string; companyName: string | null; name: string | null };

/** GET /api/{customers|carriers}/duplicates: how many others have this NIP and this phone, and the first of each. */
export type PartyDuplicates = {
  nip: number;
  phone: number;
  nipMatch: PartyMatch | null;
  phoneMatch: PartyMatch | null;
};

/** 'W bazie znaleziono N klientów z podanym numerem' with the right Polish form of the noun. */
export function duplicateHint(count: number, singular: string, plural: string): string {
  return `W bazie znaleziono ${count} ${count === 1 ? singular : plural} z podanym numerem`;
}
