import {
  dimensionsText,
  EMPTY_VALUE,
  formatMeasure,
  type Query,
  type QueryStatus,
  queryStatusLabels,
} from '@spedycja/domain';
import { queriesMessages as t } from './messages.ts';

/**
 * Pure helpers of the queries table: cell texts, the copied text, the status dot (the dimensions,
 * the day of a date and the route-map link are the domain's, shared with orders).
 */

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
