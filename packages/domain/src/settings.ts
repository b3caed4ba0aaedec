import { z } from 'zod';
import { isMilestoneList } from './customerWindow.ts';
import { customerWindowMessages, DEFAULT_CUSTOMER_MILESTONES } from './customerWindowMessages.ts';
import { DEFAULT_INTEREST_RATES, interestRatesError } from './interest.ts';
import { parseVatRate, VAT_RATES } from './invoiceMath.ts';
import { validationMessages as m } from './messages.ts';
import { DEFAULT_REMINDER_SCHEDULE, parseReminderSchedule, remindersMessages } from './reminders.ts';

/** The seeded settings, their Polish labels and how their value is checked. */
export const SETTING_DEFINITIONS = {
  euroExchangeRate: { label: 'Kurs euro (PLN)', kind: 'hundredths', default: '430' },
  companyName: { label: 'Nazwa firmy', kind: 'text', default: 'Spedycja Przykład Sp. z o.o.' },
  companyStreetAddress: { label: 'Ulica i numer', kind: 'text', default: 'ul. Transportowa 1' },
  companyPostalCode: { label: 'Kod pocztowy', kind: 'text', default: '00-001' },
  companyCity: { label: 'Miasto', kind: 'text', default: 'Warszawa' },
  companyNip: { label: 'NIP firmy', kind: 'text', default: '5260250274' },
  companyBankAccount: {
    label: 'Numer konta bankowego',
    kind: 'text',
    default: 'PL61109010140000071219812874',
  },
  companyEmail: { label: 'E-mail firmy', kind: 'text', default: 'biuro@spedycja.example' },
  companyPhone: { label: 'Telefon firmy', kind: 'text', default: '+48 22 000 00 00' },
  invoiceDefaultVatRate: { label: 'Domyślna stawka VAT faktury (%)', kind: 'vatRate', default: '19' },
  portalAcceptanceHours: {
    label: 'Czas przewoźnika na przyjęcie zlecenia (godziny)',
    kind: 'hours',
    default: '2',
  },
  verificationValidDays: { label: 'Ważność weryfikacji kontrahenta (dni)', kind: 'days', default: '60' },
  onlyVerifiedCarriers: { label: 'Zlecenia tylko dla zweryfikowanych przewoźników', kind: 'flag', default: 'nie' },
  /** Issue 26: a customer with a VAT invoice unpaid this many days after its payment date is a debtor. */
  debtorAfterDays: { label: 'Dłużnik po ilu dniach zwłoki', kind: 'days', default: '30' },
  blockOrdersForDebtors: { label: 'Blokuj zlecenia dla dłużników', kind: 'flag', default: 'nie' },
  orderCarrierTerms: {
    label: 'Warunki zlecenia dla przewoźnika',
    kind: 'longText',
    default: [
      '1. Przewoźnik oświadcza, że posiada ważne ubezpieczenie OC przewoźnika drogowego (OCP) na kwotę nie niższą niż wartość przewożonego towaru i okaże polisę na każde żądanie.',
      '2. Przewóz odbywa się na podstawie listu przewozowego CMR; w sprawach nieuregulowanych stosuje się Konwencję CMR, ustawę Prawo przewozowe i Kodeks cywilny.',
      '3. Fracht zostanie zapłacony w terminie podanym w zleceniu, liczonym od dnia otrzymania faktury wraz z oryginałami dokumentów przewozowych (CMR) potwierdzonymi przez odbiorcę.',
      '4. Bez pisemnej zgody zleceniodawcy zabronione są przeładunek, doładunek i powierzenie przewozu innemu przewoźnikowi.',
      '5. O każdym opóźnieniu, szkodzie lub przeszkodzie w przewozie przewoźnik niezwłocznie informuje zleceniodawcę.',
      '6. Zabroniony jest bezpośredni kontakt handlowy z klientem zleceniodawcy. Przyjęcie zlecenia oznacza akceptację powyższych warunków.',
    ].join('\n'),
  },
  orderCustomerTerms: {
    label: 'Warunki potwierdzenia zlecenia dla klienta',
    kind: 'longText',
    default: [
      '1. Cena obejmuje przewóz na wskazanej trasie; postój powyżej 24 godzin przy załadunku lub rozładunku jest płatny dodatkowo.',
      '2. Zleceniodawca zapewnia przygotowanie towaru do przewozu oraz załadunek i rozładunek, o ile nie uzgodniono inaczej.',
      '3. Płatność na podstawie faktury VAT w terminie podanym w zleceniu.',
    ].join('\n'),
  },
  /** Issue 37: the customer's tracking link and milestone mails. */
  customerMilestoneMails: {
    label: 'Powiadomienia klienta e-mailem (sent, loaded, unloaded, cmr — po przecinku)',
    kind: 'text',
    default: DEFAULT_CUSTOMER_MILESTONES,
  },
  customerTrackShowVehicle: { label: 'Pokazuj klientowi numery pojazdu i kierowcę', kind: 'flag', default: 'nie' },
  customerCmrAutoRelease: { label: 'Udostępniaj klientowi CMR po rozładunku', kind: 'flag', default: 'tak' },
  reminderSchedule: {
    label: 'Harmonogram przypomnień o płatnościach (JSON: day, subjectPl, textPl, subjectEn, textEn)',
    kind: 'longText',
    default: JSON.stringify(DEFAULT_REMINDER_SCHEDULE, null, 1),
  },
  /** Issue 39: the driver's position is personal data; positions are deleted after this many days. */
  positionsRetentionDays: { label: 'Przechowywanie położeń pojazdów (dni)', kind: 'days', default: '90' },
  /** Issue 39: the average truck speed the ETA assumes. */
  averageTruckSpeed: { label: 'Średnia prędkość ciężarówki do ETA (km/h)', kind: 'speed', default: '70' },
  lateInterestRates: {
    label: 'Odsetki ustawowe za opóźnienie w transakcjach handlowych (od dnia, % w skali roku)',
    kind: 'longText',
    default: DEFAULT_INTEREST_RATES,
  },
} as const satisfies Record<
  string,
  {
    label: string;
    kind: 'text' | 'longText' | 'hundredths' | 'vatRate' | 'hours' | 'days' | 'speed' | 'flag';
    default: string;
  }
