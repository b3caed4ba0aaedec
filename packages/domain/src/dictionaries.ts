/** Choice lists of SPEC §3, §4 and §9. */

/** The carrier (and customer) language list: 31 entries, Angielski to Węgierski. */
export const LANGUAGES = [
  'Angielski',
  'Białoruski',
  'Bośniacki',
  'Bułgarski',
  'Chorwacki',
  'Czeski',
  'Duński',
  'Estoński',
  'Fiński',
  'Francuski',
  'Grecki',
  'Gruziński',
  'Hiszpański',
  'Holenderski',
  'Kazachski',
  'Litewski',
  'Łotewski',
  'Macedoński',
  'Niemiecki',
  'Norweski',
  'Polski',
  'Portugalski',
  'Rosyjski',
  'Rumuński',
  'Serbski',
  'Słowacki',
  'Słoweński',
  'Szwedzki',
  'Turecki',
  'Ukraiński',
  'Węgierski',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'Polski';

export const CUSTOMER_ACQUISITION_SOURCES = ['telefon', 'email', 'strona', 'polecenie'] as const;
export const CARRIER_ACQUISITION_SOURCES = ['trans', 'timo', 'telefon/email', 'strona'] as const;
export const OFFER_ACQUISITION_SOURCES = ['brak', ...CARRIER_ACQUISITION_SOURCES] as const;
export const METHODS_OF_CONTACT = ['telefon', 'email', 'telefon/email'] as const;
