import {
  dimensionsText,
  EMPTY_VALUE,
  formatMeasure,
  placeOf,
  placeText,
  type Query,
  type QueryStatus,
  queryStatusLabels,
} from '@spedycja/domain';
import { queriesMessages as t } from './messages.ts';

/**
 * Pure helpers of the queries table: cell texts, the copied text, the status dot (the dimensions,
 * the day of a date and the route-map link are the domain's, shared with orders).
 */

export { placeOf, placeText } from '@spedycja/domain';

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