>;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export const SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[];

export const settingSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('Setting'),
  uuid: z.uuid(),
  key: z.string(),
  value: z.string().nullable(),
});
export type Setting = z.infer<typeof settingSchema>;

export const settingUpdateSchema = z.object({
  value: z
    .string({ error: m.required })
    .trim()
    .max(20000, { error: m.maxLength(20000) }),
});

/** A value a setting of that kind accepts; null when valid, else the Polish message. */
export function settingValueError(key: string, value: string): string | null {
  const def = (SETTING_DEFINITIONS as Record<string, { kind: string }>)[key];
  if (!def) return null;
  if (key === 'lateInterestRates') return interestRatesError(value);
  if (key === 'customerMilestoneMails') return isMilestoneList(value) ? null : customerWindowMessages.milestonesInvalid;
  if (key === 'reminderSchedule') return parseReminderSchedule(value) ? null : remindersMessages.scheduleInvalid;
  if (def.kind !== 'longText' && value.length > 2000) return m.maxLength(2000);
  if (def.kind === 'hundredths') {
    if (!/^\d+$/.test(value)) return m.numeric;
    if (Number(value) < 1) return m.minValue('0,01');
    // A rate is hundredths of a złoty: 1000 PLN for a euro is past any real rate (and past the columns).
    if (Number(value) > 100_000) return m.maxValue('1000,00');
  }
  if (def.kind === 'hours') {
    if (!/^\d+$/.test(value)) return m.numeric;
    if (Number(value) < 1) return m.minValue('1');
    if (Number(value) > 720) return m.maxValue('720');
  }
  if (def.kind === 'days') {
    if (!/^\d+$/.test(value)) return m.numeric;
    if (Number(value) < 1) return m.minValue('1');
    if (Number(value) > 3650) return m.maxValue('3650');
  }
  if (def.kind === 'speed') {
    if (!/^\d+$/.test(value)) return m.numeric;
    if (Number(value) < 20) return m.minValue('20');
    if (Number(value) > 130) return m.maxValue('130');
  }
  if (def.kind === 'flag' && value !== 'tak' && value !== 'nie') return m.oneOf;
  if (def.kind === 'vatRate') {
    const rate = parseVatRate(value);
    if (rate === null || !(VAT_RATES as readonly number[]).includes(rate)) return m.oneOf;
  }
  return null;
}
