/**
 * The customer's window (issue 37): the tracking link's page (/t/{token}), milestone e-mails and the customer panel.
 * Every text, Polish and English (by the customer's language). Zod-free, so that the tracking page can import it.
 */

/** The milestones a customer can be mailed about, in their order. */
export const CUSTOMER_MILESTONES = ['sent', 'loaded', 'unloaded', 'cmr'] as const;
export type CustomerMilestone = (typeof CUSTOMER_MILESTONES)[number];
export const DEFAULT_CUSTOMER_MILESTONES = 'sent,loaded,unloaded,cmr';

/** The status as the customer understands it. */
export const TRACK_STATUSES = ['accepted', 'toLoading', 'loaded', 'inTransit', 'unloaded', 'finished'] as const;
export type TrackStatus = (typeof TRACK_STATUSES)[number];

export type TrackLanguage = 'pl' | 'en';

/**
 * The customer's status from the order's facts: loading and unloading as confirmed in the office or reported by the
 * carrier, a vehicle given, the order finished.
 */
export function trackStatusOf(facts: {
  finished: boolean;
  unloaded: boolean;
  loaded: boolean;
  loadedAt: string | null;
  vehicle: boolean;
  now?: Date;
}): TrackStatus {
  if (facts.finished) return 'finished';
  if (facts.unloaded) return 'unloaded';
  if (facts.loaded) {
    // An hour after loading the truck is on its way.
    const at = facts.loadedAt ? Date.parse(facts.loadedAt) : Number.NaN;
    const now = (facts.now ?? new Date()).getTime();
    return Number.isFinite(at) && now - at > 3_600_000 ? 'inTransit' : 'loaded';
  }
  return facts.vehicle ? 'toLoading' : 'accepted';
}

/** 'Polski' (the customer record's language) or anything else: Polish or English. */
export const trackLanguageOf = (language: string | null | undefined): TrackLanguage =>
  !language || language === 'Polski' ? 'pl' : 'en';

const pl = {
  title: 'Śledzenie zlecenia',
  order: 'Zlecenie',
  status: 'Status',
  statuses: {
    accepted: 'Przyjęte',
    toLoading: 'Auto w drodze na załadunek',
    loaded: 'Załadowane',
    inTransit: 'W drodze',
    unloaded: 'Rozładowane',
    finished: 'Zakończone',
  } satisfies Record<TrackStatus, string>,
  loading: 'Załadunek',
  unloading: 'Rozładunek',
  planned: 'Planowo',
  reported: 'Zgłoszono',
  timeline: 'Przebieg',
  // Issue 39: the truck's whereabouts (the nearest town) and the ETA.
  whereabouts: 'Gdzie jest auto',
  // 'Okolice Kostrzyn' needed the genitive ('Okolice Kostrzyna'), which a town's name from the gazetteer cannot be
  // declined into reliably: a label and a colon leave the name in the nominative.
  near: (town: string) => `W pobliżu: ${town}`,
  eta: 'Przewidywany dojazd',
  etaStatuses: { ok: 'zgodnie z planem', zagrozone: 'termin zagrożony', opoznienie: 'opóźnienie' } as Record<
    string,
    string
  >,
  events: { loaded: 'Załadowano', unloaded: 'Rozładowano', cmr: 'Dokument CMR dostępny' } as Record<string, string>,
  vehicle: 'Pojazd',
  truck: 'Ciągnik',
  trailer: 'Naczepa',
  driver: 'Kierowca',
  documents: 'Dokumenty',
  noDocuments: 'Brak dokumentów',
  invoices: 'Faktury',
  noInvoices: 'Brak faktur',
  paid: 'Zapłacona',
  partlyPaid: 'Częściowo zapłacona',
  unpaid: 'Do zapłaty',
  overdue: 'Po terminie',
  due: 'Termin',
  download: 'Pobierz',
  cargo: 'Towar',
  contact: 'Kontakt ze spedycją',
  linkInvalid:
    'Ten link jest nieprawidłowy, wygasł albo został unieważniony. Skontaktuj się ze spedycją telefonicznie.',
  loadFailed: 'Nie udało się wczytać strony. Spróbuj ponownie.',
  kinds: { cmr: 'CMR', invoice: 'Faktura', other: 'Dokument', order: 'Zlecenie' } as Record<string, string>,
};

