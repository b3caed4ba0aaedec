import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';

/** Checks of customers and carriers in outside registers: GUS (REGON), VIES, the VAT white list. */

export const VERIFICATION_SOURCES = ['gus', 'vies', 'whitelist'] as const;
export type VerificationSource = (typeof VERIFICATION_SOURCES)[number];
export const VERIFICATION_OUTCOMES = ['ok', 'failed', 'unavailable'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];
export const VERIFICATION_STATUSES = ['zweryfikowany', 'wygasla', 'niezweryfikowany'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Payments to an account the white list does not confirm are a risk above this (hundredths of PLN, gross). */
export const WHITELIST_THRESHOLD = 1_500_000;
/**
 * The white list's daily limits per IP: 10 searches (each up to 30 NIPs) and 5000 account checks. From 90 % of a
 * limit on the app says so instead of asking (the list would block the office's IP for the rest of the day).
 */
export const WHITELIST_SEARCH_DAILY_LIMIT = 10;
export const WHITELIST_CHECK_DAILY_LIMIT = 5000;
export const WHITELIST_NEAR_LIMIT = 0.9;
export const DEFAULT_VERIFICATION_VALID_DAYS = 60;

export const verificationMessages = {
  nipRequired: 'Podaj NIP!',
  nipInvalid: 'Nieprawidłowy NIP',
  gusNotFound: 'Nie znaleziono firmy o tym NIP w GUS',
  gusNoKey:
    'Brak klucza do API GUS (BIR1.1). Klucz jest bezpłatny: wniosek na https://api.stat.gov.pl/Home/RegonApi — następnie ustaw GUS_API_KEY.',
  gusUnavailable: 'Rejestr REGON (GUS) nie odpowiada. Spróbuj ponownie później.',
  viesUnavailable: 'VIES: nie można sprawdzić teraz (usługa państwa członkowskiego jest niedostępna).',
  viesNotEu: 'Sprawdzenie w VIES dotyczy numerów VAT UE spoza Polski (np. DE123456789).',
  whitelistUnavailable: 'Biała lista podatników VAT nie odpowiada. Spróbuj ponownie później.',
  whitelistNotPolish: 'Biała lista obejmuje tylko polskie numery NIP.',
  whitelistLimitNear: (used: number, limit: number) =>
    `Wykorzystano ${used} z ${limit} dziennych zapytań do białej listy — spróbuj jutro, aby biuro nie zostało zablokowane.`,
  whitelistLimit: 'Dzienny limit zapytań do białej listy został wyczerpany — spróbuj jutro.',
  whitelistUnconfirmed:
    'Rachunek nie figuruje na białej liście — zapłata ponad 15 000 zł brutto grozi utratą kosztu i solidarną odpowiedzialnością za VAT',
  /** The refusal (409) itself: what is refused and what would let it through. */
  whitelistRefused:
    'Konto spoza białej listy VAT — zapłata powyżej 15 000 zł brutto wymaga uzasadnienia administratora',
  whitelistUnconfirmedBelow:
    'Rachunek nie figuruje na białej liście (kwota do 15 000 zł brutto) — zapisano ostrzeżenie.',
  overrideAdminOnly: 'Tylko administrator może potwierdzić zapłatę na rachunek spoza białej listy.',
  overrideReasonRequired: 'Podaj powód potwierdzenia!',
  accountInvalid: 'Nieprawidłowy numer rachunku (26 cyfr NRB lub IBAN PL)',
  carrierUnverified: (why: string) =>
    `Przewoźnik nie jest zweryfikowany (${why}) — zlecenia tylko dla zweryfikowanych przewoźników.`,
  carrierOverrideAdminOnly: 'Tylko administrator może zapisać zlecenie z niezweryfikowanym przewoźnikiem.',
  ocpExpired: 'OCP wygasło',
  ocpExpires: (date: string) => `OCP wygasa ${date}`,
  ocpSumTooLow: 'Suma OCP niższa niż wartość towaru',
  carrierNotVerified: (why: string) => `Przewoźnik niezweryfikowany (${why})`,
  ocpReminder: (carrier: string) => `Poproś o nową polisę OCP: ${carrier}`,
  licenceReminder: (carrier: string) => `Poproś o nową licencję transportową: ${carrier}`,
  sourceUnavailableForParty: 'Ten rodzaj sprawdzenia nie dotyczy tego kontrahenta.',
} as const;

/** A Polish account as stored: the 26 digits of the NRB ('PL' IBAN and spaces accepted on input). */
export function normaliseNrb(value: string): string | null {
  const compact = (electronicFormatIBAN(value) ?? value.replace(/\s/g, '')).toUpperCase();
  const digits = compact.startsWith('PL') ? compact.slice(2) : compact;
  if (!/^\d{26}$/.test(digits) || !isValidIBAN(`PL${digits}`)) return null;
  return digits;
}

/** '12 3456 7890 1234 5678 9012 3456', as banks print it. */
export function formatNrb(digits: string): string {
  if (!/^\d{26}$/.test(digits)) return digits;
  return `${digits.slice(0, 2)} ${digits.slice(2).replace(/(\d{4})(?=\d)/g, '$1 ')}`;
}

const nrb = () =>
  z.string().transform((v, ctx) => {
    const n = normaliseNrb(v);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: verificationMessages.accountInvalid });
      return z.NEVER;
    }
    return n;
  });

export const bankAccountsField = () =>
  z
    .preprocess((v) => (v === null ? [] : v), z.array(nrb()).max(20))
    .transform((list) => [...new Set(list)])
    .optional();

