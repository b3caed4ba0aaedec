import { type EtaStatus, timeZoneOf, zonedWallClockToInstant } from '@spedycja/domain';

/**
 * The ETA as a pure function (issue 39): the driving time to the next stop at the average speed, laid over the EU
 * driving-time rules (Regulation 561/2006, simplified): a 45-minute break after 4.5 hours of driving, and an 11-hour
 * daily rest after 9 hours of driving; the driving already done counts from the reported loading.
 */

export const DRIVE_BEFORE_BREAK_MIN = 270;
export const BREAK_MIN = 45;
export const DRIVE_BEFORE_REST_MIN = 540;
export const DAILY_REST_MIN = 11 * 60;
/** Less margin than this before the window's end is 'zagrożone'. */
export const AT_RISK_MARGIN_MIN = 30;

/** Where a driver stands against the rules: driving since the last break and since the last daily rest. */
export type DrivingState = { sinceBreak: number; sinceRest: number };
export const FRESH: DrivingState = { sinceBreak: 0, sinceRest: 0 };

export type DrivePlan = {
  /** Minutes from departure to arrival, breaks and rests included. */
  totalMinutes: number;
  drivingMinutes: number;
  breaks: number;
  dailyRests: number;
  state: DrivingState;
};

/**
 * Drives `drivingMinutes` from `state`, stopping for a break or a daily rest when the rules ask for one before more
 * driving (never after the last minute: arriving ends the drive).
 */
export function drive(drivingMinutes: number, state: DrivingState = FRESH): DrivePlan {
  let remaining = Math.max(0, drivingMinutes);
  let { sinceBreak, sinceRest } = state;
  let total = 0;
  let breaks = 0;
  let dailyRests = 0;
  while (remaining > 1e-9) {
    if (sinceRest >= DRIVE_BEFORE_REST_MIN) {
      total += DAILY_REST_MIN;
      dailyRests += 1;
      sinceRest = 0;
      sinceBreak = 0;
      continue;
    }
    if (sinceBreak >= DRIVE_BEFORE_BREAK_MIN) {
      total += BREAK_MIN;
      breaks += 1;
      sinceBreak = 0;
      continue;
    }
    const step = Math.min(remaining, DRIVE_BEFORE_BREAK_MIN - sinceBreak, DRIVE_BEFORE_REST_MIN - sinceRest);
    total += step;
    remaining -= step;
    sinceBreak += step;
    sinceRest += step;
  }
  return { totalMinutes: total, drivingMinutes, breaks, dailyRests, state: { sinceBreak, sinceRest } };
}

/**
 * The driver's state after `elapsedMinutes` since the reported loading, assuming the time was spent driving by the
 * rules (the app does not know the tachograph: this is the cautious reading, it never forgets a rest that is due).
 */
export function stateAfter(elapsedMinutes: number): DrivingState {
  let left = Math.max(0, elapsedMinutes);
  let sinceBreak = 0;
  let sinceRest = 0;
  while (left > 1e-9) {
    if (sinceRest >= DRIVE_BEFORE_REST_MIN) {
      if (left < DAILY_REST_MIN) return { sinceBreak: 0, sinceRest: DRIVE_BEFORE_REST_MIN };
      left -= DAILY_REST_MIN;
      sinceRest = 0;
      sinceBreak = 0;
      continue;
    }
    if (sinceBreak >= DRIVE_BEFORE_BREAK_MIN) {
      if (left < BREAK_MIN) return { sinceBreak: DRIVE_BEFORE_BREAK_MIN, sinceRest };
      left -= BREAK_MIN;
      sinceBreak = 0;
      continue;
    }
    const step = Math.min(left, DRIVE_BEFORE_BREAK_MIN - sinceBreak, DRIVE_BEFORE_REST_MIN - sinceRest);
    left -= step;
    sinceBreak += step;
    sinceRest += step;
  }
  return { sinceBreak, sinceRest };
}

export type EtaInput = {
  /** When the truck leaves the position (its time, or now when it is stale). */
  departAt: Date;
  distanceKm: number;
  speedKmh: number;
  /** The reported loading, when the next stop is the unloading: the driving since then counts. */
  loadedAt?: Date | null;
  /** The end of the stop's window; null when the order gives no date. */
  windowEnd: Date | null;
};

export type EtaResult = {
  at: Date;
  status: EtaStatus;
  minutesLate: number;
  drivingMinutes: number;
  breaks: number;
  dailyRests: number;
};

export function computeEta(input: EtaInput): EtaResult {
  const drivingMinutes = (Math.max(0, input.distanceKm) / input.speedKmh) * 60;
  const state = input.loadedAt ? stateAfter((input.departAt.getTime() - input.loadedAt.getTime()) / 60_000) : FRESH;
  const plan = drive(drivingMinutes, state);
  const at = new Date(input.departAt.getTime() + Math.round(plan.totalMinutes * 60_000));
  return { at, ...etaStatus(at, input.windowEnd), drivingMinutes, breaks: plan.breaks, dailyRests: plan.dailyRests };
}

/** 'opóźnienie' past the window's end (with the minutes), 'zagrożone' with less than 30 minutes left, else 'ok'. */
export function etaStatus(at: Date, windowEnd: Date | null): { status: EtaStatus; minutesLate: number } {
  if (!windowEnd) return { status: 'ok', minutesLate: 0 };
  const margin = (windowEnd.getTime() - at.getTime()) / 60_000;
  if (margin < 0) return { status: 'opoznienie', minutesLate: Math.ceil(-margin) };
  if (margin < AT_RISK_MARGIN_MIN) return { status: 'zagrozone', minutesLate: 0 };
  return { status: 'ok', minutesLate: 0 };
}

/**
 * A loading or unloading time as the app keeps it — the wall clock at the place, written as if it were UTC
 * (packages/domain wallClock.ts) — as the instant it is on the clock of the stop's country (timeZones.ts: Lisbon's
 * 12:00 is Warsaw's 13:00); a stop without a country is read on the office's, Warsaw's.
 */
export function wallClockInstant(value: string, country: string | null): Date | null {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  return new Date(zonedWallClockToInstant(at.getTime(), timeZoneOf(country)));
}

/**
 * The end of a stop's window from the order's date (a wall clock at the place, see wallClockInstant): a day without
 * an hour allows the whole day, up to 23:59 there; a time is that time there.
 */
export function windowEndOf(date: string | null, country: string | null): Date | null {
  if (!date) return null;
  const at = new Date(date);
  if (Number.isNaN(at.getTime())) return null;
  const wholeDay = at.getUTCHours() === 0 && at.getUTCMinutes() === 0;
  return wallClockInstant(new Date(at.getTime() + (wholeDay ? (23 * 60 + 59) * 60_000 : 0)).toISOString(), country);
}