const en: typeof pl = {
  title: 'Shipment tracking',
  order: 'Order',
  status: 'Status',
  statuses: {
    accepted: 'Accepted',
    toLoading: 'Truck on its way to loading',
    loaded: 'Loaded',
    inTransit: 'In transit',
    unloaded: 'Unloaded',
    finished: 'Completed',
  },
  loading: 'Loading',
  unloading: 'Unloading',
  planned: 'Planned',
  reported: 'Reported',
  timeline: 'Progress',
  whereabouts: 'Where the truck is',
  near: (town: string) => `Near: ${town}`,
  eta: 'Expected arrival',
  etaStatuses: { ok: 'on schedule', zagrozone: 'at risk', opoznienie: 'delayed' } as Record<string, string>,
  events: { loaded: 'Loaded', unloaded: 'Unloaded', cmr: 'CMR document available' },
  vehicle: 'Vehicle',
  truck: 'Truck',
  trailer: 'Trailer',
  driver: 'Driver',
  documents: 'Documents',
  noDocuments: 'No documents',
  invoices: 'Invoices',
  noInvoices: 'No invoices',
  paid: 'Paid',
  partlyPaid: 'Partly paid',
  unpaid: 'Unpaid',
  overdue: 'Overdue',
  due: 'Due',
  download: 'Download',
  cargo: 'Cargo',
  contact: 'Contact the forwarder',
  linkInvalid: 'This link is invalid, has expired or was revoked. Please call the forwarder.',
  loadFailed: 'The page could not be loaded. Please try again.',
  kinds: { cmr: 'CMR', invoice: 'Invoice', other: 'Document', order: 'Order' },
};

export const trackTexts: Record<TrackLanguage, typeof pl> = { pl, en };

/** The office's texts and the server's messages. */
export const customerWindowMessages = {
  linkTitle: 'Klient — link',
  linkInvalid: pl.linkInvalid,
  tooManyRequests: 'Zbyt wiele zapytań. Spróbuj ponownie za kilka minut.',
  noLink: 'To zlecenie nie ma aktywnego linku dla klienta.',
  linkIssued: 'Link dla klienta został utworzony.',
  linkRevoked: 'Link dla klienta został unieważniony.',
  linkExpired: 'Link wygasł (30 dni po rozładunku) — nie można go wydać ponownie.',
  visibleToCustomer: 'Widoczny dla klienta',
  attachCmr: 'Dołącz CMR',
  noReleasedCmr: 'To zlecenie nie ma CMR udostępnionego klientowi.',
  panel: 'Panel klienta',
  invite: 'Zaproś osobę',
  invited: 'Zaproszenie zostało wysłane.',
  invitedKept: 'Zaproszenie zapisano (serwer poczty nie jest skonfigurowany — wiadomość zachowano w folderze).',
  panelUserExists: 'Osoba o tym adresie e-mail ma już konto.',
  invitationInvalid: 'To zaproszenie jest nieprawidłowe, wygasło albo zostało już użyte.',
  passwordSet: 'Hasło zostało ustawione. Możesz się zalogować.',
  panelUserDisabled: 'Konto zostało wyłączone.',
  panelUserEnabled: 'Konto zostało włączone.',
  customerHasPanel: 'Klient ma konto w panelu',
  fromCustomer: 'od klienta',
  queryCreated: 'Zapytanie zostało wysłane. Odpowiemy najszybciej, jak to możliwe.',
  noCustomerEmail: 'Klient nie ma adresu e-mail.',
  milestones: {
    sent: 'Wysłanie zlecenia',
    loaded: 'Załadunek',
    unloaded: 'Rozładunek',
    cmr: 'CMR',
  } satisfies Record<CustomerMilestone, string>,
  milestonesInvalid: 'Podaj kamienie milowe spośród: sent, loaded, unloaded, cmr (po przecinku).',
  mailKept: 'zachowany w folderze (bez serwera poczty)',
  mailQueued: 'w kolejce',
  mailSent: 'wysłany',
  panelQueryNotice: (company: string) => `Nowe zapytanie od klienta ${company} (panel klienta)`,
};

