/**
 * Issue 26, interest and compensation: statutory interest for delay in commercial transactions (ustawa z 8 marca
 * 2013 r. o przeciwdziałaniu nadmiernym opóźnieniom w transakcjach handlowych, art. 7 and 11a: the NBP reference
 * rate of 1 January / 1 July + 10 p.p. for a debtor that is not a public entity) and the flat compensation of art. 10.
 */

export const interestMessages = {
  ratesInvalid:
    'Każdy wiersz tabeli odsetek: data DD/MM/RRRR i stawka w procentach, np. „01/07/2025 15,25”; daty rosnąco.',
  noRates: 'Tabela odsetek ustawowych za opóźnienie w transakcjach handlowych jest pusta: uzupełnij ją w ustawieniach.',
  notOverdue: 'Faktura nie ma terminu płatności albo nie jest po terminie: nie nalicza się odsetek.',
  proforma: 'Odsetki nalicza się od faktury VAT, nie od faktury ProForma.',
  dateInvalid: 'Podaj datę w formacie RRRR-MM-DD.',
  compensationWithoutNbp:
    'Nota zawiera same odsetki: rekompensata za koszty odzyskiwania należności (art. 10) wymaga kursu EUR z NBP, a NBP ' +
    'nie odpowiedział. Aby ją doliczyć, podaj kurs średni NBP i numer tabeli albo wystaw notę, gdy NBP odpowie.',
  compensationTableInvalid: 'Podaj numer tabeli kursów NBP, np. 041/A/NBP/2026.',
  compensationTableMissing: 'Podaj numer tabeli NBP, z której jest kurs.',
  compensationRateMissing: 'Podaj kurs średni EUR z tabeli NBP.',
  noteCreated: 'Nota odsetkowa została utworzona!',
  noteTitle: 'Nota odsetkowa',
  interestButton: 'Odsetki',
} as const;

/** One rate period start: the day it applies from and the annual rate in hundredths of a percent (1525 = 15,25 %). */
export type InterestRate = { from: string; rate: number };

/**
 * The published rates since 2020 for a debtor that is not a public entity (reference rate + 10 p.p.; the Minister of
 * Finance's announcements in Monitor Polski). Lines `DD/MM/YYYY rate`, editable in the settings.
 */
export const DEFAULT_INTEREST_RATES = [
  '01/01/2020 11,50',
  '01/07/2020 10,10',
  '01/01/2021 10,10',
  '01/07/2021 10,10',
  '01/01/2022 11,75',
  '01/07/2022 16,00',
  '01/01/2023 16,75',
  '01/07/2023 16,75',
  '01/01/2024 15,75',
  '01/07/2024 15,75',
  '01/01/2025 15,75',
  '01/07/2025 15,25',
].join('\n');

/** The settings text as rate periods, ascending; null when a line is not `DD/MM/YYYY rate` or the dates do not rise. */
export function parseInterestRates(text: string): InterestRate[] | null {
  const rates: InterestRate[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^(\d{2})[./](\d{2})[./](\d{4})\s*[;:\s]\s*(\d{1,2})(?:[.,](\d{1,2}))?\s*%?$/.exec(line);
    if (!match) return null;
    const [, dd, mm, yyyy, whole, frac = '0'] = match;
    const from = `${yyyy}-${mm}-${dd}`;
    const d = new Date(`${from}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== from) return null;
    const previous = rates.at(-1);
    if (previous && previous.from >= from) return null;
    rates.push({ from, rate: Number(whole) * 100 + Number(frac.padEnd(2, '0')) });
  }
  return rates;
}

export function interestRatesError(text: string): string | null {
  return parseInterestRates(text) === null ? interestMessages.ratesInvalid : null;
}

/** 'YYYY-MM-DD' plus `days`. */
export function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to`, both included. */
function daysIncluded(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** One span of equal base and rate: its days (both ends included), the unpaid base and the interest (hundredths). */
export type InterestPeriod = { from: string; to: string; days: number; base: number; rate: number; interest: number };

export type InterestInput = {
  /** The invoice's gross (hundredths). */
  amount: number;
  /** The payment date on the invoice: interest runs from the next day. */
  dueDate: string;
  /** Live payments (date, hundredths): each reduces the base from its own day. */
  payments: { date: string; amount: number }[];
  /** The last day counted for what is still unpaid (today or a chosen day). */
  until: string;
  rates: InterestRate[];
};

/**
 * Interest day by day (a year of 365 days): from the day after the due date, each payment reduces the base from its
 * date, a new rate applies from its day; spans of equal base and rate are summed and each rounded to the grosz.
 */
export function computeInterest(input: InterestInput): { periods: InterestPeriod[]; total: number; daysLate: number } {
  const start = shiftDay(input.dueDate, 1);
  const payments = [...input.payments].sort((a, b) => a.date.localeCompare(b.date));
  const paidBefore = (day: string) => payments.filter((p) => p.date <= day).reduce((s, p) => s + p.amount, 0);
  const rateOn = (day: string) => [...input.rates].reverse().find((r) => r.from <= day)?.rate ?? null;
  const periods: InterestPeriod[] = [];
  let lastDay: string | null = null;
  for (let day = start; day <= input.until; day = shiftDay(day, 1)) {
    const base = Math.max(0, input.amount - paidBefore(day));
    if (base === 0) break;
    const rate = rateOn(day);
    if (rate === null) continue;
    lastDay = day;
    const current = periods.at(-1);
    if (current && current.base === base && current.rate === rate && shiftDay(current.to, 1) === day) {
      current.to = day;
      current.days += 1;
    } else periods.push({ from: day, to: day, days: 1, base, rate, interest: 0 });
  }
  for (const p of periods) p.interest = Math.round((p.base * p.rate * p.days) / (10_000 * 365));
  return {
    periods,
    total: periods.reduce((s, p) => s + p.interest, 0),
    daysLate: lastDay ? daysIncluded(start, lastDay) : 0,
  };
}

/**
 * Art. 10: 40 EUR when the amount (PLN hundredths) is at most 5 000 zł, 70 EUR when it is above that but below
 * 50 000 zł, 100 EUR from 50 000 zł.
 */
export function compensationEur(amountPln: number): 40 | 70 | 100 {
  if (amountPln <= 500_000) return 40;
  if (amountPln < 5_000_000) return 70;
  return 100;
}

/** The day whose NBP rate converts the compensation: the last working day of the month before the due month. */
export function compensationRateDay(dueDate: string): string {
  return `${dueDate.slice(0, 7)}-01`;
}

export type InterestPreview = {
  invoice: string;
  number: string;
  currency: string;
  gross: number;
  dueDate: string;
  until: string;
  /** The day the invoice was paid in full, when it was (late). */
  paidDate: string | null;
  daysLate: number;
  periods: InterestPeriod[];
  interest: number;
  compensation: {
    eur: number;
    /** NBP table A mid rate in ten-thousandths of a złoty, its table number and day. */
    rate: number;
    table: string;
    /** The table's day; null for a rate the admin typed without it. */
    rateDate: string | null;
    /** PLN hundredths. */
    amount: number;
  } | null;
};
