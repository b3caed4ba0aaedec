/**
 * Issue 39, positions and the ETA: the texts and constants the carrier's page and the tracking page need. Zod-free,
 * so that those small pages can import it (their bundle budgets).
 */

/** A position older than this shows as 'nieaktualna'. */
export const POSITION_STALE_MINUTES = 60;
/** The carrier's page sends a position this often while it is open, or after this many metres of movement. */
export const SHARE_INTERVAL_MS = 5 * 60 * 1000;
export const SHARE_DISTANCE_M = 1000;
/** At most this many positions in one telematics batch (413 past it). */
export const POSITIONS_BATCH_MAX = 1000;

export const ETA_STATUSES = ['ok', 'zagrozone', 'opoznienie'] as const;
export type EtaStatus = (typeof ETA_STATUSES)[number];

/** GET /api/orders/{uuid}/eta and the order's `eta`. */
export type OrderEta = {
  at: string;
  status: EtaStatus;
  minutesLate: number;
  computedAt: string;
  /** Minutes since the last position was taken. */
  positionAge: number;
};

export const etaStatusLabels: Record<EtaStatus, string> = {
  ok: 'ok',
  zagrozone: 'zagrożone',
  opoznienie: 'opóźnienie',
};

/** The carrier's page: 'Udostępnij lokalizację', in Polish and English. */
export const shareLocationTexts = {
  pl: {
    title: 'Lokalizacja',
    share: 'Udostępnij lokalizację',
    stop: 'Przestań udostępniać',
    here: 'Jestem tutaj',
    consent:
      'Po włączeniu ta strona wysyła położenie telefonu (współrzędne, dokładność i czas) spedycji, która zleciła ten transport: co 5 minut albo po przejechaniu 1 km, tylko gdy strona jest otwarta, i najdłużej do rozładunku. Spedycja widzi je przy zleceniu, a klientowi pokazuje tylko najbliższą miejscowość i przewidywany czas dojazdu. Położenia są usuwane po 90 dniach (lub po okresie ustawionym przez spedycję).',
    consentAccept: 'Zgadzam się i udostępniam',
    hidden:
      'Przeglądarka zatrzymuje ukrytą stronę: położenie wysyłane jest tylko, gdy ta strona jest otwarta na ekranie (meldunki, nie ciągłe śledzenie).',
    sharing: 'Udostępnianie włączone',
    sent: 'Wysłano położenie',
    denied: 'Brak zgody przeglądarki na lokalizację. Zezwól na nią w ustawieniach przeglądarki.',
    unavailable: 'Nie udało się ustalić położenia.',
    unloaded: 'Zlecenie rozładowane: udostępnianie lokalizacji zakończone.',
    failed: 'Nie udało się wysłać położenia.',
  },
  en: {
    title: 'Location',
    share: 'Share location',
    stop: 'Stop sharing',
    here: 'I am here',
    consent:
      'Once switched on, this page sends the phone’s position (coordinates, accuracy and time) to the forwarder that ordered this transport: every 5 minutes or after 1 km of movement, only while this page is open, and at most until unloading. The forwarder sees it with the order and shows the customer only the nearest town and the expected arrival. Positions are deleted after 90 days (or the period the forwarder has set).',
    consentAccept: 'I agree, share',
    hidden:
      'The browser stops a hidden page: positions are sent only while this page is open on the screen (check-ins, not continuous tracking).',
    sharing: 'Sharing is on',
    sent: 'Position sent',
    denied: 'The browser has no permission for location. Allow it in the browser’s settings.',
    unavailable: 'The position could not be determined.',
    unloaded: 'The order is unloaded: location sharing has ended.',
    failed: 'The position could not be sent.',
  },
} as const;

export const positionsMessages = {
  badCoordinates: 'Nieprawidłowe współrzędne: szerokość od -90 do 90, długość od -180 do 180.',
  badTime: 'Podaj poprawny czas położenia (ISO 8601, nie z przyszłości).',
  plateRequired: 'Podaj numer rejestracyjny pojazdu.',
  tooMany: `Najwyżej ${POSITIONS_BATCH_MAX} położeń w jednej paczce.`,
  emptyBatch: 'Paczka nie zawiera położeń.',
  keyInvalid: 'Nieprawidłowy albo unieważniony klucz API.',
  tooManyRequests: 'Zbyt wiele zapytań tym kluczem. Spróbuj ponownie za minutę.',
  keyRevoked: 'Ten klucz został już unieważniony.',
  keyNameRequired: 'Podaj nazwę klucza (np. nazwę dostawcy GPS).',
  unloaded: 'Zlecenie jest rozładowane: położenia nie są już przyjmowane.',
  stale: 'nieaktualna',
  etaTitle: 'Pozycja i ETA',
  etaNotifications: {
    zagrozone: 'Zagrożony termin (ETA)',
    opoznienie: 'Opóźnienie (ETA)',
  } satisfies Record<Exclude<EtaStatus, 'ok'>, string>,
} as const;