export const optionalNrb = () => z.preprocess((v) => (v === '' ? null : v), nrb().nullable()).optional();

export const verifyBodySchema = z.object({
  source: z.enum(VERIFICATION_SOURCES, { error: 'Wybierz: gus, vies lub whitelist' }),
});

export const whitelistOverrideSchema = z.object({
  reason: z.string().trim().min(3, { error: verificationMessages.overrideReasonRequired }).max(1000),
});

/** GET /api/registry/company?nip= */
export type RegistryCompany = {
  nip: string;
  regon: string | null;
  name: string;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  /** 'nieznany': GUS found the company, but its full report (suspension) did not come. */
  status: 'aktywna' | 'zawieszona' | 'wykreślona' | 'nieznany';
  endedOn: string | null;
  source: 'GUS';
  checkedAt: string;
  /**
   * The look-up kept on the server: a customer or carrier saved with it as `registryLookup` gets this answer as its
   * GUS check (when the saved NIP is this one).
   */
  lookup: string;
};

/** One stored check (POST …/verify answers it; GET …/verifications lists them, newest first). */
export type VerificationRecord = {
  '@id': string;
  '@type': 'Verification';
  uuid: string;
  source: VerificationSource;
  outcome: VerificationOutcome;
  asked: unknown;
  details: unknown;
  proofId: string | null;
  /** The account a payment's check was about (26 digits), when there was one. */
  account: string | null;
  order: string | null;
  /** The order's number ('12/11/2026') when the check was made for paying it. */
  orderNumber: string | null;
  overrideReason: string | null;
  checkedAt: string;
  checkedBy: string | null;
};

export type PartyVerificationFields = {
  verifiedAt: string | null;
  vatStatus: string | null;
  registryStatus: string | null;
  ocpValidTo?: string | null;
  country: string | null;
};

/**
 * 'zweryfikowany' while the last successful registry check (GUS for a Polish party, VIES for another EU one) is
 * younger than `validDays` and — for a Polish carrier — the white list says 'Czynny' and the OCP is valid today;
 * 'wygasla' when it is older; otherwise 'niezweryfikowany'. The carriers list's SQL filter says the same.
 */
export function verificationStatus(
  party: PartyVerificationFields,
  kind: 'customer' | 'carrier',
  today: string,
  validDays = DEFAULT_VERIFICATION_VALID_DAYS,
): VerificationStatus {
  if (!party.verifiedAt) return 'niezweryfikowany';
  if (party.registryStatus && party.registryStatus !== 'aktywna') return 'niezweryfikowany';
  if (kind === 'carrier') {
    const polish = !party.country || party.country === 'PL';
    if (polish && party.vatStatus !== 'Czynny') return 'niezweryfikowany';
    if (!party.ocpValidTo || party.ocpValidTo.slice(0, 10) < today) return 'niezweryfikowany';
  }
  const limit = new Date(`${today}T00:00:00Z`);
  limit.setUTCDate(limit.getUTCDate() - validDays);
  if (party.verifiedAt.slice(0, 10) < limit.toISOString().slice(0, 10)) return 'wygasla';
  return 'zweryfikowany';
}

/** The day of an instant in the reader's zone (the office's: a check at 00:30 in Warsaw is that day, not UTC's). */
const readersDay = (instant: string) => {
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}`;
};

export const verificationStatusLabel = (status: VerificationStatus, verifiedAt: string | null) =>
  status === 'zweryfikowany'
    ? `Zweryfikowany ${verifiedAt ? readersDay(verifiedAt) : ''}`.trim()
    : status === 'wygasla'
      ? 'Weryfikacja wygasła'
      : 'Niezweryfikowany';

export type OrderWarningCode =
  | 'ocp_expired'
  | 'ocp_expires_before_unloading'
  | 'ocp_sum_too_low'
  | 'carrier_unverified';
export type OrderWarning = { code: OrderWarningCode; message: string };

const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const toPln = (amount: number, currency: string, rate: number | null | undefined) =>
  currency === 'eur' ? (amount * (rate ?? 0)) / 100 : amount;

/**
 * The carrier's OCP against an order: ended ('OCP wygasło'), ending before the unloading day ('OCP wygasa {date}'),
 * its sum below the cargo's value (EUR at the order's rate). The API's order reads and the order form say the same.
 */
export function ocpWarnings(
  carrier: { ocpValidTo: string | null; ocpSum: number | null; ocpSumCurrency: string },
  order: {
    unloadingDate: string | null;
    cargoValue: number | null;
    cargoValueCurrency: string;
    euroExchangeRate: number | null;
  },
  today: string,
): OrderWarning[] {
  const warnings: OrderWarning[] = [];
  const validTo = carrier.ocpValidTo?.slice(0, 10) ?? null;
  const unloading = order.unloadingDate ? order.unloadingDate.slice(0, 10) : null;
  if (validTo && validTo < today) warnings.push({ code: 'ocp_expired', message: verificationMessages.ocpExpired });
  else if (validTo && unloading && validTo < unloading) {
    warnings.push({
      code: 'ocp_expires_before_unloading',
      message: verificationMessages.ocpExpires(ddmmyyyy(validTo)),
    });
  }
  if (order.cargoValue != null && carrier.ocpSum != null) {
    const cargo = toPln(order.cargoValue, order.cargoValueCurrency, order.euroExchangeRate);
    const sum = toPln(carrier.ocpSum, carrier.ocpSumCurrency, order.euroExchangeRate);
    if (cargo > sum) warnings.push({ code: 'ocp_sum_too_low', message: verificationMessages.ocpSumTooLow });
  }
  return warnings;
}
