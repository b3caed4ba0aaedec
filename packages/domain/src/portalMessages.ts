/**
 * The carrier's link (issue 25): every text of the carrier's page (Polish, and English for a carrier whose language
 * is not Polish) and of the office's side. Zod-free, so that the carrier's page can import it.
 */

export const PORTAL_EVENT_TYPES = [
  'sent',
  'accepted',
  'declined',
  'vehicle',
  'loaded',
  'unloaded',
  'document',
  'invoice',
  'revoked',
  'documentDeleted',
  // Issue 39: the ETA turned 'zagrożone' / 'opóźnienie' (written by the app, notifying the owner).
  'etaRisk',
  'etaLate',
] as const;
export type PortalEventType = (typeof PORTAL_EVENT_TYPES)[number];

export const DOCUMENT_KINDS = ['cmr', 'invoice', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The limits of uploads: 20 MB a file, 30 files an order. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENTS_PER_ORDER = 30;
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'] as const;

/**
 * The two the carrier's page shows (apart, so that its bundle leaves out the rest: its 100 kB budget).
 */
export const portalPageMessages = {
  linkInvalid:
    'Ten link jest nieprawidłowy, wygasł albo został unieważniony. Skontaktuj się ze spedycją telefonicznie.',
  vehicleAfterLoading: 'Danych pojazdu nie można zmienić po załadunku.',
} as const;

// A pure call, so that a bundle using only portalPageMessages leaves this object out.
export const portalMessages = /* @__PURE__ */ Object.assign({}, portalPageMessages, {
  notFound: 'Nie znaleziono zlecenia dla tego linku.',
  previewUnavailable: 'Nie można wyświetlić podglądu tego pliku — pobierz go.',
  previewExpired: 'Ten adres podglądu wygasł albo jest nieprawidłowy. Otwórz podgląd ponownie.',
  tooManyRequests: 'Zbyt wiele zapytań. Spróbuj ponownie za kilka minut.',
  alreadyDeclined: 'Zlecenie zostało już odrzucone.',
  alreadyAccepted: 'Zlecenie zostało już przyjęte.',
  unloadedBeforeLoaded: 'Najpierw zgłoś załadunek.',
  notAccepted: 'Najpierw przyjmij zlecenie.',
  reasonRequired: 'Podaj powód odrzucenia.',
  fileTooLarge: 'Plik jest za duży: najwyżej 20 MB.',
  fileType: 'Nieobsługiwany rodzaj pliku: wyślij PDF, JPEG, PNG albo HEIC.',
  fileMissing: 'Wybierz plik do wysłania.',
  tooManyFiles: 'To zlecenie ma już 30 plików: więcej nie można dodać.',
  kindInvalid: 'Wybierz rodzaj dokumentu: CMR, faktura albo inny.',
  ksefNumberInvalid: 'Podaj poprawny numer KSeF faktury.',
  ksefNotFound: 'Nie znaleziono w KSeF faktury o tym numerze wystawionej dla nas.',
  ksefMismatch: 'Faktura z KSeF nie pasuje do tego zlecenia (NIP przewoźnika, kwota lub waluta).',
  deleteNotOwn: 'Możesz usunąć tylko pliki dodane przez siebie.',
  noLink: 'To zlecenie nie zostało jeszcze wysłane przewoźnikowi.',
  alreadyDeleted: 'Ten plik został już usunięty.',
  eventTypes: {
    sent: 'Wysłano link do przewoźnika',
    accepted: 'Przewoźnik przyjął zlecenie',
    declined: 'Przewoźnik odrzucił zlecenie',
    vehicle: 'Przewoźnik podał kierowcę i pojazd',
    loaded: 'Przewoźnik zgłosił załadunek',
    unloaded: 'Przewoźnik zgłosił rozładunek',
    document: 'Dodano dokument',
    invoice: 'Przewoźnik podał fakturę z KSeF',
    revoked: 'Unieważniono link',
    documentDeleted: 'Usunięto dokument',
    etaRisk: 'Zagrożony termin (ETA)',
    etaLate: 'Opóźnienie (ETA)',
  } satisfies Record<PortalEventType, string>,
  reportedByCarrier: 'zgłoszone przez przewoźnika',
  documentKinds: { cmr: 'CMR / dokument dostawy', invoice: 'Faktura', other: 'Inny' } satisfies Record<
    DocumentKind,
    string
  >,
} as const);
