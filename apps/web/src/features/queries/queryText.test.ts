import { dayOf, dimensionsText, routeMapUrl } from '@spedycja/domain';
import { describe, expect, it } from 'vitest';
import { placeText, queryClipboardText, statusDot } from './queryText.ts';
import { testQuery } from './testQuery.ts';

describe('the copied query text', () => {
  it('lists both places (country, postal code, city), the cargo, its dimensions and weight', () => {
    expect(queryClipboardText(testQuery())).toBe(
      [
        'Załadunek: PL 00-001 Warszawa',
        'Rozładunek: DE 10115 Berlin',
        'Towar: Stal zbrojeniowa w prętach',
        'Wymiary: 13,60 × 2,45 × 2,70 m',
        'Waga: 24,00 t',
      ].join('\n'),
    );
  });

  it("says 'Brak' for what is missing and never prints null", () => {
    const text = queryClipboardText(
      testQuery({
        loadingPostalCode: null,
        unloadingCity: null,
        unloadingPostalCode: null,
        unloadingCountry: null,
        cargo: '  ',
        cargoLength: null,
        cargoWidth: null,
        cargoHeight: null,
        cargoWeight: null,
      }),
    );
    expect(text).toBe(
      ['Załadunek: PL Warszawa', 'Rozładunek: Brak', 'Towar: Brak', 'Wymiary: Brak', 'Waga: Brak'].join('\n'),
    );
    expect(text).not.toContain('null');
  });

  it('marks a single unknown dimension with a dash', () => {
    expect(dimensionsText({ cargoLength: 1360, cargoWidth: null, cargoHeight: 270 })).toBe('13,60 × — × 2,70 m');
    expect(placeText({ country: null, postalCode: null, city: null })).toBe('Brak');
  });
});

describe('the route-map link', () => {
  it('opens Google Maps driving directions between the two places', () => {
    expect(routeMapUrl(testQuery())).toBe(
      'https://www.google.com/maps/dir/?api=1&origin=52.22977,21.01178&destination=52.52437,13.41053&travelmode=driving',
    );
  });

  it('is absent without all four coordinates (0 is a coordinate)', () => {
    expect(routeMapUrl(testQuery({ unloadingPlaceLongitude: null }))).toBeNull();
    expect(routeMapUrl(testQuery({ loadingPlaceLatitude: 0, loadingPlaceLongitude: 0 }))).toContain('origin=0,0');
  });
});

describe('the status dot', () => {
  it('is green for active, red for inactive and indigo for pending, named in Polish', () => {
    expect(statusDot('aktywne')).toEqual({ color: 'green', label: 'Aktywne' });
    expect(statusDot('nieaktywne')).toEqual({ color: 'red', label: 'Nieaktywne' });
    expect(statusDot('oczekujace')).toEqual({ color: 'indigo', label: 'Oczekujące' });
  });

  it('is grey for a status it does not know', () => {
    expect(statusDot('wycena')).toEqual({ color: 'gray', label: 'Wycena' });
    expect(statusDot('xyz')).toEqual({ color: 'gray', label: 'xyz' });
  });
});

describe('dayOf', () => {
  it('keeps the day the API stored, whatever the browser time zone', () => {
    expect(dayOf('2026-11-25T00:00:00.000Z')).toBe('2026-11-25');
    expect(dayOf(null)).toBeNull();
  });
});
