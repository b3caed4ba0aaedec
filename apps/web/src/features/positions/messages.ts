import { etaStatusLabels, POSITION_STALE_MINUTES } from '@spedycja/domain';

/** Issue 39, the office's side: the orders list's mark and filter, the order modal's map, the carrier's API keys. */
export const positionsTexts = {
  tab: 'Pozycja i ETA',
  columnHeader: 'ETA',
  filterLabel: 'ETA',
  filterLate: 'opóźnione',
  filterAtRisk: 'zagrożone',
  status: etaStatusLabels,
  stale: 'nieaktualna',
  age: (minutes: number) =>
    minutes < 60
      ? `${minutes} min temu`
      : minutes < 48 * 60
        ? `${Math.floor(minutes / 60)} h temu`
        : `${Math.floor(minutes / 1440)} dni temu`,
  isStale: (minutes: number) => minutes > POSITION_STALE_MINUTES,
  late: (minutes: number) => `${minutes} min po terminie`,
  noPositions:
    'Brak położeń dla tego zlecenia. Przewoźnik może udostępnić lokalizację na swojej stronie zlecenia albo wysyłać je z telematyki (klucz API w karcie przewoźnika).',
  noEta: 'ETA nie jest liczone: zlecenie nie jest w drodze albo brakuje współrzędnych miejsca.',
  etaAt: 'Przewidywany dojazd',
  lastPosition: 'Ostatnie położenie',
  computed: 'Jak policzono',
  stop: { loading: 'do załadunku', unloading: 'do rozładunku' },
  method: { osrm: 'trasa z routera OSRM', offline: 'odległość w linii prostej × 1,2 (bez routera)' },
  basis: (b: { distanceKm: number; speedKmh: number; drivingMinutes: number; breaks: number; dailyRests: number }) =>
    `${b.distanceKm} km przy średniej ${b.speedKmh} km/h: ${Math.floor(b.drivingMinutes / 60)} h ${b.drivingMinutes % 60} min jazdy, przerwy 45 min: ${b.breaks}, odpoczynki dobowe 11 h: ${b.dailyRests} (czas pracy kierowcy liczony od zgłoszonego załadunku).`,
  windowEnd: 'Koniec okna',
  computedAt: 'Policzono',
  source: { link: 'link przewoźnika', telematics: 'telematyka' },
  mapLabel: 'Mapa trasy, przystanków i położeń',
  loading: 'Załadunek',
  unloading: 'Rozładunek',
  noTiles: 'Bez podkładu mapy (MAP_TILES_URL nieustawiony): trasa, przystanki i położenia na zwykłym tle.',
  keys: {
    title: 'Klucze API (telematyka)',
    intro:
      'Klucz pozwala systemowi GPS przewoźnika wysyłać położenia: POST /api/positions z nagłówkiem X-Api-Key. Klucz jest pokazywany tylko raz.',
    name: 'Nazwa klucza',
    create: 'Utwórz klucz',
    revoke: 'Unieważnij',
    revoked: 'unieważniony',
    created: 'Utworzono',
    lastUsed: 'Ostatnio użyty',
    never: 'nigdy',
    newKey: 'Nowy klucz — skopiuj go teraz, nie będzie pokazany ponownie:',
    copy: 'Kopiuj',
    copied: 'Skopiowano',
    none: 'Brak kluczy.',
    revokedNotice: 'Klucz unieważniony.',
    createError: 'Nie udało się utworzyć klucza.',
    revokeError: 'Nie udało się unieważnić klucza.',
  },
} as const;
