import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { gazetteerLookup } from '../src/integrations/geo/gazetteer.ts';
import { haversineKm } from '../src/integrations/geo/types.ts';
import { computeEta, drive, etaStatus, stateAfter, windowEndOf } from '../src/modules/positions/eta.ts';
import { createRouter } from '../src/modules/positions/repository.ts';

/** Issue 39: the ETA against worked examples (offline distance: the great circle × 1.2, at the default 70 km/h). */
const place = (city: string, country: string) => {
  const at = gazetteerLookup({ city, country });
  if (!at) throw new Error(`${city} not in the gazetteer`);
  return at;
};
const km = (a: string, b: string, country: string) =>
  haversineKm(place('Poznań', 'PL'), place(b, country)) * 1.2 + (a === 'Poznań' ? 0 : Number.NaN);
/** 08:00 in Warsaw on 1 December 2026 (UTC+1). */
const EIGHT = new Date('2026-12-01T07:00:00Z');
const warsaw = (at: Date) =>
  new Intl.DateTimeFormat('pl-PL', {
    timeZone: 'Europe/Warsaw',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

describe('the ETA', () => {
  it('a short domestic run (Poznań → Wrocław, 175 km) needs no break: 2 h 30 min of driving', () => {
    const distanceKm = km('Poznań', 'Wrocław', 'PL');
    expect(Math.round(distanceKm)).toBe(175);
    const eta = computeEta({ departAt: EIGHT, distanceKm, speedKmh: 70, windowEnd: null });
    expect(eta.breaks).toBe(0);
    expect(eta.dailyRests).toBe(0);
    expect(warsaw(eta.at)).toBe('01.12, 10:29');
  });

  it('Poznań → Strasbourg (931 km) leaving at 08:00 arrives the next day after a break, a daily rest and a break', () => {
    const distanceKm = km('Poznań', 'Strasbourg', 'FR');
    expect(Math.round(distanceKm)).toBe(931);
    const eta = computeEta({ departAt: EIGHT, distanceKm, speedKmh: 70, windowEnd: null });
    // 4.5 h, 45 min, 4.5 h (9 h: 17:45), 11 h rest (04:45), 4.29 h of driving: 09:02.
    expect(eta.dailyRests).toBe(1);
    expect(eta.breaks).toBe(1);
    expect(warsaw(eta.at)).toBe('02.12, 09:02');
  });

  it('Poznań → Lyon (1377 km, 19.7 h of driving) leaving at 08:00 rests daily after each 9 h of driving', () => {
    const distanceKm = km('Poznań', 'Lyon', 'FR');
    expect(Math.round(distanceKm)).toBe(1377);
    const eta = computeEta({ departAt: EIGHT, distanceKm, speedKmh: 70, windowEnd: null });
    // Day 1: 08:00–17:45 (9 h with a break); rest to 04:45. Day 2: 04:45–14:30 (9 h with a break); rest to 01:30.
    // Day 3: the last 1 h 40 min: 03:10.
    expect(eta.dailyRests).toBe(2);
    expect(eta.breaks).toBe(2);
    expect(warsaw(eta.at)).toBe('03.12, 03:10');
    // The same trip by a road of 1150 km (a router's answer) arrives the next day after one daily rest.
    const routed = computeEta({ departAt: EIGHT, distanceKm: 1150, speedKmh: 70, windowEnd: null });
    expect(routed.dailyRests).toBe(1);
    expect(warsaw(routed.at)).toBe('02.12, 12:55');
  });

  it('counts the driving since the reported loading: a break is due sooner, a daily rest too', () => {
    expect(stateAfter(0)).toEqual({ sinceBreak: 0, sinceRest: 0 });
    // Five hours after loading the driver is in the break due after 4.5 h (the rest of it is still owed).
    expect(stateAfter(300)).toEqual({ sinceBreak: 270, sinceRest: 270 });
    expect(stateAfter(330)).toEqual({ sinceBreak: 15, sinceRest: 285 });
    // 9 h of driving and a break: a rest is due, and ten hours later it still lasts.
    expect(stateAfter(585 + 600)).toEqual({ sinceBreak: 0, sinceRest: 540 });
    const loadedAt = new Date(EIGHT.getTime() - 4 * 3_600_000);
    const eta = computeEta({ departAt: EIGHT, distanceKm: 70, speedKmh: 70, loadedAt, windowEnd: null });
    // 4 h driven: 30 min more, a break, 30 min: 1 h 45 min.
    expect(eta.breaks).toBe(1);
    expect(eta.at.getTime() - EIGHT.getTime()).toBe(105 * 60_000);
    // Arriving ends the drive: 4.5 h exactly needs no break.
    expect(drive(270).breaks).toBe(0);
    expect(drive(271).breaks).toBe(1);
  });

  it("compares with the window's end: ok, 'zagrożone' under 30 minutes, 'opóźnienie' with the minutes", () => {
    const end = new Date('2026-12-01T12:00:00Z');
    expect(etaStatus(new Date('2026-12-01T11:00:00Z'), end)).toEqual({ status: 'ok', minutesLate: 0 });
    expect(etaStatus(new Date('2026-12-01T11:40:00Z'), end)).toEqual({ status: 'zagrozone', minutesLate: 0 });
    expect(etaStatus(new Date('2026-12-01T12:45:30Z'), end)).toEqual({ status: 'opoznienie', minutesLate: 46 });
    expect(etaStatus(new Date('2026-12-01T12:45:30Z'), null)).toEqual({ status: 'ok', minutesLate: 0 });
    // Dates are wall clocks kept as UTC: a day without an hour allows the whole day (23:59 at the place), an hour is
    // that hour there; in Poland on Warsaw's clock (UTC+1 in winter, +2 in summer).
    expect(windowEndOf('2026-12-01T00:00:00.000Z', 'PL')?.toISOString()).toBe('2026-12-01T22:59:00.000Z');
    expect(windowEndOf('2026-12-01T13:00:00.000Z', 'PL')?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(windowEndOf('2026-07-01T13:00:00.000Z', 'PL')?.toISOString()).toBe('2026-07-01T11:00:00.000Z');
    expect(windowEndOf(null, 'PL')).toBeNull();
    // A stop without a country is read on the office's clock.
    expect(windowEndOf('2026-12-01T13:00:00.000Z', null)?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
  });

  it("reads a stop's hour on its country's clock: 12:00 in Lisbon is 13:00 in Warsaw, and the status follows", () => {
    const warsawOf = (at: Date | null) => (at ? warsaw(at) : null);
    const lisbonNoon = windowEndOf('2026-12-01T12:00:00.000Z', 'PT');
    expect(lisbonNoon?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(warsawOf(lisbonNoon)).toBe('01.12, 13:00');
    expect(warsawOf(windowEndOf('2026-12-01T12:00:00.000Z', 'GB'))).toBe('01.12, 13:00');
    expect(warsawOf(windowEndOf('2026-12-01T12:00:00.000Z', 'IE'))).toBe('01.12, 13:00');
    expect(warsawOf(windowEndOf('2026-12-01T12:00:00.000Z', 'RO'))).toBe('01.12, 11:00');
    // In summer too (Lisbon UTC+1, Warsaw UTC+2), and the whole day ends at 23:59 in Lisbon, 00:59 in Warsaw.
    expect(warsawOf(windowEndOf('2026-07-01T12:00:00.000Z', 'PT'))).toBe('01.07, 13:00');
    expect(warsawOf(windowEndOf('2026-12-01T00:00:00.000Z', 'PT'))).toBe('02.12, 00:59');
    // A truck arriving at 12:20 Warsaw time: on time by Lisbon's noon (40 minutes early), late by Warsaw's noon.
    const distanceKm = 70 * (260 / 60);
    const departAt = EIGHT;
    const inLisbon = computeEta({ departAt, distanceKm, speedKmh: 70, windowEnd: lisbonNoon });
    expect(warsaw(inLisbon.at)).toBe('01.12, 12:20');
    expect(inLisbon).toMatchObject({ status: 'ok', minutesLate: 0 });
    const onWarsawClock = computeEta({
      departAt,
      distanceKm,
      speedKmh: 70,
      windowEnd: windowEndOf('2026-12-01T12:00:00.000Z', 'PL'),
    });
    expect(onWarsawClock).toMatchObject({ status: 'opoznienie', minutesLate: 20 });
    // Leaving at 08:15 Warsaw time, 20 minutes before Lisbon's noon: 'zagrożone'.
    const later = new Date(EIGHT.getTime() + 15 * 60_000);
    const close = computeEta({ departAt: later, distanceKm: 70 * (265 / 60), speedKmh: 70, windowEnd: lisbonNoon });
    expect(warsaw(close.at)).toBe('01.12, 12:40');
    expect(close).toMatchObject({ status: 'zagrozone', breaks: 0 });
  });

  it("reads a stop's hour across the change of the clocks (Lisbon and Warsaw change at 01:00 UTC)", () => {
    // The last Sunday of March 2026: the day before, Lisbon is UTC+0; that day from 01:00 UTC, UTC+1.
    expect(windowEndOf('2026-03-28T12:00:00.000Z', 'PT')?.toISOString()).toBe('2026-03-28T12:00:00.000Z');
    expect(windowEndOf('2026-03-29T12:00:00.000Z', 'PT')?.toISOString()).toBe('2026-03-29T11:00:00.000Z');
    // The whole day of the change: 23:59 summer time.
    expect(windowEndOf('2026-03-29T00:00:00.000Z', 'PT')?.toISOString()).toBe('2026-03-29T22:59:00.000Z');
    // 01:30 never happens in Lisbon that night (01:00 → 02:00): read on the clock before, it is 02:30 summer time.
    expect(windowEndOf('2026-03-29T01:30:00.000Z', 'PT')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // October's 01:30 happens twice in Lisbon (02:00 → 01:00): the first is the window's end.
    expect(windowEndOf('2026-10-25T01:30:00.000Z', 'PT')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(windowEndOf('2026-10-25T12:00:00.000Z', 'PT')?.toISOString()).toBe('2026-10-25T12:00:00.000Z');
    expect(windowEndOf('2026-10-25T12:00:00.000Z', 'PL')?.toISOString()).toBe('2026-10-25T11:00:00.000Z');
  });

  it('asks OSRM (/route/v1/driving/) when ROUTER_URL is set, and falls back to the great circle × 1.2', async () => {
    const asked: string[] = [];
    // A fake OSRM: the real protocol's path and answer, a fixed road of 1150 km; 'fail' in the path answers 500.
    const server = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url?.includes('16.9')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'Ok', routes: [{ distance: 1_150_000, duration: 40_000 }] }));
      } else {
        res.writeHead(500).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const route = createRouter(url);
      const poznan = place('Poznań', 'PL');
      const lyon = place('Lyon', 'FR');
      expect(await route(poznan, lyon)).toEqual({ km: 1150, method: 'osrm' });
      expect(asked[0]).toMatch(/^\/route\/v1\/driving\/16\.9\d+,52\.4\d+;4\.8\d+,45\.7\d+\?overview=false$/);
      const fallback = await route({ lat: 50, lon: 10 }, lyon);
      expect(fallback.method).toBe('offline');
      expect(Math.round(fallback.km)).toBe(Math.round(haversineKm({ lat: 50, lon: 10 }, lyon) * 1.2));
      expect((await createRouter(undefined)(poznan, lyon)).method).toBe('offline');
    } finally {
      server.close();
    }
  });
});
