import { APP_TIMEZONE } from '@spedycja/domain';

/** Today in Warsaw (YYYY-MM-DD): the day the white list's answers and the counters belong to. */
export const warsawDay = (at: Date = new Date()) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: APP_TIMEZONE }).format(at);
