import { z } from 'zod';

/**
 * Issue 36: customers, carriers (and past orders) read in from the files an office already has (CSV, XLSX). The file
 * is parsed on the server; the screen maps its columns to the app's fields, previews the normalised values, runs a
 * dry check and then the import itself, in chunks on the server.
 */

export const IMPORT_KINDS = ['customers', 'carriers', 'orders'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** What happens to a row that matches an existing record (by NIP, then phone, then a near-identical name). */
export const DUPLICATE_POLICIES = ['skip', 'fill', 'overwrite'] as const;
export type DuplicatePolicy = (typeof DUPLICATE_POLICIES)[number];

export const IMPORT_STATES = ['uploaded', 'checked', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** The outcome of one row: a new record, an existing one changed, a duplicate left as it was, or refused. */
export const IMPORT_OUTCOMES = ['new', 'updated', 'duplicate', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export type ImportCounts = Record<ImportOutcome, number>;
export const emptyImportCounts = (): ImportCounts => ({ new: 0, updated: 0, duplicate: 0, error: 0 });

export type ImportField = { key: string; label: string; headers: readonly string[] };

/** Fields both parties have, with the headers (Polish and English, lower-case, unaccented) they are proposed for. */
const PARTY_FIELDS: ImportField[] = [
  {
    key: 'companyName',
    label: 'Nazwa firmy',
    headers: [
      'nazwa firmy',
      'nazwa',
      'firma',
      'kontrahent',
      'nazwa kontrahenta',
      'pelna nazwa',
      'company',
      'company name',
      'name of company',
      'organization',
      'organisation',
    ],
  },
  {
    key: 'name',
    label: 'Imię i nazwisko',
    headers: ['imie i nazwisko', 'osoba kontaktowa', 'kontakt', 'contact', 'contact name', 'full name', 'person'],
  },
  {
    key: 'nip',
    label: 'NIP',
    headers: ['nip', 'nip ue', 'nr nip', 'numer nip', 'vat id', 'vat', 'vat number', 'tax id', 'nip/vat'],
  },
  {
    key: 'phone',
    label: 'Telefon',
    headers: [
      'telefon',
      'tel',
      'tel.',
      'nr telefonu',
      'numer telefonu',
      'telefon komorkowy',
      'phone',
      'phone number',
      'mobile',
      'mobile phone',
      'business phone',
    ],
  },
  {
    key: 'email',
    label: 'E-mail',
    headers: ['e-mail', 'email', 'adres e-mail', 'adres email', 'mail', 'e-mail address', 'email address'],
  },
  {
    key: 'streetAddress',
    label: 'Ulica',
    headers: ['ulica', 'ulica i numer', 'adres ulica', 'street', 'street address', 'business street', 'address line'],
  },
  {
    key: 'postalCode',
    label: 'Kod pocztowy',
    headers: ['kod pocztowy', 'kod', 'postal code', 'zip', 'zip code', 'postcode', 'business postal code'],
  },
  { key: 'city', label: 'Miasto', headers: ['miasto', 'miejscowosc', 'city', 'town', 'business city'] },
  {
    key: 'address',
    label: 'Adres (ulica, kod i miasto w jednej kolumnie)',
    headers: ['adres', 'address', 'adres pelny', 'full address'],
  },
  {
    key: 'country',
    label: 'Kraj',
    headers: ['kraj', 'panstwo', 'country', 'country code', 'kod kraju', 'business country/region'],
  },
  { key: 'language', label: 'Język', headers: ['jezyk', 'language'] },
  {
    key: 'bankAccount',
    label: 'Nr konta',
    headers: ['nr konta', 'numer konta', 'konto', 'rachunek', 'nr rachunku', 'iban', 'bank account', 'account number'],
  },
];

const CARRIER_FIELDS: ImportField[] = [
  {
    key: 'countries',
    label: 'Kraje obsługiwane',
    headers: ['kraje obslugiwane', 'kraje', 'obslugiwane kraje', 'countries', 'countries served', 'served countries'],
  },
  {
    key: 'ocpValidTo',
    label: 'OCP do',
    headers: ['ocp do', 'ocp wazne do', 'ocp wazna do', 'polisa ocp do', 'ocp valid to', 'ocp expiry', 'ocp until'],
  },
  { key: 'ocpInsurer', label: 'Ubezpieczyciel OCP', headers: ['ubezpieczyciel', 'ubezpieczyciel ocp', 'insurer'] },
  {
    key: 'ocpPolicyNumber',
    label: 'Nr polisy OCP',
    headers: ['nr polisy', 'numer polisy', 'nr polisy ocp', 'policy number'],
  },
  { key: 'ocpSum', label: 'Suma OCP', headers: ['suma ocp', 'suma ubezpieczenia', 'ocp sum', 'insured sum'] },
  {
    key: 'licenceNumber',
    label: 'Nr licencji',
    headers: ['nr licencji', 'licencja', 'licence', 'license', 'licence number'],
  },
  { key: 'maxCargoLength', label: 'Maks. długość (m)', headers: ['maks. dlugosc (m)', 'max length'] },
  { key: 'maxCargoWidth', label: 'Maks. szerokość (m)', headers: ['maks. szerokosc (m)', 'max width'] },
  { key: 'maxCargoHeight', label: 'Maks. wysokość (m)', headers: ['maks. wysokosc (m)', 'max height'] },
  { key: 'maxCargoWeight', label: 'Maks. waga (t)', headers: ['maks. waga (t)', 'max weight', 'ladownosc'] },
  { key: 'methodOfContact', label: 'Sposób kontaktu', headers: ['sposob kontaktu', 'method of contact'] },
];

const CUSTOMER_FIELDS: ImportField[] = [
  { key: 'acquiredBy', label: 'Pozyskany przez', headers: ['pozyskany przez', 'zrodlo', 'acquired by', 'source'] },
];

/** Orders: the places, dates, prices and the parties (found by NIP, or by name without one). */
const ORDER_FIELDS: ImportField[] = [
  {
    key: 'number',
    label: 'Numer zlecenia',
    headers: ['#', 'numer', 'nr', 'numer zlecenia', 'nr zlecenia', 'order number', 'number'],
  },
  { key: 'status', label: 'Status', headers: ['status', 'stan'] },
  { key: 'cargo', label: 'Towar', headers: ['towar', 'ladunek', 'cargo', 'goods'] },
  { key: 'cargoWeight', label: 'Waga towaru (t)', headers: ['waga towaru (t)', 'waga', 'weight'] },
  {
    key: 'loadingPlace',
    label: 'Miejsce załadunku',
    headers: ['miejsce zaladunku', 'zaladunek', 'loading place', 'from'],
  },
  { key: 'loadingCity', label: 'Miasto załadunku', headers: ['miasto zaladunku', 'loading city'] },
  { key: 'loadingPostalCode', label: 'Kod załadunku', headers: ['kod zaladunku', 'loading postal code'] },
  { key: 'loadingCountry', label: 'Kraj załadunku', headers: ['kraj zaladunku', 'loading country'] },
  { key: 'loadingDate', label: 'Data załadunku', headers: ['data zaladunku', 'loading date'] },
  {
    key: 'unloadingPlace',
    label: 'Miejsce rozładunku',
    headers: ['miejsce rozladunku', 'rozladunek', 'unloading place', 'to'],
  },
  { key: 'unloadingCity', label: 'Miasto rozładunku', headers: ['miasto rozladunku', 'unloading city'] },
  { key: 'unloadingPostalCode', label: 'Kod rozładunku', headers: ['kod rozladunku', 'unloading postal code'] },
  { key: 'unloadingCountry', label: 'Kraj rozładunku', headers: ['kraj rozladunku', 'unloading country'] },
  { key: 'unloadingDate', label: 'Data rozładunku', headers: ['data rozladunku', 'unloading date'] },
  { key: 'customerPrice', label: 'Cena klienta', headers: ['cena klienta', 'fracht klienta', 'customer price'] },
  {
    key: 'customerPriceCurrency',
    label: 'Waluta ceny klienta',
    headers: ['waluta ceny klienta', 'waluta klienta', 'customer currency'],
  },
  {
    key: 'carrierPrice',
    label: 'Cena przewoźnika',
    headers: ['cena przewoznika', 'fracht przewoznika', 'carrier price'],
  },
  {
    key: 'carrierPriceCurrency',
    label: 'Waluta ceny przewoźnika',
    headers: ['waluta ceny przewoznika', 'waluta przewoznika', 'carrier currency'],
  },
  { key: 'customerName', label: 'Klient', headers: ['klient', 'zleceniodawca', 'customer'] },
  { key: 'customerNip', label: 'NIP klienta', headers: ['nip klienta', 'customer vat id', 'customer nip'] },
  { key: 'carrierName', label: 'Przewoźnik', headers: ['przewoznik', 'carrier'] },
  { key: 'carrierNip', label: 'NIP przewoźnika', headers: ['nip przewoznika', 'carrier vat id', 'carrier nip'] },
  { key: 'loadingType', label: 'Typ załadunku', headers: ['typ zaladunku', 'loading type'] },
  { key: 'additionalInfo', label: 'Dodatkowe informacje', headers: ['dodatkowe informacje', 'uwagi', 'notes'] },
];

export const IMPORT_FIELDS: Record<ImportKind, ImportField[]> = {
  customers: [...PARTY_FIELDS, ...CUSTOMER_FIELDS],
  carriers: [...PARTY_FIELDS, ...CARRIER_FIELDS],
  orders: ORDER_FIELDS,
};

/** A header as it is compared: lower-case, without Polish letters' accents, single spaces, no stray punctuation. */
export function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replaceAll('ł', 'l')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[_*:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A field's column (its index among the file's columns), or none. */
export type ImportMapping = Record<string, number | null>;

/** The column proposed for each field from the headers: the first header that is one of the field's names. */
export function proposeMapping(kind: ImportKind, headers: readonly string[]): ImportMapping {
  const keys = headers.map(headerKey);
  const taken = new Set<number>();
  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS[kind]) {
    const index = keys.findIndex((key, i) => !taken.has(i) && field.headers.includes(key));
    mapping[field.key] = index >= 0 ? index : null;
    if (index >= 0) taken.add(index);
  }
  return mapping;
}

export const importKindSchema = z.enum(IMPORT_KINDS, { error: 'Wybierz: customers, carriers lub orders.' });

const mappingSchema = z.record(
  z.string().max(40),
  z.number().int({ error: 'Kolumna musi być numerem.' }).min(0).max(499).nullable(),
);

export const importMappingUpdateSchema = z.object({
  mapping: mappingSchema.optional(),
  duplicates: z.enum(DUPLICATE_POLICIES, { error: 'Wybierz: skip, fill lub overwrite.' }).optional(),
  createMissingParties: z.boolean().optional(),
});
export type ImportMappingUpdate = z.infer<typeof importMappingUpdateSchema>;

export const savedImportMappingCreateSchema = z.object({
  name: z.string().trim().min(1, { error: 'To pole nie może być puste!' }).max(120),
  kind: importKindSchema,
  headers: z.array(z.string().max(500)).min(1).max(500),
  mapping: mappingSchema,
});
export type SavedImportMappingCreate = z.infer<typeof savedImportMappingCreateSchema>;

export type SavedImportMapping = SavedImportMappingCreate & { '@id': string; uuid: string; createdDate: string };

export type ImportColumn = { index: number; header: string };

/** A cell of the preview: the value as it will be stored, shown as text, or the reason it is refused. */
export type ImportPreviewCell = {
  field: string;
  source: string | null;
  value: unknown;
  display: string;
  error?: string;
};
export type ImportPreviewRow = { row: number; cells: ImportPreviewCell[]; errors: string[] };

export type ImportRecord = {
  '@id': string;
  uuid: string;
  kind: ImportKind;
  fileName: string;
  sha256: string;
  sheet: string | null;
  sheets: string[];
  state: ImportState;
  rowCount: number;
  processed: number;
  mapping: ImportMapping;
  mappingName: string | null;
  duplicates: DuplicatePolicy;
  createMissingParties: boolean;
  counts: ImportCounts | null;
  checkCounts: ImportCounts | null;
  columns: ImportColumn[];
  createdBy: string | null;
  createdDate: string;
  finishedDate: string | null;
};

export type ImportUploadAnswer = ImportRecord & {
  sampleRows: string[][];
  proposedMapping: ImportMapping;
  preview: ImportPreviewRow[];
};

export type ImportCheckAnswer = { counts: ImportCounts; errors: { row: number; message: string }[] };

export const importMessages = {
  fileMissing: 'Wybierz plik CSV lub XLSX.',
  fileTooLarge: 'Plik jest za duży: import przyjmuje pliki do 30 MB.',
  pdf: 'To jest plik PDF, nie CSV ani XLSX. Zapisz dane z programu jako CSV lub XLSX.',
  binary: 'Tego pliku nie da się odczytać jako CSV ani XLSX: zawiera dane binarne.',
  xlsxUnreadable: 'Pliku XLSX nie da się odczytać: jest uszkodzony albo to nie jest arkusz Excela.',
  csvUnreadable: (detail: string) => `Pliku CSV nie da się odczytać: ${detail}`,
  emptySheet: 'Arkusz jest pusty: nie ma w nim ani nagłówka, ani wierszy.',
  headerOnly: 'Plik zawiera tylko wiersz nagłówka, bez żadnego wiersza danych.',
  notATable:
    'Plik nie wygląda na tabelę: ma jedną kolumnę i żaden nagłówek nie pasuje do pól importu (sprawdź separator i kodowanie).',
  tooManyRows: (max: number) => `Plik ma za dużo wierszy: import przyjmuje do ${max} wierszy naraz.`,
  tooManyColumns: 'Plik ma za dużo kolumn (ponad 200).',
  sheetMissing: (name: string) => `W pliku nie ma arkusza „${name}”.`,
  kindInvalid: 'Wybierz, co importujesz: klientów, przewoźników lub zlecenia.',
  columnMissing: (index: number) => `W pliku nie ma kolumny nr ${index + 1}.`,
  fieldUnknown: (field: string) => `Nieznane pole: ${field}.`,
  nothingMapped: 'Przypisz kolumnę przynajmniej do nazwy firmy lub imienia i nazwiska.',
  customerNotMapped: 'Przypisz kolumnę z klientem (nazwą lub NIP-em).',
  alreadyRunning: 'Ten import już trwa albo został zakończony.',
  notRunnable: 'Ten import już trwa albo został zakończony; wgraj plik ponownie, aby zaimportować go jeszcze raz.',
  ordersNotYet: 'Import zleceń nie jest jeszcze dostępny.',
  mappingNameTaken: 'Mapowanie o tej nazwie już istnieje.',
  verifyAfterRun: 'Zweryfikować można dopiero zakończony import.',
  // Cell reasons.
  nipInvalid: 'Niepoprawny NIP (suma kontrolna)',
  nipShape: 'NIP może zawierać jedynie litery oraz cyfry',
  phoneInvalid: 'Numer telefonu musi mieć od 5 do 15 cyfr',
  countryUnknown: (value: string) => `Nieznany kraj: ${value}`,
  dateInvalid: (value: string) => `Nieznany format daty: ${value} (DD/MM/RRRR, RRRR-MM-DD)`,
  amountInvalid: (value: string) => `To nie jest kwota: ${value}`,
  accountInvalid: 'Niepoprawny numer konta',
  emailInvalid: 'Podany adres e-mail jest niepoprawny!',
  languageUnknown: (value: string) => `Nieznany język: ${value}`,
  nameRequired: 'Brak nazwy firmy oraz imienia i nazwiska',
  tooLong: (max: number) => `Za długie: maksymalnie ${max} znaków`,
  valueUnknown: (value: string) => `Nieznana wartość: ${value}`,
  takenByOther: 'Ten NIP lub telefon ma już inny rekord w bazie',
  customerRequired: 'Brak klienta (nazwy lub NIP)',
  partyMissing: (who: string, name: string) => `Nie znaleziono ${who}: ${name}`,
  historyLine: (fileName: string, row: number) => `${fileName}, wiersz ${row}`,
  errorColumn: 'Błąd',
} as const;

/** The screen's texts. */
export const importLabels = {
  button: 'Importuj',
  title: { customers: 'Import klientów', carriers: 'Import przewoźników', orders: 'Import zleceń' },
  drop: 'Przeciągnij tutaj plik CSV lub XLSX albo kliknij, aby go wybrać',
  sheet: 'Arkusz',
  mapping: 'Przypisanie kolumn',
  notMapped: '— nie importuj —',
  preview: 'Podgląd (pierwsze 50 wierszy po normalizacji)',
  actions: 'Działania importu',
  check: 'Sprawdź',
  run: 'Importuj',
  duplicates: 'Duplikaty',
  policies: { skip: 'Pomiń', fill: 'Uzupełnij tylko puste pola', overwrite: 'Nadpisz' },
  counts: { new: 'Nowe', updated: 'Zaktualizowane', duplicate: 'Duplikaty', error: 'Błędy' },
  saveMapping: 'Zapisz mapowanie',
  createMissingParties: 'Utwórz brakujących klientów i przewoźników',
  mappingName: 'Nazwa mapowania',
  savedMapping: (name: string) => `Użyto zapisanego mapowania „${name}”`,
  progress: 'Postęp importu',
  history: 'Historia importów',
  rejected: 'Pobierz odrzucone wiersze',
  states: { uploaded: 'wgrany', checked: 'sprawdzony', running: 'w toku', done: 'zakończony', failed: 'przerwany' },
  done: 'Import zakończony',
  verify: 'Zweryfikuj zaimportowanych',
  verifyTitle: 'Weryfikacja w GUS, VIES i na białej liście',
  verifyCounts: {
    pending: 'W kolejce',
    ok: 'Poprawne',
    failed: 'Z zastrzeżeniami',
    unavailable: 'Niedostępne',
    skipped: 'Pominięte',
  },
  row: 'Wiersz',
} as const;
