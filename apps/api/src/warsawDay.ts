import { APP_TIMEZONE } from '@spedycja/domain';

// One formatter: building an Intl.DateTimeFormat costs about 0.25 ms, and a list asks the day once per row
// (a party's verification status).
const warsawCalendar = new Intl.DateTimeFormat('en-CA', {
  timeZone: APP_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Polish calendar day (YYYY-MM-DD) a moment falls on, today by default. */
export function warsawDay(at: Date | string = new Date()): string {
  return warsawCalendar.format(typeof at === 'string' ? new Date(at) : at);
}

const warsawClock = new Intl.DateTimeFormat('pl-PL', {
  timeZone: APP_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'HH:mm, DD/MM/YYYY' in Warsaw time, as the app shows date and time. */
export function formatWarsaw(value: string | Date): string {
  const parts = Object.fromEntries(warsawClock.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.hour}:${parts.minute}, ${parts.day}/${parts.month}/${parts.year}`;
}
