import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrackViewCard } from './TrackView.tsx';
import type { TrackPlace, TrackView } from './trackApi.ts';

const place = (city: string, date: string): TrackPlace => ({
  streetAddress: null,
  postalCode: null,
  city,
  country: 'PL',
  date,
});

describe('the tracking page’s planned dates', () => {
  it('shows the whole day of a loading planned at an hour, not the hour cut to ten characters', () => {
    const view: TrackView = {
      number: '1/11/2026',
      language: 'pl',
      status: 'loaded',
      route: {
        loading: place('Poznań', '2026-11-29T08:48:00.000Z'),
        unloading: place('Berlin', '2026-11-30T00:00:00.000Z'),
      },
      cargo: 'Mąka',
      cargoWeight: null,
      timeline: [],
      whereabouts: null,
      vehicle: null,
      documents: [],
      invoices: [],
      brokerage: { name: 'Spedycja', phone: null, email: null },
    };
    render(<TrackViewCard view={view} />);
    // Before: formatWallClock(...).slice(0, 10) gave '08:48, 29/' for a time of day.
    expect(screen.getAllByText('29/11/2026').length).toBeGreaterThan(0);
    expect(screen.getAllByText('30/11/2026').length).toBeGreaterThan(0);
    expect(screen.queryByText(/08:48, 29\/$/)).toBeNull();
  });

  it("names the truck's nearest town without declining it, in Polish and in English", () => {
    const view = (language: 'pl' | 'en'): TrackView => ({
      number: '2/11/2026',
      language,
      status: 'inTransit',
      route: {
        loading: place('Poznań', '2026-11-29T00:00:00.000Z'),
        unloading: place('Berlin', '2026-11-30T00:00:00.000Z'),
      },
      cargo: null,
      cargoWeight: null,
      timeline: [],
      whereabouts: {
        town: 'Kostrzyn',
        country: 'PL',
        at: '2026-11-29T10:00:00.000Z',
        eta: { at: '2026-11-29T14:00:00.000Z', status: 'ok' },
      },
      vehicle: null,
      documents: [],
      invoices: [],
      brokerage: { name: 'Spedycja', phone: null, email: null },
    });
    const { unmount } = render(<TrackViewCard view={view('pl')} />);
    const where = () => screen.getByTestId('track-whereabouts').textContent ?? '';
    // 'Okolice Kostrzyn' wanted the genitive ('Okolice Kostrzyna').
    expect(where()).toMatch(/W pobliżu: Kostrzyn \(/);
    expect(where()).not.toContain('Okolice');
    unmount();
    render(<TrackViewCard view={view('en')} />);
    expect(where()).toMatch(/Near: Kostrzyn \(/);
  });
});
