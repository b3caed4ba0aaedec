/** Business constants of SPEC §9 and the HTTP layer. */

export const PAGE_SIZES = {
  orders: 8,
  tasks: 15,
  queries: 30,
  users: 15,
  default: 30,
} as const;

export const MAX_ITEMS_PER_PAGE = 200;
export const VISIBLE_PAGE_BUTTONS = 5;

export const DEBOUNCE_MS = {
  orderFilters: 1000,
  queryFilters: 400,
  scroll: 300,
  duplicateCheck: 1000,
  defaultFilters: 1000,
} as const;

export const PUBLIC_OFFER_SUCCESS_CLOSE_MS = 3000;
export const DEFAULT_PHONE_PREFIX = '48';
export const DRAWER_BADGE_CAP = 99;
export const DRAWER_REFRESH_MS = 60_000;
export const EMPTY_VALUE = 'Brak';

export const CURRENCIES = ['pln', 'eur'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Business dates are Polish dates: a filter 'till 30/11' means the end of 30/11 in Warsaw. */
export const APP_TIMEZONE = 'Europe/Warsaw';

/** The customer and carrier pickers search the server from this many typed characters. */
export const PICKER_MIN_SEARCH_LENGTH = 3;
export const PICKER_PAGE_SIZE = 10;
