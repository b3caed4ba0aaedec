import { type Order, wallClockOf } from '@spedycja/domain';

/**
 * The loadings calendar's events, as pure functions. Loading and unloading dates are wall-clock times kept as if they
 * were UTC (see wallClockOf); the calendar runs in UTC, so 08:00 in the data is 08:00 on screen in every browser.
 */

export type CalendarSide = 'loading' | 'unloading';
export type EventState = 'planned' | 'done' | 'late' | 'cancelled';

/** Under the events' white text, each at least 4.5:1 (WCAG AA): blue 5.0, green 5.1, red 5.5, gray 6.1. */
export const EVENT_COLORS: Record<EventState, string> = {
  planned: '#1971c2',
  done: '#2f7d3f',
  late: '#c92a2a',
  cancelled: '#5c636a',
};

export type CalendarEvent = {
  id: string;
  title: string;
  start: string;
  allDay: boolean;
  backgroundColor: string;
  borderColor: string;
  classNames: string[];
  extendedProps: { orderUuid: string; side: CalendarSide; state: EventState; order: Order };
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Now on the office's clock (the browser's), as a wall-clock value 'YYYY-MM-DD HH:mm'. */
export function wallClockNow(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/**
 * Planned, done (confirmed), late (its day gone by, or its hour when it has one, and not confirmed) or cancelled.
 * `now` is 'YYYY-MM-DD HH:mm' on the office's clock.
 */
export function eventState(order: Order, side: CalendarSide, now: string): EventState {
  if (order.status === 'anulowane') return 'cancelled';
  if (side === 'loading' ? order.loadingFinished : order.unloadingFinished) return 'done';
  // Issue 39: the kept ETA of the next stop is past its window: late before the date has gone by.
  const nextStop: CalendarSide = order.loadingFinished ? 'unloading' : 'loading';
  if (order.etaStatus === 'opoznienie' && side === nextStop) return 'late';
  const when = wallClockOf(side === 'loading' ? order.loadingDate : order.unloadingDate);
  if (!when) return 'planned';
  const passed = when.length > 10 ? when < now : when < now.slice(0, 10);
  return passed ? 'late' : 'planned';
}

const sideLabels: Record<CalendarSide, string> = { loading: 'Załadunek', unloading: 'Rozładunek' };

/** 'Załadunek 12/11/2026 · Żabka · Poznań → Berlin · Przewozy Gęś, PO 12345'. */
export function eventTitle(order: Order, side: CalendarSide): string {
  const party = (p: Order['customer']) => p?.companyName || p?.name || null;
  const route = `${order.loadingCity ?? '?'} → ${order.unloadingCity ?? '?'}`;
  const carrier = [party(order.carrier), order.truck].filter(Boolean).join(', ');
  return [`${sideLabels[side]} ${order.number}`, party(order.customer), route, carrier || null]
    .filter(Boolean)
    .join(' · ');
}

/** One side of an order as an event on its date (all-day when the date has no hour); null without a date. */
export function toCalendarEvent(order: Order, side: CalendarSide, now: string): CalendarEvent | null {
  const when = wallClockOf(side === 'loading' ? order.loadingDate : order.unloadingDate);
  if (!when) return null;
  const state = eventState(order, side, now);
  const allDay = when.length === 10;
  return {
    id: `${order.uuid}:${side}`,
    title: eventTitle(order, side),
    start: allDay ? when : `${when.replace(' ', 'T')}:00Z`,
    allDay,
    backgroundColor: EVENT_COLORS[state],
    borderColor: EVENT_COLORS[state],
    classNames: [`loading-event-${side}`, `loading-event-${state}`],
    extendedProps: { orderUuid: order.uuid, side, state, order },
  };
}

export function calendarEvents(loadings: readonly Order[], unloadings: readonly Order[], now: string) {
  const events: CalendarEvent[] = [];
  for (const o of loadings) {
    const e = toCalendarEvent(o, 'loading', now);
    if (e) events.push(e);
  }
  for (const o of unloadings) {
    const e = toCalendarEvent(o, 'unloading', now);
    if (e) events.push(e);
  }
  return events;
}

const dayOfUtc = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The API's bounds of a visible range (FullCalendar's start, and its exclusive end, both UTC midnights): date-only
 * `[gt]` is after that whole day and `[lt]` before that day, so the day before the start and the end day itself.
 */
export function rangeParams(side: CalendarSide, start: Date, end: Date): Record<string, string> {
  const dayBefore = new Date(start.getTime() - 86_400_000);
  const field = side === 'loading' ? 'loadingDate' : 'unloadingDate';
  return { [`${field}[gt]`]: dayOfUtc(dayBefore), [`${field}[lt]`]: dayOfUtc(end) };
}

/** Where an event was dropped, as the wall-clock value the API takes: the day, with its hour unless all-day. */
export function droppedValue(start: Date, allDay: boolean): string {
  const iso = start.toISOString();
  const time = iso.slice(11, 16);
  return allDay || time === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time}`;
}
