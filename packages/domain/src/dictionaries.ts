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

/** SPEC §4 loading types. */
export const LOADING_TYPES = [
  'brak informacji',
  'po najazdach',
  'z rampy',
  'po rozpieciu',
  'dzwigiem',
  'wozkiem widlowym',
] as const;
export type LoadingType = (typeof LOADING_TYPES)[number];
export const DEFAULT_LOADING_TYPE: LoadingType = 'brak informacji';

/** How the loading types read on screen (the values stay as the API has them). */
export const loadingTypeLabels: Record<LoadingType, string> = {
  'brak informacji': 'brak informacji',
  'po najazdach': 'po najazdach',
  'z rampy': 'z rampy',
  'po rozpieciu': 'po rozpięciu',
  dzwigiem: 'dźwigiem',
  'wozkiem widlowym': 'wózkiem widłowym',
};
