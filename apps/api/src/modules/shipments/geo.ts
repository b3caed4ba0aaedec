import type { GeoService } from '../../integrations/geo/types.ts';

type Route = {
  loadingCity?: string | null;
  loadingPostalCode?: string | null;
  loadingCountry?: string | null;
  unloadingCity?: string | null;
  unloadingPostalCode?: string | null;
  unloadingCountry?: string | null;
};

export type RouteGeo = {
  loadingLatitude: number | null;
  loadingLongitude: number | null;
  unloadingLatitude: number | null;
  unloadingLongitude: number | null;
  distance: number | null;
};

const ADDRESS_KEYS = [
  'loadingCity',
  'loadingPostalCode',
  'loadingCountry',
  'unloadingCity',
  'unloadingPostalCode',
  'unloadingCountry',
] as const;

/** Whether an update touches the places that coordinates and distance come from. */
export const routeChanged = (changes: Record<string, unknown>) => ADDRESS_KEYS.some((k) => k in changes);

/** Coordinates of both places and the road distance; places that cannot be found leave them empty. */
export async function locateRoute(geo: GeoService, route: Route): Promise<RouteGeo> {
  const [from, to] = await Promise.all([
    geo.locate({ city: route.loadingCity, postalCode: route.loadingPostalCode, country: route.loadingCountry }),
    geo.locate({ city: route.unloadingCity, postalCode: route.unloadingPostalCode, country: route.unloadingCountry }),
  ]);
  return {
    loadingLatitude: from?.lat ?? null,
    loadingLongitude: from?.lon ?? null,
    unloadingLatitude: to?.lat ?? null,
    unloadingLongitude: to?.lon ?? null,
    distance: from && to ? await geo.roadDistanceKm(from, to) : null,
  };
}
