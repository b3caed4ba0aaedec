import { formatDateTime } from '@spedycja/domain';

/** A change of a record as GET /api/{resource}/{uuid}/history lists it. */
export type HistoryEntry = {
  date: string;
  user: { uuid: string; name: string } | null;
  action: string;
  changes: { field: string; from: unknown; to: unknown }[];
};

export const historyMessages = {
  tab: 'Historia zmian',
  dataTab: 'Dane',
  empty: 'Brak zapisanych zmian.',
  loading: 'Wczytywanie historii…',
  conflictTitle: 'Ten rekord został w międzyczasie zmieniony przez innego użytkownika.',
  conflictHint: 'Twoje wpisane dane zostały w formularzu. Wczytaj ponownie, sprawdź i zapisz jeszcze raz.',
  reload: 'Wczytaj ponownie',
  nobody: 'system',
} as const;

export const actionLabels: Record<string, string> = {
  create: 'Utworzenie',
  update: 'Zmiana',
  delete: 'Usunięcie',
  restore: 'Przywrócenie',
  conversion: 'Zamiana typu',
  confirmation: 'Potwierdzenie',
  send: 'Wysłanie',
  payment: 'Płatność',
  ksef: 'Wysłanie do KSeF',
  reminder: 'Przypomnienie o płatności',
  import: 'Import wyciągu',
  booking: 'Księgowanie z wyciągu',
  dataImport: 'Import z pliku',
  rating: 'Ocena przewoźnika',
};

/** Polish names of the fields the history names (the API's field names); others are shown as they are. */
export const fieldLabels: Record<string, string> = {
  status: 'Status',
  rating: 'Ocena przewoźnika',
  number: 'Numer',
  cargo: 'Ładunek',
  cargoLength: 'Długość',
  cargoWidth: 'Szerokość',
  cargoHeight: 'Wysokość',
  cargoWeight: 'Waga',
  loadingCity: 'Miejscowość załadunku',
  loadingCountry: 'Kraj załadunku',
  loadingPostalCode: 'Kod pocztowy załadunku',
  loadingStreetAddress: 'Adres załadunku',
  loadingDate: 'Data załadunku',
  loadingType: 'Rodzaj załadunku',
  unloadingCity: 'Miejscowość rozładunku',
  unloadingCountry: 'Kraj rozładunku',
  unloadingPostalCode: 'Kod pocztowy rozładunku',
  unloadingStreetAddress: 'Adres rozładunku',
  unloadingDate: 'Data rozładunku',
  customer: 'Klient',
  carrier: 'Przewoźnik',
  user: 'Opiekun',
  createdBy: 'Utworzył',
  changedBy: 'Zmienił',
  customerPrice: 'Cena dla klienta',
  customerPriceCurrency: 'Waluta ceny dla klienta',
  carrierPrice: 'Cena przewoźnika',
  carrierPriceCurrency: 'Waluta ceny przewoźnika',
  price: 'Cena',
  currency: 'Waluta',
  companyName: 'Nazwa firmy',
  name: 'Nazwa',
  nip: 'NIP',
  phone: 'Telefon',
  phonePrefix: 'Kierunkowy',
  email: 'E-mail',
  city: 'Miejscowość',
  country: 'Kraj',
  postalCode: 'Kod pocztowy',
  streetAddress: 'Ulica',
  comment: 'Komentarz',
  contactDate: 'Data kontaktu',
  additionalInfo: 'Dodatkowe informacje',
  orderAdditionalInfo: 'Uwagi do zlecenia',
  chosenOfferUuid: 'Wybrana oferta',
  deletionReason: 'Powód usunięcia',
  driverName: 'Kierowca',
  driverPhone: 'Telefon kierowcy',
  truck: 'Ciągnik',
  trailer: 'Naczepa',
  loadingFinished: 'Załadunek zakończony',
  unloadingFinished: 'Rozładunek zakończony',
  mailSentToCustomer: 'Wysłano do klienta',
  mailSentToCarrier: 'Wysłano do przewoźnika',
  customerPaid: 'Klient zapłacił',
  carrierPaid: 'Zapłacono przewoźnikowi',
  login: 'Login',
  roles: 'Role',
  value: 'Wartość',
  paid: 'Zapłacona',
  paymentDate: 'Termin płatności',
  description: 'Opis',
  reminder: 'Przypomnienie',
  fileName: 'Plik',
  importSource: 'Import',
  lineCount: 'Operacji',
  duplicateCount: 'Pominięto już wczytanych',
  booked: 'Zaksięgowano',
  statementPayment: 'Płatność z wyciągu',
  mailToCustomer: 'Dokument dla klienta',
  mailToCarrier: 'Dokument dla przewoźnika',
  mailSentToCustomerAddress: 'Wysłano do klienta na adres',
  mailSentToCarrierAddress: 'Wysłano do przewoźnika na adres',
};

export function formatHistoryValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'tak' : 'nie';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * 'Kierowca: — → Jan Kowalski' for an edit; an event that only states a value (the statement's file at its import,
 * a booking, a reminder sent) reads 'Plik: wyciag.sta', not a change from '—' (issue 34).
 */
export const changeLine = (change: HistoryEntry['changes'][number], action?: string) => {
  const label = fieldLabels[change.field] ?? change.field;
  if (action && action !== 'update' && isEmpty(change.from)) return `${label}: ${formatHistoryValue(change.to)}`;
  return `${label}: ${formatHistoryValue(change.from)} → ${formatHistoryValue(change.to)}`;
};
