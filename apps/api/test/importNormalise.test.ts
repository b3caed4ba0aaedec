import { headerKey, proposeMapping } from '@spedycja/domain';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readAmount, readCountry, readDate, readDateTime, splitAddress } from '../src/modules/imports/normalise.ts';
import { readStatus, splitPlace } from '../src/modules/imports/orders.ts';
import { decodeText, detectSeparator } from '../src/modules/imports/parse.ts';

/** Issue 36: each normalisation of an imported cell, and the file's encoding and separator. */
describe('import normalisation', () => {
  it('reads the encodings offices write: UTF-8 with and without BOM, Windows-1250, ISO-8859-2', () => {
    const text = 'Nazwa firmy;Miasto\nZażółć Gęślą Jaźń;Łódź\n';
    expect(decodeText(Buffer.from(`\uFEFF${text}`))).toEqual({ text, encoding: 'UTF-8' });
    expect(decodeText(Buffer.from(text))).toEqual({ text, encoding: 'UTF-8' });
    expect(decodeText(iconv.encode(text, 'windows-1250'))).toEqual({ text, encoding: 'windows-1250' });
    expect(decodeText(iconv.encode(text, 'iso-8859-2'))).toEqual({ text, encoding: 'ISO-8859-2' });
  });

  it('finds the separator: ; , tab |', () => {
    expect(detectSeparator('a;b;c\n1;"2;3";4\n')).toBe(';');
    expect(detectSeparator('a,b,c\n1,2,3\n')).toBe(',');
    expect(detectSeparator('a\tb\tc\n1\t2,5\t3\n')).toBe('\t');
    expect(detectSeparator('a|b\n1|2\n')).toBe('|');
  });

  it("reads countries by code, alpha-3 and name in Polish, English and German into the app's dictionary", () => {
    for (const name of ['Niemcy', 'DE', 'de', 'DEU', 'Germany', 'Deutschland', 'niemcy '])
      expect(readCountry(name)).toBe('DE');
    expect(readCountry('Polska')).toBe('PL');
    expect(readCountry('Czechy')).toBe('CZ');
    expect(readCountry('Wielka Brytania')).toBe('GB');
    expect(readCountry('UK')).toBe('GB');
    expect(readCountry('Narnia')).toBeNull();
  });

  it("reads dates as DD/MM/YYYY, DD.MM.YYYY, YYYY-MM-DD, the app's own moment, or an Excel serial", () => {
    expect(readDate('31/12/2027')).toBe('2027-12-31');
    expect(readDate('1.3.2024')).toBe('2024-03-01');
    expect(readDate('2026-06-30')).toBe('2026-06-30');
    expect(readDate('2026-06-30T08:00:00Z')).toBe('2026-06-30');
    expect(readDate('08:30, 14/12/2026')).toBe('2026-12-14');
    expect(readDate('46022')).toBe('2025-12-31');
    expect(readDate('45000.5')).toBe('2023-03-15');
    expect(readDate('32/13/2026')).toBeNull();
    expect(readDate('29/02/2025')).toBeNull();
    expect(readDateTime('15/03/2024 08:30')).toBe('2024-03-15 08:30');
    expect(readDateTime('08:30, 14/12/2026')).toBe('2026-12-14 08:30');
  });

  it("reads Polish amounts such as '4 500,50' into hundredths", () => {
    expect(readAmount('4 500,50')).toBe(450050);
    expect(readAmount('4\u00a0500,50 zł')).toBe(450050);
    expect(readAmount('4.500,50')).toBe(450050);
    expect(readAmount('4,500.50')).toBe(450050);
    expect(readAmount('1 000 000,00')).toBe(100000000);
    expect(readAmount('4500.5')).toBe(450050);
    expect(readAmount('1.000')).toBe(100000);
    expect(readAmount('12,3')).toBe(1230);
    expect(readAmount('-12,30')).toBe(-1230);
    expect(readAmount('EUR 250')).toBe(25000);
    expect(readAmount('dużo')).toBeNull();
    expect(readAmount('1,2,3,4')).toBeNull();
  });

  it("splits the app's own address and place columns", () => {
    expect(splitAddress('ul. Długa 1, lok. 2, 00-950 Warszawa')).toEqual({
      streetAddress: 'ul. Długa 1, lok. 2',
      postalCode: '00-950',
      city: 'Warszawa',
    });
    expect(splitAddress('Hauptstraße 1, 10115 Berlin')).toEqual({
      streetAddress: 'Hauptstraße 1',
      postalCode: '10115',
      city: 'Berlin',
    });
    expect(splitPlace('PL 00-001 Warszawa')).toEqual({ country: 'PL', postalCode: '00-001', city: 'Warszawa' });
    expect(splitPlace('DE 10115 Berlin')).toEqual({ country: 'DE', postalCode: '10115', city: 'Berlin' });
    expect(splitPlace('Kraków, PL')).toEqual({ country: 'PL', postalCode: null, city: 'Kraków' });
  });

  it('maps order statuses and proposes columns from Polish and English headers', () => {
    expect(readStatus('zrealizowane')).toBe('zakonczone');
    expect(readStatus('Zakończone')).toBe('zakonczone');
    expect(readStatus('cancelled')).toBe('anulowane');
    expect(readStatus('Aktywne')).toBe('aktywne');
    expect(readStatus('dziwny')).toBeNull();
    expect(headerKey('  Kraje  obsługiwane: ')).toBe('kraje obslugiwane');
    expect(
      proposeMapping('customers', ['Company', 'VAT ID', 'Telefon', 'E-mail', 'Kod pocztowy', 'City', 'Kraj']),
    ).toMatchObject({
      companyName: 0,
      nip: 1,
      phone: 2,
      email: 3,
      postalCode: 4,
      city: 5,
      country: 6,
      name: null,
    });
    expect(proposeMapping('carriers', ['Nazwa firmy', 'Nr konta', 'OCP do', 'Kraje obsługiwane'])).toMatchObject({
      bankAccount: 1,
      ocpValidTo: 2,
      countries: 3,
    });
  });
});
