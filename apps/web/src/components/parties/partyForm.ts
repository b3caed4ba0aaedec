import { DEFAULT_LANGUAGE, DEFAULT_PHONE_PREFIX, formatNrb } from '@spedycja/domain';
import { partyMessages } from './messages.ts';

/**
 * What customers and carriers share on the web: the record as the API returns it, the form's
 * values (text as typed), and the payload rules of SPEC §5 — a creation sends every known field
 * (null when missing), an update only the changed ones and never without a uuid.
 */

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
  bankAccounts?: string[];
};

/** A chosen customer or carrier, as pickers hold it and relations send it (`@id`). */
export type PartyRef = {
  '@id': string;
  uuid: string;
  companyName: string | null;
  name: string | null;
  nip: string | null;
  /** A customer's reads: a debtor (issue 26) and what it owes past the payment dates (hundredths of PLN). */
  debtor?: boolean;
  overdueAmount?: number;
  /** A carrier's reads: the day its OCP policy ends (issue 24), for the picker's red mark. */
  ocpValidTo?: string | null;
  /** A carrier's reads (issue 39): its average score of 12 months and its on-time %. */
  rating?: number | null;
  onTimeRate?: number | null;
};

export type PartyFormValues = {
  companyName: string;
  name: string;
  phonePrefix: string;
  phone: string;
  email: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  country: string | null;
  nip: string;
  language: string;
  /** Bank accounts as shown: the NRB grouped '12 3456 …' (the API takes digits; spaces are dropped on save). */
  bankAccounts: string[];
  /** 'Pobierz z GUS' answered this look-up: saved with it, GUS's answer becomes the record's check ('' for none). */
  registryLookup: string;
};

export const emptyPartyForm = (): PartyFormValues => ({
  companyName: '',
  name: '',
  phonePrefix: DEFAULT_PHONE_PREFIX,
  phone: '',
  email: '',
  streetAddress: '',
  postalCode: '',
  city: '',
  country: null,
  nip: '',
  language: DEFAULT_LANGUAGE,
  bankAccounts: [],
  registryLookup: '',
});

export const partyToForm = (party: PartyRecord): PartyFormValues => ({
  companyName: party.companyName ?? '',
  name: party.name ?? '',
  phonePrefix: party.phonePrefix || DEFAULT_PHONE_PREFIX,
  phone: party.phone ?? '',
  email: party.email ?? '',
  streetAddress: party.streetAddress ?? '',
  postalCode: party.postalCode ?? '',
  city: party.city ?? '',
  country: party.country,
  nip: party.nip ?? '',
  language: party.language || DEFAULT_LANGUAGE,
  bankAccounts: (party.bankAccounts ?? []).map(formatNrb),
  registryLookup: '',
});

export const toPartyRef = (party: PartyRef): PartyRef => ({
  '@id': party['@id'],
  uuid: party.uuid,
  companyName: party.companyName,
  name: party.name,
  nip: party.nip,
  ...(party.debtor === undefined ? {} : { debtor: party.debtor, overdueAmount: party.overdueAmount ?? 0 }),
  ...(party.ocpValidTo === undefined ? {} : { ocpValidTo: party.ocpValidTo }),
  ...(party.rating === undefined ? {} : { rating: party.rating, onTimeRate: party.onTimeRate ?? null }),
});

/** A customer or carrier embedded in a query or an order, as a picker holds it. */
export const partyRefOf = (party: PartyRef | null): PartyRef | null => (party ? toPartyRef(party) : null);

/** 'Trans-Pol sp. z o.o. – Jan Kowalski' (whichever of the two exists). */
export function partyName(party: Pick<PartyRef, 'companyName' | 'name'>): string {
  return [party.companyName, party.name].filter(Boolean).join(' – ');
}

/** Every known field, null when the parsed values lack it (SPEC §5: creation). */
export function createPayload<K extends string>(
  keys: readonly K[],
  parsed: Readonly<Record<string, unknown>>,
): Record<K, unknown> {
  return Object.fromEntries(keys.map((key) => [key, parsed[key] ?? null])) as Record<K, unknown>;
}

/** Values compared as the form holds them; a list of codes compares as a set. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');
  }
  return Object.is(a, b) || ((a ?? '') === '' && (b ?? '') === '');
}

/** The keys of `current` that differ from what was loaded. */
export function changedKeys<V extends object>(initial: V, current: V): (keyof V & string)[] {
  return (Object.keys(current) as (keyof V & string)[]).filter((key) => !sameValue(initial[key], current[key]));
}

/** Only the changed fields, as the schema output them (null when cleared) (SPEC §5: updates). */
export function updatePayload<V extends object>(
  initial: V,
  current: V,
  parsed: Readonly<Record<string, unknown>>,
): Partial<Record<keyof V & string, unknown>> {
  return Object.fromEntries(changedKeys(initial, current).map((key) => [key, parsed[key] ?? null])) as Partial<
    Record<keyof V & string, unknown>
  >;
}

/** An update without the record's uuid is refused before any request is made. */
export function requireUuid(uuid: string | null | undefined): string {
  if (!uuid) throw new Error(partyMessages.missingUuid);
  return uuid;
}
