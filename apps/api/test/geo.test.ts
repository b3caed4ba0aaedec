import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gazetteerLookup } from '../src/integrations/geo/gazetteer.ts';
import { createGeoService } from '../src/integrations/geo/http.ts';
import { haversineKm } from '../src/integrations/geo/types.ts';

describe('offline gazetteer', () => {
  it('finds cities by their own and their Polish names, ignoring Polish letters', () => {
    expect(gazetteerLookup({ city: 'Łódź', country: 'PL' })?.lat).toBeCloseTo(51.77, 1);
    expect(gazetteerLookup({ city: 'lodz', country: 'pl' })?.lat).toBeCloseTo(51.77, 1);
    expect(gazetteerLookup({ city: 'Warszawa', country: 'PL' })?.lon).toBeCloseTo(21.01, 1);
    expect(gazetteerLookup({ city: 'Mediolan', country: 'IT' })?.lat).toBeCloseTo(45.46, 1);
    expect(gazetteerLookup({ city: 'Nigdzie-Nowhere', country: 'PL' })).toBeNull();
    expect(gazetteerLookup({ city: 'Berlin', country: null })).toBeNull();
  });

  it('measures the great-circle distance', () => {
    expect(haversineKm({ lat: 52.23, lon: 21.01 }, { lat: 50.06, lon: 19.94 })).toBeGreaterThan(245);
    expect(haversineKm({ lat: 52.23, lon: 21.01 }, { lat: 50.06, lon: 19.94 })).toBeLessThan(255);
  });
});

describe('Nominatim and OSRM compatible services', () => {
  let server: Server;
  let base: string;
  const seen: string[] = [];
  let failing = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (failing) {
        res.writeHead(503).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/search') {
        const city = url.searchParams.get('city');
        res.end(JSON.stringify(city === 'Gdzieś' ? [] : [{ lat: '50.5', lon: '19.5', display_name: city }]));
      } else if (url.pathname.startsWith('/route/v1/driving/')) {
        res.end(JSON.stringify({ code: 'Ok', routes: [{ distance: 123456.7, duration: 5000 }] }));
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('geocodes through the configured geocoder and routes through the configured router', async () => {
    const geo = createGeoService({ geocoderUrl: base, routerUrl: base });
    const at = await geo.locate({ city: 'Kraków', postalCode: '31-564', country: 'PL' });
    expect(at).toEqual({ lat: 50.5, lon: 19.5 });
    expect(seen.at(-1)).toContain('postalcode=31-564');
    expect(seen.at(-1)).toContain('countrycodes=pl');
    expect(await geo.roadDistanceKm({ lat: 1, lon: 2 }, { lat: 3, lon: 4 })).toBe(123);
    expect(seen.at(-1)).toBe('/route/v1/driving/2,1;4,3?overview=false');
  });

  it('falls back to the offline gazetteer when the service finds nothing or fails', async () => {
    const geo = createGeoService({ geocoderUrl: base, routerUrl: base });
    expect(await geo.locate({ city: 'Gdzieś', country: 'PL' })).toBeNull();
    failing = true;
    try {
      const at = await geo.locate({ city: 'Poznań', country: 'PL' });
      expect(at?.lat).toBeCloseTo(52.4, 1);
      const km = await geo.roadDistanceKm({ lat: 52.23, lon: 21.01 }, { lat: 50.06, lon: 19.94 });
      expect(km).toBeGreaterThan(280);
      expect(km).toBeLessThan(320);
    } finally {
      failing = false;
    }
  });
});
