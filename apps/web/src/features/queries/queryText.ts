import {
  EMPTY_VALUE,
  formatMeasure,
  hundredthsToDecimal,
  type Query,
  type QueryStatus,
  queryStatusLabels,
} from '@spedycja/domain';
import { queriesMessages as t } from './messages.ts';

/** Pure helpers of the queries table: cell texts, the copied text, the route-map link, the status dot. */

type Place = {
  postalCode: string | null;
  city: string | null;
  country: string | null;
};

export function placeOf(query: Query, side: 'loading' | 'unloading'): Place {
  return side === 'loading'
    ? { postalCode: query.loadingPostalCode, city: query.loadingCity, country: query.loadingCountry }
    : { postalCode: query.unloadingPostalCode, city: query.unloadingCity, country: query.unloadingCountry };
}

/** {PL, 00-001, Warszawa} -> 'PL 00-001 Warszawa' (the freight-exchange notation); 'Brak' when empty. */
export function placeText(place: Place): string {
  const text = [place.country, place.postalCode, place.city].filter(Boolean).join(' ');
  return text || EMPTY_VALUE;
}

const dimension = (value: number | null) => (value === null ? '–' : hundredthsToDecimal(value));

/** 1360, 245, 270 -> '13.60 × 2.45 × 2.70 m'; null when no dimension is known. */
export function dimensionsText(q: Pick<Query, 'cargoLength' | 'cargoWidth' | 'cargoHeight'>): string | null {
  if (q.cargoLength === null && q.cargoWidth === null && q.cargoHeight === null) return null;
  return `${dimension(q.cargoLength)} × ${dimension(q.cargoWidth)} × ${dimension(q.cargoHeight)} m`;
}

/** The text 'Kopiuj zapytanie' puts on the clipboard: both places, the cargo and its dimensions. */
export function queryClipboardText(query: Query): string {
  const c = t.copy;
  const lines = [
    `${c.loading}: ${placeText(placeOf(query, 'loading'))}`,
    `${c.unloading}: ${placeText(placeOf(query, 'unloading'))}`,
    `${c.cargo}: ${query.cargo?.trim() || EMPTY_VALUE}`,
    `${c.dimensions}: ${dimensionsText(query) ?? EMPTY_VALUE}`,
    `${c.weight}: ${formatMeasure(query.cargoWeight, 't')}`,
  ];
  return lines.join('\n');
}

type Coordinates = Pick<
  Query,
  'loadingPlaceLatitude' | 'loadingPlaceLongitude' | 'unloadingPlaceLatitude' | 'unloadingPlaceLongitude'
>;

/** The driving route between the two places on Google Maps; null without both places' coordinates. */
export function routeMapUrl(q: Coordinates): string | null {
  const { loadingPlaceLatitude: lat1, loadingPlaceLongitude: lon1 } = q;
  const { unloadingPlaceLatitude: lat2, unloadingPlaceLongitude: lon2 } = q;
  if (lat1 === null || lon1 === null || lat2 === null || lon2 === null) return null;
  return `https://www.google.com/maps/dir/?api=1&origin=${lat1},${lon1}&destination=${lat2},${lon2}&travelmode=driving`;
}

/** SPEC §2: active green, inactive red, pending indigo. */
const statusColors: Record<QueryStatus, string> = {
  aktywne: 'green',
  nieaktywne: 'red',
  oczekujace: 'indigo',
};

export function statusDot(status: string): { color: string; label: string } {
  const color = statusColors[status as QueryStatus] ?? 'gray';
  const label = queryStatusLabels[status as keyof typeof queryStatusLabels] ?? status;
  return { color, label };
}

/** '2026-11-25T00:00:00.000Z' -> '2026-11-25': the API keeps dates as days, whatever the browser's zone. */
export function dayOf(value: string | null | undefined): string | null {
  return value ? value.slice(0, 10) : null;
}
