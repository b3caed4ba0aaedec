export type Place = { city?: string | null; postalCode?: string | null; country?: string | null };
export type Coordinates = { lat: number; lon: number };

/** Where a place is and how far apart two places are by road; null when it cannot tell. */
export type GeoService = {
  locate(place: Place): Promise<Coordinates | null>;
  roadDistanceKm(from: Coordinates, to: Coordinates): Promise<number | null>;
};

/** Great-circle distance in km. */
export function haversineKm(a: Coordinates, b: Coordinates): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Roads in Europe run about a fifth longer than the straight line. */
export const ROAD_FACTOR = 1.2;

/** 'Łódź ' -> 'lodz' */
export function normalisePlaceName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replaceAll('ł', 'l')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ');
}
