import { z } from 'zod';

/** KSeF (the National e-Invoice System): the invoice's state there, the connection settings, the carriers' invoices. */

export const KSEF_STATUSES = ['none', 'queued', 'sending', 'accepted', 'rejected', 'offline'] as const;
export type KsefStatus = (typeof KSEF_STATUSES)[number];

export const ksefStatusLabels: Record<KsefStatus, string> = {
  none: 'Nie wysłana',
  queued: 'W kolejce',
  sending: 'Wysyłanie',
  accepted: 'Przyjęta',
  rejected: 'Odrzucona',
  offline: 'OFFLINE',
};

export const KSEF_ENVIRONMENT_VALUES = ['TEST', 'DEMO', 'PROD'] as const;
export type KsefEnvironmentName = (typeof KSEF_ENVIRONMENT_VALUES)[number];

export const ksefMessages = {
  locked: 'Faktura została przyjęta przez KSeF — zmiany tylko fakturą korygującą.',
  inFlight: 'Faktura jest wysyłana do KSeF — poczekaj na odpowiedź KSeF.',
  proFormaNotSent: 'Faktura ProForma nie jest wysyłana do KSeF.',
  receivedUnreadable: 'Nie udało się odczytać pliku XML tej faktury — pobierz go i otwórz w programie do e-faktur.',
  alreadyAccepted: 'Faktura została już przyjęta przez KSeF.',
  alreadyQueued: 'Faktura jest już w kolejce do KSeF.',
  queued: 'Faktura została dodana do kolejki wysyłki do KSeF.',
  notConfigured: 'KSeF nie jest skonfigurowany: ustaw token KSeF w ustawieniach.',
  sellerNipMissing: 'Brak NIP-u sprzedawcy w ustawieniach (companyNip).',
  invalidXml: 'Faktura nie jest zgodna ze schematem FA(3) — popraw wskazane pola.',
  connectionOk: 'Połączenie z KSeF działa.',
  unreachable: 'KSeF nie odpowiada. Spróbuj ponownie później.',
  authFailed: 'KSeF odrzucił uwierzytelnienie',
  notAccepted: 'Faktura nie została jeszcze przyjęta przez KSeF',
  noUpo: 'Brak UPO: faktura nie została jeszcze przyjęta przez KSeF.',
  tokenTooShort: 'Token KSeF jest za krótki.',
  synced: 'Pobrano faktury z KSeF.',
  offlineIssued: 'Faktura wystawiona w trybie offline — zostanie wysłana do KSeF, gdy KSeF odpowie.',
  offlineNotAllowed: 'Tryb offline jest dostępny tylko, gdy KSeF nie odpowiada.',
  offlineDeadline: 'Faktury offline muszą zostać przesłane do KSeF do końca następnego dnia roboczego.',
  offlineNeedsCertificate:
    'Faktury offline wymagają certyfikatu KSeF typu Offline (KOD II). Bez niego faktura offline ma tylko KOD I z napisem OFFLINE.',
  receivedAssigned: 'Faktura przewoźnika została przypisana do zlecenia.',
} as const;

export type KsefConfigJson = {
  environment: KsefEnvironmentName;
  apiUrl: string;
  nip: string | null;
  tokenSet: boolean;
  tokenLast4: string | null;
  autoSend: boolean;
  syncHourly: boolean;
  lastSyncAt: string | null;
};

export const ksefConfigUpdateSchema = z.object({
  environment: z.enum(KSEF_ENVIRONMENT_VALUES).optional(),
  /** A new token; an empty string removes the stored one (KSEF_TOKEN applies again); absent keeps it. */
  token: z.string().trim().max(1000).optional(),
  autoSend: z.boolean().optional(),
  syncHourly: z.boolean().optional(),
});
export type KsefConfigUpdate = z.infer<typeof ksefConfigUpdateSchema>;

export type KsefCheckResult = { ok: true; environment: KsefEnvironmentName; nip: string; message: string };

/** GET /api/received_invoices: a carrier's cost invoice fetched from KSeF. */
export type ReceivedInvoice = {
  '@id': string;
  '@type': 'ReceivedInvoice';
  uuid: string;
  ksefNumber: string;
  invoiceNumber: string;
  sellerNip: string;
  sellerName: string | null;
  issueDate: string;
  paymentDate: string | null;
  netAmount: number;
  vatAmount: number;
  grossAmount: number;
  currency: string;
  order: string | null;
  orderNumber: string | null;
  priceMatches: boolean | null;
  /** The carrier price minus the invoice's net, in hundredths (0 when it matches); null without an order. */
  difference: number | null;
  acquiredAt: string;
};

export const receivedInvoiceAssignSchema = z.object({ order: z.string().min(1).nullable() });

/** Easter Sunday of a Gregorian year, as YYYY-MM-DD (the anonymous Gregorian computus). */
function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

/**
 * The Polish public holidays of a year (the act of 18 January 1951 on days free from work, with Christmas Eve free
 * since 2025), as YYYY-MM-DD. Sundays among them (Easter, Pentecost) are listed too.
 */
export function polishPublicHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const afterEaster = (days: number) => new Date(easter.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const fixed = ['01-01', '01-06', '05-01', '05-03', '08-15', '11-01', '11-11', '12-25', '12-26'];
  if (year >= 2025) fixed.push('12-24');
  return [
    ...fixed.map((md) => `${year}-${md}`),
    afterEaster(0),
    afterEaster(1),
    // Pentecost (a Sunday) and Corpus Christi.
    afterEaster(49),
    afterEaster(60),
  ].sort();
}

/** A working day: not a Saturday, a Sunday or a Polish public holiday. */
export function isPolishWorkingDay(isoDate: string): boolean {
  const day = new Date(`${isoDate}T00:00:00Z`);
  if (day.getUTCDay() === 0 || day.getUTCDay() === 6) return false;
  return !polishPublicHolidays(day.getUTCFullYear()).includes(isoDate);
}

/**
 * offline24 (tryby-offline.md): an offline invoice goes to KSeF by the end of the next working day after its issue
 * date (weekends and Polish public holidays skipped).
 */
export function ksefOfflineDeadline(issueDate: string): string {
  const day = new Date(`${issueDate}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (!isPolishWorkingDay(day.toISOString().slice(0, 10)));
  return day.toISOString().slice(0, 10);
}
