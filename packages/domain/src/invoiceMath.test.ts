/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decimalToHundredths,
  divRound,
  invoiceTotals,
  lineNetValue,
  parseExchangeRate,
  parseVatRate,
  positionValues,
  rateToDecimal,
  toPln,
  VAT_NOT_TAXABLE,
  VAT_RATES,
  vatOf,
  vatRateLabel,
} from './index.ts';
import { ksefSamplesDir } from './testing/ksefReference.ts';

describe('position values (SPEC §5)', () => {
  it('computes VAT at every rate of SPEC §5, Nie podlega giving 0', () => {
    const vat = Object.fromEntries(VAT_RATES.map((rate) => [vatRateLabel(rate), vatOf(100_000, rate)]));
    expect(vat).toEqual({
      '0%': 0,
      '4,8%': 4800,
      '5%': 5000,
      '5,2%': 5200,
      '6,5%': 6500,
      '7%': 7000,
      '8%': 8000,
      '13,5%': 13500,
      '19%': 19000,
      '20%': 20000,
      '23%': 23000,
      'Nie podlega': 0,
    });
  });

  it('multiplies amount by the unit net price, and gross = net × (100 + rate) / 100 = net + VAT', () => {
    expect(positionValues({ amount: 1250, netto: 350, vatRate: 2300 })).toEqual({
      nettoValue: 437_500,
      vatValue: 100_625,
      bruttoValue: 538_125,
    });
    for (const rate of VAT_RATES) {
      for (const net of [1, 49, 50, 99, 12_345, 1_000_001]) {
        const { nettoValue, vatValue, bruttoValue } = positionValues({ amount: 1, netto: net, vatRate: rate });
        const grossByFormula = rate === VAT_NOT_TAXABLE ? nettoValue : divRound(nettoValue * (10_000 + rate), 10_000);
        expect(bruttoValue, `${net} at ${rate}`).toBe(grossByFormula);
        expect(bruttoValue).toBe(nettoValue + vatValue);
      }
    }
  });

  it('rounds half a grosz away from zero, also on a corrective invoice’s negative differences', () => {
    expect(vatOf(50, 2300)).toBe(12); // 11.5 gr
    expect(vatOf(-50, 2300)).toBe(-12);
    expect(vatOf(150, 500)).toBe(8); // 7.5 gr
    expect(vatOf(149, 500)).toBe(7); // 7.45 gr
    expect(vatOf(1010, 480)).toBe(48); // 48.48 gr
    expect(vatOf(1250, 520)).toBe(65); // 65.0 gr
    expect(vatOf(10, 650)).toBe(1); // 0.65 gr
    expect(vatOf(-16260, 2300)).toBe(-3740);
  });

  it('treats a rate that is not a number as 0 VAT, and reads rates with a comma or a dot', () => {
    expect(vatOf(1000, null)).toBe(0);
    expect(vatOf(1000, Number.NaN)).toBe(0);
    expect(parseVatRate('23')).toBe(2300);
    expect(parseVatRate('4,8')).toBe(480);
    expect(parseVatRate('4.8')).toBe(parseVatRate('4,8'));
    expect(parseVatRate('13,5 %')).toBe(1350);
    expect(parseVatRate('Nie podlega')).toBe(VAT_NOT_TAXABLE);
    expect(parseVatRate('dużo')).toBeNull();
    expect(decimalToHundredths('1 234,5')).toBe(123_450);
  });

  it('sums the positions per rate and for the invoice', () => {
    const lines = [
      { amount: 1, netto: 162_601, vatRate: 2300 },
      { amount: 1, netto: 4065, vatRate: 2300 },
      { amount: 1, netto: 95, vatRate: 500 },
      { amount: 2, netto: 10_000, vatRate: VAT_NOT_TAXABLE },
    ].map((p) => ({ ...p, ...positionValues(p) }));
    const totals = invoiceTotals(lines);
    expect(totals.byRate).toEqual([
      { vatRate: 2300, net: 166_666, vat: 38_333, gross: 204_999 },
      { vatRate: 500, net: 95, vat: 5, gross: 100 },
      { vatRate: VAT_NOT_TAXABLE, net: 20_000, vat: 0, gross: 20_000 },
    ]);
    expect(totals).toMatchObject({ totalNet: 186_761, totalVat: 38_338, totalGross: 225_099 });
  });

  it('converts EUR to PLN at a rate with NBP’s four decimals', () => {
    expect(parseExchangeRate('4,5005')).toBe(45_005);
    expect(rateToDecimal(45_005)).toBe('4.5005');
    expect(parseExchangeRate('4.50051')).toBeNull();
    // FA(3) sample 20: 3118.80 EUR × 4.5005 = 14036.16 PLN.
    expect(toPln(311_880, 45_005)).toBe(1_403_616);
  });
});

/** The FaWiersz lines of an official sample, with the values they give. */
function sampleLines(xml: string) {
  return [...xml.matchAll(/<FaWiersz>([\s\S]*?)<\/FaWiersz>/g)].map(([, body = '']) => {
    const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1];
    return { amount: field('P_8B'), unitNet: field('P_9A'), discount: field('P_10'), net: field('P_11') };
  });
}

describe('the official FA(3) samples', () => {
  const files = readdirSync(ksefSamplesDir()).filter((f) => f.endsWith('.xml'));
  const withUnitPrices = files.filter((f) =>
    sampleLines(readFileSync(path.join(ksefSamplesDir(), f), 'utf8')).some((l) => l.unitNet !== undefined),
  );

  it('has samples that give net unit prices', () => {
    expect(withUnitPrices.length).toBeGreaterThanOrEqual(6);
  });

  it.each(withUnitPrices)(
    '%s: every line value (P_11) is quantity × net unit price (less its unit discount P_10)',
    (file) => {
      const lines = sampleLines(readFileSync(path.join(ksefSamplesDir(), file), 'utf8')).filter((l) => l.unitNet);
      for (const line of lines) {
        const amount = Number(line.amount);
        const unitNet = decimalToHundredths(line.unitNet) as number;
        const discount = line.discount ? (decimalToHundredths(line.discount) as number) : 0;
        expect(lineNetValue(amount, unitNet - discount), `${file}: ${line.amount} × ${line.unitNet}`).toBe(
          decimalToHundredths(line.net),
        );
      }
    },
  );
});
