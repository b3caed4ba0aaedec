import {
  bankAccountError,
  COUNTRIES,
  CUSTOMER_ACQUISITION_SOURCES,
  canonicalTaxId,
  carrierCreateSchema,
  countryName,
  customerCreateSchema,
  DEFAULT_PHONE_PREFIX,
  EU_VAT_PREFIXES,
  formatDate,
  formatDecimal,
  headerKey,
  type ImportKind,
  type ImportMapping,
  type ImportPreviewCell,
  isCountryCode,
  isValidPolishNip,
  LANGUAGES,
  METHODS_OF_CONTACT,
  importMessages as msg,
  needsPolishNipCheck,
  splitPhone,
} from '@spedycja/domain';
import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import pl from 'i18n-iso-countries/langs/pl.json' with { type: 'json' };

countries.registerLocale(pl);
countries.registerLocale(en);
countries.registerLocale(de);

/** What one cell becomes: a value to store (null for an empty cell) and its text for the preview, or a reason. */
type Cell = { value: unknown; display?: string; error?: string };

const plain = (text: string) => headerKey(text).replace(/[.]/g, '').trim();

/** Every name a country goes by here (Polish, English and German, official and short), by plain text. */
const COUNTRY_BY_NAME = (() => {
  const map = new Map<string, string>();
  for (const lang of ['pl', 'en', 'de']) {
    for (const [iso, names] of Object.entries(countries.getNames(lang, { select: 'all' }))) {
      for (const name of names as string[]) map.set(plain(name), iso);
    }
  }
  for (const { iso, name } of COUNTRIES) map.set(plain(name), iso);
  const extra: Record<string, string> = {
    polska: 'PL',
    niemcy: 'DE',
    czechy: 'CZ',
    anglia: 'GB',
    'wielka brytania': 'GB',
    uk: 'GB',
    holandia: 'NL',
    rosja: 'RU',
    usa: 'US',
    el: 'GR',
    litwa: 'LT',
    slowacja: 'SK',
  };
  for (const [name, iso] of Object.entries(extra)) map.set(name, iso);
  return map;
})();

/** 'Niemcy', 'DE', 'DEU', 'Germany', 'Deutschland' → DE; null when it is none of the dictionary's countries. */
export function readCountry(input: string): string | null {
  const text = input.trim();
  if (/^[A-Za-z]{2}$/.test(text)) {
    const iso = text.toUpperCase() === 'EL' ? 'GR' : text.toUpperCase() === 'UK' ? 'GB' : text.toUpperCase();
    return isCountryCode(iso) ? iso : null;
  }
  if (/^[A-Za-z]{3}$/.test(text)) {
    const iso = countries.alpha3ToAlpha2(text.toUpperCase());
    if (iso && isCountryCode(iso)) return iso;
  }
  const iso = COUNTRY_BY_NAME.get(plain(text));
  return iso && isCountryCode(iso) ? iso : null;
}

/** Days since 1899-12-30 (Excel's serial dates, the 1900 leap-year bug included) within 1955…2150. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

const isoDay = (y: number, m: number, d: number): string | null => {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
};

/** DD/MM/YYYY, DD.MM.YYYY, DD-MM-YYYY, YYYY-MM-DD (a time after it is dropped) or an Excel serial → 'YYYY-MM-DD'. */
export function readDate(input: string): string | null {
  const text = input.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s].*)?$/.exec(text);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?:\s.*)?$/.exec(text);
  if (m) return isoDay(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2}):(\d{2}),\s*(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) return isoDay(Number(m[5]), Number(m[4]), Number(m[3]));
  if (/^\d{5}(\.\d+)?$/.test(text)) {
    const serial = Math.floor(Number(text));
    if (serial >= 20000 && serial <= 91000)
      return new Date(EXCEL_EPOCH + serial * 86_400_000).toISOString().slice(0, 10);
  }
  return null;
}

/**
 * An amount as offices write it, in hundredths: '4 500,50', '4.500,50', '4,500.50', '4500.5', '4 500,50 zł', '-12,3'.
 * The last of the comma and the dot is the decimal separator when it has one or two digits after it.
 */
