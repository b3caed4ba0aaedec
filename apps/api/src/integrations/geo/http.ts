import type { FastifyBaseLogger } from 'fastify';
import { createGazetteerGeo } from './gazetteer.ts';
import type { Coordinates, GeoService, Place } from './types.ts';

/**
 * A Nominatim-compatible geocoder (GEOCODER_URL) and an OSRM-compatible router (ROUTER_URL).
 * Either may be set alone; whatever fails or is not configured falls back to the offline gazetteer.
 */
export function createGeoService(
  options: { geocoderUrl?: string; routerUrl?: string; timeoutMs?: number; userAgent?: string },
  log?: FastifyBaseLogger,
): GeoService {
  const offline = createGazetteerGeo();
  const timeout = options.timeoutMs ?? 4000;
  const headers = { 'user-agent': options.userAgent ?? 'spedycja/1.0', accept: 'application/json' };

  async function getJson(url: string): Promise<unknown> {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeout) });
    if (!res.ok) throw new Error(`${res.status} from ${new URL(url).host}`);
    return res.json();
  }

  return {
    async locate(place: Place): Promise<Coordinates | null> {
      if (options.geocoderUrl && place.city) {
        try {
          const url = new URL(
            'search',
            options.geocoderUrl.endsWith('/') ? options.geocoderUrl : `${options.geocoderUrl}/`,
          );
          url.searchParams.set('format', 'json');
          url.searchParams.set('limit', '1');
          url.searchParams.set('city', place.city);
          if (place.postalCode) url.searchParams.set('postalcode', place.postalCode);
          if (place.country) url.searchParams.set('countrycodes', place.country.toLowerCase());
          const found = (await getJson(url.toString())) as { lat?: string; lon?: string }[];
          const first = found[0];
          if (first?.lat && first.lon) return { lat: Number(first.lat), lon: Number(first.lon) };
        } catch (error) {
          log?.warn({ error: String(error) }, 'geocoder failed, using the offline gazetteer');
        }
      }
      return offline.locate(place);
    },

    async roadDistanceKm(from, to) {
      if (options.routerUrl) {
        try {
          const base = options.routerUrl.replace(/\/$/, '');
          const url = `${base}/route/v1/driving/${from.lon},${from.lat};${to.lon},${to.lat}?overview=false`;
          const body = (await getJson(url)) as { code?: string; routes?: { distance: number }[] };
          const meters = body.routes?.[0]?.distance;
          if (body.code === 'Ok' && typeof meters === 'number') return Math.round(meters / 1000);
        } catch (error) {
          log?.warn({ error: String(error) }, 'router failed, estimating the distance');
        }
      }
      return offline.roadDistanceKm(from, to);
    },
  };
}
