/**
 * Invoice money (SPEC §5), shared by the server, the form, the PDF and the FA(3) XML, so that they agree to the
 * grosz. Amounts are integers in hundredths; VAT rates travel in hundredths of a percent (2300 = 23 %, 480 = 4.8 %),
 * 'Nie podlega' as -100. Rounding is to the nearest grosz, half away from zero (as PostgreSQL's round() does).
 */

/** 'Nie podlega' (not subject to Polish VAT): travels as -100 and carries no VAT. */
export const VAT_NOT_TAXABLE = -100;

/** The VAT options of SPEC §5, in hundredths of a percent. */
export const VAT_RATES = [0, 480, 500, 520, 650, 700, 800, 1350, 1900, 2000, 2300, VAT_NOT_TAXABLE] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** 2300 -> '23%', 480 -> '4,8%', -100 -> 'Nie podlega'. */
export function vatRateLabel(rate: number): string {
  if (rate === VAT_NOT_TAXABLE) return 'Nie podlega';
  return `${percentText(rate)}%`;
}

/** 2300 -> '23', 480 -> '4,8' (a Polish decimal comma, no trailing zeros). */
export function percentText(rate: number): string {
  const whole = Math.trunc(rate / 100);
  const fraction = Math.abs(rate % 100);
  if (fraction === 0) return String(whole);
  return `${whole},${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

/** '23', '4,8', '4.80', 'Nie podlega' -> hundredths of a percent; null when it is not a rate (commas equal dots). */
export function parseVatRate(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isInteger(input) ? input : Math.round(input * 100);
  const text = input.trim().replace('%', '').replace(',', '.').trim();
  if (/^nie\s*podlega$/i.test(text) || text === 'np') return VAT_NOT_TAXABLE;
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2));
  return text.startsWith('-') ? -value : value;
}

/** Integer division rounded half away from zero (exact for the sizes money has here). */
export function divRound(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const q = Math.floor(n / d);
  const r = n - q * d;
  return sign * (2 * r >= d ? q + 1 : q);
}

/** The values of one position: net = amount × unit net price; VAT = rate % of it; gross = net + VAT. */
export type PositionValues = { nettoValue: number; vatValue: number; bruttoValue: number };

/** amount (units) × netto (hundredths) -> the line's net value in hundredths (P_11 of FA(3)). */
export function lineNetValue(amount: number, netto: number): number {
  return Math.round(amount * netto);
}

/** rate % of a net value, rounded to the grosz; 0 for 'Nie podlega' or a rate that is not a number. */
export function vatOf(nettoValue: number, vatRate: number | null | undefined): number {
  if (vatRate === null || vatRate === undefined || !Number.isFinite(vatRate) || vatRate <= 0) return 0;
  return divRound(nettoValue * vatRate, 10_000);
}

/**
 * SPEC §5: nettoValue = amount × netto, vatValue = rate % of nettoValue, bruttoValue = nettoValue × (100 + rate) / 100.
 * The gross is computed as net + VAT, which is the same number (the net is whole grosze), and never differs by a grosz.
 */
export function positionValues(p: {
  amount: number;
  netto: number;
  vatRate: number | null | undefined;
}): PositionValues {
  const nettoValue = lineNetValue(p.amount, p.netto);
  const vatValue = vatOf(nettoValue, p.vatRate);
  return { nettoValue, vatValue, bruttoValue: nettoValue + vatValue };
}

export type RateTotal = { vatRate: number; net: number; vat: number; gross: number };
export type InvoiceTotals = { totalNet: number; totalVat: number; totalGross: number; byRate: RateTotal[] };

/** Sums per VAT rate (highest rate first, 'Nie podlega' last) and for the invoice: sums of the positions' values. */
export function invoiceTotals(positions: readonly (PositionValues & { vatRate: number })[]): InvoiceTotals {
  const byRate = new Map<number, RateTotal>();
  for (const p of positions) {
    const t = byRate.get(p.vatRate) ?? { vatRate: p.vatRate, net: 0, vat: 0, gross: 0 };
    t.net += p.nettoValue;
    t.vat += p.vatValue;
    t.gross += p.bruttoValue;
    byRate.set(p.vatRate, t);
  }
  const rates = [...byRate.values()].sort((a, b) => b.vatRate - a.vatRate);
  return {
    totalNet: rates.reduce((s, r) => s + r.net, 0),
    totalVat: rates.reduce((s, r) => s + r.vat, 0),
    totalGross: rates.reduce((s, r) => s + r.gross, 0),
    byRate: rates,
  };
}

/**
 * An exchange rate keeps NBP's four decimals: it travels as an integer in ten-thousandths (4.3215 PLN = 43215).
 * An amount in hundredths of a foreign currency -> hundredths of a złoty, rounded to the grosz.
 */
export function toPln(amount: number, rate: number): number {
  return divRound(amount * rate, 10_000);
}

/** 43215 -> '4.3215' */
export function rateToDecimal(rate: number): string {
  return `${Math.trunc(rate / 10_000)}.${String(Math.abs(rate % 10_000)).padStart(4, '0')}`;
}

/** '4,3215' / 4.3215 -> 43215; null when it is not a rate with at most four decimals. */
export function parseExchangeRate(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  const text = String(input).trim().replace(',', '.');
  if (!/^\d+(\.\d{1,4})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 10_000 + Number(`${fraction}0000`.slice(0, 4));
}
