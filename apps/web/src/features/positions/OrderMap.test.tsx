import type { OrderPosition } from '@spedycja/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import OrderMap, { type MapStop } from './OrderMap.tsx';

const stops: MapStop[] = [
  { kind: 'loading', lat: 52.41, lon: 16.93, label: 'Załadunek: Poznań' },
  { kind: 'unloading', lat: 52.52, lon: 13.4, label: 'Rozładunek: Berlin' },
];
const position = (lat: number, lon: number, minutes: number): OrderPosition => ({
  lat,
  lon,
  accuracy: 10,
  speed: null,
  heading: null,
  source: 'link',
  at: new Date(Date.UTC(2026, 11, 1, 8, minutes)).toISOString(),
});

describe('the order map (issue 39)', () => {
  it('draws the route, the stops, the trail, the last position and a scale with no tiles', () => {
    const positions = [position(52.4, 16.5, 0), position(52.38, 15.8, 30), position(52.35, 15.1, 60)];
    const { container } = renderWithProviders(<OrderMap stops={stops} positions={positions} tilesUrl={null} />);
    expect(screen.getByRole('img', { name: 'Mapa trasy, przystanków i położeń' })).toBeTruthy();
    const svg = container.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(container.querySelectorAll('path.order-map-route')).toHaveLength(1);
    expect(container.querySelectorAll('path.order-map-trail')).toHaveLength(1);
    expect(container.querySelectorAll('path.order-map-stop')).toHaveLength(2);
    expect(container.querySelectorAll('path.order-map-position')).toHaveLength(2);
    expect(container.querySelectorAll('path.order-map-last')).toHaveLength(1);
    expect(container.querySelector('.leaflet-control-scale')).not.toBeNull();
    // No tile layer asked for anything: the plain background.
    expect(container.querySelectorAll('img.leaflet-tile')).toHaveLength(0);
    expect(screen.getByText('Załadunek: Poznań')).toBeTruthy();
  });

  it('lays tiles beneath when a tile address is set', () => {
    const { container } = renderWithProviders(
      <OrderMap stops={stops} positions={[]} tilesUrl="https://tiles.example/{z}/{x}/{y}.png" />,
    );
    expect(container.querySelector('.leaflet-tile-pane')?.children.length).toBeGreaterThan(0);
    expect(container.querySelectorAll('path.order-map-stop')).toHaveLength(2);
  });
});
