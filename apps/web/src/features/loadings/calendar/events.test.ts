import type { Order } from '@spedycja/domain';
import { describe, expect, it } from 'vitest';
import { calendarEvents, droppedValue, EVENT_COLORS, eventState, rangeParams, toCalendarEvent } from './events.ts';

const order = (over: Partial<Order> = {}) =>
  ({
    uuid: '6b81f04e-d7a4-4a5d-a3ac-3bb106cb0431',
    number: '12/11/2026',
    status: 'aktywne',
    loadingCity: 'Poznań',
    unloadingCity: 'Berlin',
    loadingDate: '2026-12-07T08:00:00.000Z',
    unloadingDate: '2026-12-08T00:00:00.000Z',
    loadingFinished: false,
    unloadingFinished: false,
    customer: { companyName: 'Żabka Logistyka' },
    carrier: { companyName: 'Przewozy Gęś' },
    truck: 'PO 12345',
    ...over,
  }) as Order;

describe('loadings calendar events', () => {
  it('makes two events of an order on its wall-clock dates: a timed loading and an all-day unloading', () => {
    const [loading, unloading] = calendarEvents([order()], [order()], '2026-12-01 10:00');
    expect(loading).toMatchObject({
      id: '6b81f04e-d7a4-4a5d-a3ac-3bb106cb0431:loading',
      start: '2026-12-07T08:00:00Z',
      allDay: false,
      title: 'Załadunek 12/11/2026 · Żabka Logistyka · Poznań → Berlin · Przewozy Gęś, PO 12345',
      backgroundColor: EVENT_COLORS.planned,
    });
    expect(unloading).toMatchObject({ start: '2026-12-08', allDay: true, extendedProps: { side: 'unloading' } });
    expect(toCalendarEvent(order({ loadingDate: null }), 'loading', '2026-12-01 10:00')).toBeNull();
  });

  it('colours by state: planned, confirmed, late once the day (or the hour) has passed unconfirmed, cancelled', () => {
    expect(eventState(order(), 'loading', '2026-12-07 07:59')).toBe('planned');
    expect(eventState(order(), 'loading', '2026-12-07 08:01')).toBe('late');
    // A day without an hour is late only from the next day.
    expect(eventState(order(), 'unloading', '2026-12-08 23:00')).toBe('planned');
    expect(eventState(order(), 'unloading', '2026-12-09 00:00')).toBe('late');
    expect(eventState(order({ loadingFinished: true }), 'loading', '2027-01-01 00:00')).toBe('done');
    expect(eventState(order({ loadingFinished: true }), 'unloading', '2027-01-01 00:00')).toBe('late');
    expect(eventState(order({ status: 'anulowane' }), 'loading', '2027-01-01 00:00')).toBe('cancelled');
  });

  it('asks the API for the visible range only: the day before its start and its exclusive end', () => {
    const start = new Date('2026-11-30T00:00:00Z');
    const end = new Date('2027-01-11T00:00:00Z');
    expect(rangeParams('loading', start, end)).toEqual({
      'loadingDate[gt]': '2026-11-29',
      'loadingDate[lt]': '2027-01-11',
    });
    expect(rangeParams('unloading', start, end)).toEqual({
      'unloadingDate[gt]': '2026-11-29',
      'unloadingDate[lt]': '2027-01-11',
    });
  });

  it('reads a drop as the wall-clock value the API takes', () => {
    expect(droppedValue(new Date('2026-12-09T08:00:00Z'), false)).toBe('2026-12-09 08:00');
    expect(droppedValue(new Date('2026-12-09T00:00:00Z'), true)).toBe('2026-12-09');
  });

  it("colours late the next stop of an order whose kept ETA is 'opóźnienie', before its date has gone by (issue 39)", () => {
    const now = '2026-12-01 10:00';
    expect(eventState(order({ etaStatus: 'opoznienie' }), 'loading', now)).toBe('late');
    expect(eventState(order({ etaStatus: 'opoznienie' }), 'unloading', now)).toBe('planned');
    expect(eventState(order({ etaStatus: 'opoznienie', loadingFinished: true }), 'unloading', now)).toBe('late');
    expect(eventState(order({ etaStatus: 'zagrozone' }), 'loading', now)).toBe('planned');
    const [loading] = calendarEvents([order({ etaStatus: 'opoznienie' })], [], now);
    expect(loading?.backgroundColor).toBe(EVENT_COLORS.late);
  });
});