/** The milestone mails, per language: subject and a short text with the link. */
export function milestoneMail(
  language: TrackLanguage,
  milestone: CustomerMilestone,
  v: { number: string; route: string; link: string; company: string },
) {
  const subjects: Record<TrackLanguage, Record<CustomerMilestone, string>> = {
    pl: {
      sent: `Zlecenie ${v.number} przyjęte (${v.route})`,
      loaded: `Zlecenie ${v.number}: towar załadowany`,
      unloaded: `Zlecenie ${v.number}: towar rozładowany`,
      cmr: `Zlecenie ${v.number}: CMR do pobrania`,
    },
    en: {
      sent: `Order ${v.number} accepted (${v.route})`,
      loaded: `Order ${v.number}: loaded`,
      unloaded: `Order ${v.number}: unloaded`,
      cmr: `Order ${v.number}: CMR available`,
    },
  };
  const intro =
    language === 'pl'
      ? `Dzień dobry,\n\n${subjects.pl[milestone]}.\nStatus, dokumenty i faktury zlecenia na trasie ${v.route}:\n${v.link}\n\nPozdrawiamy,\n${v.company}\n`
      : `Hello,\n\n${subjects.en[milestone]}.\nStatus, documents and invoices of the order on the route ${v.route}:\n${v.link}\n\nKind regards,\n${v.company}\n`;
  return { subject: subjects[language][milestone], text: intro };
}

/** The panel's texts (Polish and English). */
const panelPl = {
  title: 'Panel klienta',
  orders: 'Zlecenia',
  queries: 'Zapytania',
  invoices: 'Faktury',
  newQuery: 'Nowe zapytanie',
  logout: 'Wyloguj',
  balance: (due: string, overdue: string) => `Saldo: do zapłaty ${due}, w tym po terminie ${overdue}`,
  interestNotes: 'Noty odsetkowe',
  priceQuoted: 'Cena przedstawiona',
  noRows: 'Brak',
  send: 'Wyślij zapytanie',
  setPassword: 'Ustaw hasło',
  password: 'Hasło',
  passwordAgain: 'Powtórz hasło',
  passwordsDiffer: 'Hasła się różnią.',
  passwordTooShort: 'Hasło musi mieć co najmniej 8 znaków.',
  passwordDone: 'Hasło zostało ustawione. Możesz się zalogować.',
  invitationInvalid: 'To zaproszenie jest nieprawidłowe, wygasło albo zostało już użyte.',
  login: 'Zaloguj',
  back: 'Wróć',
  number: 'Numer',
  route: 'Trasa',
  date: 'Data',
  gross: 'Brutto',
  dueAmount: 'Do zapłaty',
  paymentDate: 'Termin płatności',
  notes: 'Uwagi',
};
const panelEn: typeof panelPl = {
  title: 'Customer panel',
  orders: 'Orders',
  queries: 'Requests',
  invoices: 'Invoices',
  newQuery: 'New request',
  logout: 'Log out',
  balance: (due: string, overdue: string) => `Balance: ${due} due, of which ${overdue} overdue`,
  interestNotes: 'Interest notes',
  priceQuoted: 'Price quoted',
  noRows: 'None',
  send: 'Send request',
  setPassword: 'Set password',
  password: 'Password',
  passwordAgain: 'Repeat password',
  passwordsDiffer: 'The passwords differ.',
  passwordTooShort: 'The password must have at least 8 characters.',
  passwordDone: 'Your password is set. You can log in now.',
  invitationInvalid: 'This invitation is invalid, has expired or has already been used.',
  login: 'Log in',
  back: 'Back',
  number: 'Number',
  route: 'Route',
  date: 'Date',
  gross: 'Gross',
  dueAmount: 'Due',
  paymentDate: 'Payment date',
  notes: 'Notes',
};
export const panelTexts: Record<TrackLanguage, typeof panelPl> = { pl: panelPl, en: panelEn };
