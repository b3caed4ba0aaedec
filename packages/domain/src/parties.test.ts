import { describe, expect, it } from 'vitest';
import { carrierCreateSchema, carrierUpdateSchema } from './carriers.ts';
import { COUNTRIES, COUNTRY_GROUPS, countryName } from './countries.ts';
import { customerCreateSchema, customerUpdateSchema } from './customers.ts';
import { LANGUAGES } from './dictionaries.ts';
import { duplicateHint } from './parties.ts';
import { countryPhonePrefix, PHONE_PREFIXES } from './phonePrefixes.ts';
import { bankAccountError, isValidPolishNip, needsPolishNipCheck } from './taxIds.ts';
import { fieldErrors } from './validation.ts';

describe('reference lists', () => {
  it('has every country with a Polish name, ISO code and calling code, Poland first', () => {
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(COUNTRIES[0]).toEqual({ iso: 'PL', name: 'Polska' });
    expect(countryName('DE')).toBe('Niemcy');
    expect(countryPhonePrefix('CZ')).toBe('420');
    expect(PHONE_PREFIXES[0]).toBe('48');
  });

  it('groups European countries in four Polish-named regions, each country once', () => {
    expect(COUNTRY_GROUPS.map((g) => g.name)).toEqual([
      'Europa Północna',
      'Europa Południowa',
      'Europa Wschodnia',
      'Europa Zachodnia',
    ]);
    const all = COUNTRY_GROUPS.flatMap((g) => [...g.countries]);
    expect(new Set(all).size).toBe(all.length);
    for (const iso of all) expect(countryName(iso), iso).not.toBe(iso);
  });

  it('lists 31 languages from Angielski to Węgierski', () => {
    expect(LANGUAGES).toHaveLength(31);
    expect(LANGUAGES[0]).toBe('Angielski');
    expect(LANGUAGES[30]).toBe('Węgierski');
    expect(LANGUAGES).toContain('Polski');
  });
});

describe('tax ids and accounts', () => {
  it('checks the Polish NIP checksum', () => {
    expect(isValidPolishNip('5260250274')).toBe(true);
    expect(isValidPolishNip('526-025-02-74')).toBe(true);
    expect(isValidPolishNip('PL5260250274')).toBe(true);
    expect(isValidPolishNip('5260250275')).toBe(false);
    expect(isValidPolishNip('123')).toBe(false);
  });

  it('applies the checksum to Polish records only, foreign VAT ids pass as typed', () => {
    expect(needsPolishNipCheck('5260250274', 'PL')).toBe(true);
    expect(needsPolishNipCheck('5260250274', null)).toBe(true);
    expect(needsPolishNipCheck('DE123456789', 'DE')).toBe(false);
    expect(needsPolishNipCheck('123456789', 'DE')).toBe(false);
    expect(needsPolishNipCheck('PL123', 'DE')).toBe(true);
  });

  it('checks account numbers that are IBANs or Polish NRBs', () => {
    expect(bankAccountError('PL61 1090 1014 0000 0712 1981 2874')).toBe(false);
    expect(bankAccountError('61109010140000071219812874')).toBe(false);
    expect(bankAccountError('PL61 1090 1014 0000 0712 1981 2875')).toBe(true);
    expect(bankAccountError('DE89370400440532013000')).toBe(false);
    expect(bankAccountError('konto w banku lokalnym 123')).toBe(false);
  });
});

describe('customer and carrier payloads', () => {
  it('defaults the prefix to 48 and the language to Polski, also when sent as null', () => {
    const c = customerCreateSchema.parse({ companyName: 'Trans-Pol', phonePrefix: null, language: null, nip: null });
    expect(c.phonePrefix).toBe('48');
    expect(c.language).toBe('Polski');
    expect(c.acquiredBy).toBeNull();
  });

  it('refuses a wrong Polish NIP with a clear message and accepts a foreign VAT id', () => {
    expect(fieldErrors(customerCreateSchema, { companyName: 'X', nip: '5260250275' }).nip).toBe(
      'Podany numer NIP jest niepoprawny!',
    );
    expect(customerCreateSchema.parse({ companyName: 'X', nip: 'DE 123 456 789', country: 'de' }).nip).toBe(
      'DE123456789',
    );
  });

  it('needs a company or a person name', () => {
    expect(fieldErrors(customerCreateSchema, { phone: '600100200' }).companyName).toBe('To pole nie może być puste!');
  });

  it('leaves missing fields out of an update', () => {
    expect(customerUpdateSchema.parse({ city: 'Łódź' })).toEqual({ city: 'Łódź' });
    expect(carrierUpdateSchema.parse({ maxCargoWeight: 2400 })).toEqual({ maxCargoWeight: 2400 });
  });

  it('keeps served countries unique and sorted, and checks them', () => {
    const c = carrierCreateSchema.parse({ companyName: 'X', countries: ['pl', 'DE', 'PL'] });
    expect(c.countries).toEqual(['DE', 'PL']);
    expect(fieldErrors(carrierCreateSchema, { companyName: 'X', countries: ['XX'] })['countries.0']).toBe(
      'Wybierz jedną z dostępnych wartości!',
    );
    expect(fieldErrors(carrierCreateSchema, { companyName: 'X', accountNumber: 'PL00 1111' }).accountNumber).toBe(
      'Podany numer konta jest niepoprawny!',
    );
    expect(fieldErrors(carrierCreateSchema, { companyName: 'X', maxCargoLength: 13.6 }).maxCargoLength).toBe(
      'To pole może zawierać jedynie liczbę!',
    );
  });

  it('words the duplicate hint in Polish', () => {
    expect(duplicateHint(1, 'klienta', 'klientów')).toBe('W bazie znaleziono 1 klienta z podanym numerem');
    expect(duplicateHint(3, 'przewoźnika', 'przewoźników')).toBe('W bazie znaleziono 3 przewoźników z podanym numerem');
  });
});