export function readAmount(input: string): number | null {
  let text = input
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/(zł|zl|pln|eur|€|usd|\$)$/i, '')
    .replace(/^(pln|eur)/i, '');
  if (!/^-?[\d.,']+$/.test(text) || !/\d/.test(text)) return null;
  const negative = text.startsWith('-');
  text = text.replace('-', '').replace(/'/g, '');
  const lastSep = Math.max(text.lastIndexOf(','), text.lastIndexOf('.'));
  let whole = text;
  let fraction = '';
  if (lastSep >= 0) {
    const after = text.slice(lastSep + 1);
    const separators = (text.match(/[.,]/g) ?? []).length;
    const sameSeparatorTwice = separators > 1 && !text.slice(0, lastSep).includes(text[lastSep] === ',' ? '.' : ',');
    if (after.length <= 2 && !(sameSeparatorTwice && after.length === 3)) {
      whole = text.slice(0, lastSep);
      fraction = after;
    } else if (after.length === 3) {
      whole = text;
    } else {
      return null;
    }
  }
  // Thousands grouped in threes ('4.500', '1,000,000'), by one separator.
  if (/[.,]/.test(whole)) {
    const groups = whole.split(/[.,]/);
    const separators = new Set(whole.match(/[.,]/g));
    const first = groups[0] ?? '';
    if (separators.size > 1 || first.length < 1 || first.length > 3 || groups.slice(1).some((g) => g.length !== 3)) {
      return null;
    }
  }
  whole = whole.replace(/[.,]/g, '');
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  const cents = Number(whole || '0') * 100 + Number(`${fraction}00`.slice(0, 2));
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

/** A date with its time when the cell has one ('08:30, 14/12/2026', '2026-12-14 08:30'): 'YYYY-MM-DD HH:mm'. */
export function readDateTime(input: string): string | null {
  const day = readDate(input);
  if (!day) return null;
  const time = /(?:^|[\sT])(\d{1,2}):(\d{2})(?::\d{2})?/.exec(input.trim());
  const hh = time ? Number(time[1]) : 0;
  const mm = time ? Number(time[2]) : 0;
  if (hh > 23 || mm > 59) return null;
  return `${day} ${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text =
  (max: number) =>
  (raw: string): Cell => {
    if (raw.length > max) return { value: null, error: msg.tooLong(max) };
    return { value: raw };
  };

const oneOf =
  (values: readonly string[]) =>
  (raw: string): Cell => {
    const found = values.find((v) => plain(v) === plain(raw));
    return found ? { value: found } : { value: null, error: msg.valueUnknown(raw) };
  };

const amount = (raw: string): Cell => {
  const value = readAmount(raw);
  if (value === null || value < 0) return { value: null, error: msg.amountInvalid(raw) };
  return { value, display: formatDecimal(value) };
};

const date = (raw: string): Cell => {
  const value = readDate(raw);
  return value ? { value, display: formatDate(value) } : { value: null, error: msg.dateInvalid(raw) };
};

const country = (raw: string): Cell => {
  const iso = readCountry(raw);
  return iso
    ? { value: iso, display: `${iso} (${countryName(iso)})` }
    : { value: null, error: msg.countryUnknown(raw) };
};

/** Cell readers of the parties' fields (NIP and the address are read together with others: see normaliseParty). */
const PARTY_READERS: Record<string, (raw: string) => Cell> = {
  companyName: text(255),
  name: text(255),
  email: (raw) => {
    const value = raw.replace(/^mailto:/i, '').trim();
    return EMAIL.test(value) && value.length <= 180 ? { value } : { value: null, error: msg.emailInvalid };
  },
  streetAddress: text(255),
  postalCode: text(20),
  city: text(120),
  country,
  language: (raw) => {
    const found = LANGUAGES.find((l) => plain(l) === plain(raw));
    return found ? { value: found } : { value: null, error: msg.languageUnknown(raw) };
  },
  bankAccount: (raw) => {
    const compact = raw
      .replace(/[\s-]/g, '')
      .toUpperCase()
      .replace(/^PL(?=\d{26}$)/, '');
    if (!/^\d{26}$/.test(compact) || bankAccountError(compact)) return { value: null, error: msg.accountInvalid };
    return {
      value: compact,
      display: compact.replace(/^(\d{2})(\d{4})(\d{4})(\d{4})(\d{4})(\d{4})(\d{4})$/, '$1 $2 $3 $4 $5 $6 $7'),
    };
  },
  acquiredBy: oneOf(CUSTOMER_ACQUISITION_SOURCES),
  methodOfContact: oneOf(METHODS_OF_CONTACT),
  countries: (raw) => {
    const parts = raw
      .split(/[,;/|]+|\s+(?=[A-Za-z]{2}(?:\s|$))/)
      .map((p) => p.trim())
      .filter(Boolean);
    const codes: string[] = [];
    for (const part of parts) {
      const iso = readCountry(part);
      if (!iso) return { value: null, error: msg.countryUnknown(part) };
      codes.push(iso);
    }
    const value = [...new Set(codes)].sort();
    return { value, display: value.join(', ') };
  },
  ocpValidTo: date,
  licenceValidTo: date,
  ocpInsurer: text(255),
  ocpPolicyNumber: text(64),
  licenceNumber: text(64),
  ocpSum: amount,
  maxCargoLength: amount,
  maxCargoWidth: amount,
  maxCargoHeight: amount,
  maxCargoWeight: amount,
};

/** 'ul. Długa 5, 00-950 Warszawa' (the app's own export) → street, postal code and city. */
export function splitAddress(raw: string): {
  streetAddress: string | null;
  postalCode: string | null;
  city: string | null;
} {
  const parts = raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const last = parts.at(-1) ?? '';
  const m = /^(\d{2}-\d{3}|[A-Z0-9]{2,5}[- ]?[A-Z0-9]{0,4})\s+(.+)$/.exec(last);
  if (m && /\d/.test(m[1] as string)) {
    return { streetAddress: parts.slice(0, -1).join(', ') || null, postalCode: m[1] as string, city: m[2] as string };
  }
  if (parts.length > 1) return { streetAddress: parts.slice(0, -1).join(', '), postalCode: null, city: last };
  return { streetAddress: raw || null, postalCode: null, city: null };
}

export type NormalisedRow = {
  /** The record's fields as the create schema takes them. */
  values: Record<string, unknown>;
  cells: ImportPreviewCell[];
  errors: string[];
};

const cellOf = (cells: string[], mapping: ImportMapping, field: string) => {
  const index = mapping[field];
  return index === null || index === undefined ? null : (cells[index] ?? '');
};

const displayOf = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
};

/** Labels for the row's reasons ('NIP: Niepoprawny NIP'). */
const FIELD_LABELS: Record<string, string> = {
  companyName: 'Nazwa firmy',
  name: 'Imię i nazwisko',
  nip: 'NIP',
  phone: 'Telefon',
  phonePrefix: 'Telefon',
  email: 'E-mail',
  streetAddress: 'Ulica',
  postalCode: 'Kod pocztowy',
  city: 'Miasto',
  address: 'Adres',
  country: 'Kraj',
  language: 'Język',
  bankAccount: 'Nr konta',
  bankAccounts: 'Nr konta',
  accountNumber: 'Nr konta',
  countries: 'Kraje obsługiwane',
  ocpValidTo: 'OCP do',
  licenceValidTo: 'Licencja do',
  ocpSum: 'Suma OCP',
};
export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field;
export type { Cell };
export { amount as readAmountCell, country as readCountryCell, text as readTextCell };

/**
 * One row of customers or carriers read through the mapping: each mapped cell normalised (NIP, phone, country, dates,
 * amounts), then the whole record checked by the same schema as the form's (customerCreateSchema,
 * carrierCreateSchema), so that an imported record is one the app could have saved. A refused cell names its reason.
 */
export function normaliseParty(kind: 'customers' | 'carriers', cells: string[], mapping: ImportMapping): NormalisedRow {
  const out: ImportPreviewCell[] = [];
  const values: Record<string, unknown> = {};
  const fieldErrors = new Map<string, string>();
  const put = (field: string, source: string | null, cell: Cell) => {
    out.push({
      field,
      source,
      value: cell.value,
      display: cell.display ?? displayOf(cell.value),
      ...(cell.error ? { error: cell.error } : {}),
    });
    if (cell.error) fieldErrors.set(field, cell.error);
  };
  const readers = Object.keys(PARTY_READERS).filter((f) =>
    kind === 'customers'
      ? f !== 'countries' &&
        !f.startsWith('ocp') &&
        !f.startsWith('licence') &&
        !f.startsWith('maxCargo') &&
        f !== 'methodOfContact'
      : f !== 'acquiredBy',
  );
  for (const field of readers) {
    const raw = cellOf(cells, mapping, field);
    if (raw === null) continue;
    if (raw === '') {
      put(field, raw, { value: null });
      continue;
    }
    const cell = (PARTY_READERS[field] as (raw: string) => Cell)(raw);
    put(field, raw, cell);
    if (!cell.error && cell.value !== null) values[field] = cell.value;
  }
  // One address column (the app's own export): what the separate columns did not give.
  const address = cellOf(cells, mapping, 'address');
  if (address) {
    const parts = splitAddress(address);
    for (const [field, value] of Object.entries(parts)) if (values[field] === undefined && value) values[field] = value;
    put('address', address, {
      value: parts,
      display: [parts.streetAddress, [parts.postalCode, parts.city].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', '),
    });
  }
  // The phone: the calling code split off ('+49 30 1234567' → 49, 301234567).
  const phoneRaw = cellOf(cells, mapping, 'phone');
  if (phoneRaw) {
    const first = phoneRaw.split(/[,;/]|\s{2,}/)[0]?.trim() ?? '';
    const { prefix, number } = splitPhone(first);
    const ok = /^[\d\s()+./-]+$/.test(first) && number.length >= 5 && number.length <= 15;
    if (ok) {
      values.phone = number;
      values.phonePrefix = prefix ?? DEFAULT_PHONE_PREFIX;
    }
    put(
      'phone',
      phoneRaw,
      ok
        ? { value: { prefix: values.phonePrefix, number }, display: `+${values.phonePrefix} ${number}` }
        : { value: null, error: msg.phoneInvalid },
    );
  } else if (phoneRaw === '') put('phone', '', { value: null });
  // The NIP: digits, 'PL' dropped; a foreign EU party's digits get its country's prefix (DE123456789).
  const nipRaw = cellOf(cells, mapping, 'nip');
  if (nipRaw) {
    let nip = canonicalTaxId(nipRaw.replace(/^(nip|vat( id)?)[:\s]*/i, ''));
    const iso = values.country as string | undefined;
    const prefix = iso === 'GR' ? 'EL' : iso;
    if (prefix && prefix !== 'PL' && /^\d/.test(nip) && (EU_VAT_PREFIXES as readonly string[]).includes(prefix)) {
      nip = `${prefix}${nip}`;
    }
    let error: string | undefined;
    if (!/^[A-Z0-9]{1,20}$/.test(nip)) error = msg.nipShape;
    else if (needsPolishNipCheck(nip, iso) && !isValidPolishNip(nip)) error = msg.nipInvalid;
    if (!error) values.nip = nip;
    put('nip', nipRaw, error ? { value: null, error } : { value: nip });
  } else if (nipRaw === '') put('nip', '', { value: null });

  if (values.bankAccount) {
    values.bankAccounts = [values.bankAccount];
    if (kind === 'carriers') values.accountNumber = values.bankAccount;
  }
  delete values.bankAccount;

  if (!values.companyName && !values.name && !fieldErrors.has('companyName') && !fieldErrors.has('name')) {
    fieldErrors.set('companyName', msg.nameRequired);
  }
  // The form's own schema: what the cell readers let through is what the app saves.
  if (fieldErrors.size === 0) {
    const schema = kind === 'customers' ? customerCreateSchema : carrierCreateSchema;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'companyName');
        if (!fieldErrors.has(field)) fieldErrors.set(field, issue.message);
      }
    }
  }
  const errors = [...fieldErrors].map(([field, reason]) => `${fieldLabel(field)}: ${reason}`);
  return { values, cells: out, errors };
}

/** The fields a party row may write (the create schema's), with their stored defaults left out. */
export const PARTY_WRITABLE = [
  'companyName',
  'name',
  'nip',
  'phone',
  'phonePrefix',
  'email',
  'streetAddress',
  'postalCode',
  'city',
  'country',
  'language',
  'bankAccounts',
  'acquiredBy',
  'accountNumber',
  'countries',
  'ocpValidTo',
  'licenceValidTo',
  'ocpInsurer',
  'ocpPolicyNumber',
  'licenceNumber',
  'ocpSum',
  'maxCargoLength',
  'maxCargoWidth',
  'maxCargoHeight',
  'maxCargoWeight',
  'methodOfContact',
] as const;

export type ImportKindParty = Extract<ImportKind, 'customers' | 'carriers'>;
