import { z } from 'zod';
import { CURRENCIES } from './constants.ts';
import { DEFAULT_LOADING_TYPE, LOADING_TYPES } from './dictionaries.ts';
import { formatSize } from './format.ts';
import { validationMessages as m } from './messages.ts';
import { countryCode, withDefault } from './parties.ts';
import { oneOf, optionalHundredths, optionalText, required } from './validation.ts';

/** What queries and orders share: a route, dates, cargo and its dimensions, a price. */

const DATE_RE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A calendar day that exists (not 2026-02-30, which Date would roll over) from year 1 on. */
export function isRealDate(value: string): boolean {
  const day = value.slice(0, 10);
  if (day < '0001-01-01') return false;
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day) return false;
  return value.length === 10 || !Number.isNaN(new Date(value.replace(' ', 'T')).getTime());
}

/** A date or datetime as ISO text; null when empty. */
export const optionalDate = () =>
  z
    .preprocess(
      (v) => (v === '' ? null : v),
      z
        .string()
        .regex(DATE_RE, { error: 'Podaj poprawną datę!' })
        .refine(isRealDate, { error: 'Podaj poprawną datę!' })
        .nullable(),
    )
    .optional();

/** A reference sent as an IRI (`/api/customers/{uuid}`) or a bare uuid. */
export const iriRef = (resource: string) =>
  z
    .preprocess(
      (v) => (v === '' ? null : v),
      z
        .string()
        .regex(
          new RegExp(
            `^(/api/${resource}/)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`,
          ),
          {
            error: m.oneOf,
          },
        )
        .nullable(),
    )
    .optional();

export const currency = () => z.enum(CURRENCIES, { error: m.oneOf });

export const routeFields = {
  loadingStreetAddress: optionalText(255),
  loadingPostalCode: optionalText(20),
  loadingCity: optionalText(120),
  loadingCountry: countryCode(),
  loadingDate: optionalDate(),
  unloadingStreetAddress: optionalText(255),
  unloadingPostalCode: optionalText(20),
  unloadingCity: optionalText(120),
  unloadingCountry: countryCode(),
  unloadingDate: optionalDate(),
};

export const cargoFields = {
  cargo: optionalText(1000),
  cargoLength: optionalHundredths(),
  cargoWidth: optionalHundredths(),
  cargoHeight: optionalHundredths(),
  cargoWeight: optionalHundredths(),
};

/**
 * What a query or an order cannot be saved without: the cargo and both ends of the route with their dates (the
 * customer too, which each resource adds). A create must give them; an update may leave them out but not empty them.
 */
export const REQUIRED_SHIPMENT_KEYS = [
  'cargo',
  'loadingCity',
  'loadingCountry',
  'loadingDate',
  'unloadingCity',
  'unloadingCountry',
  'unloadingDate',
] as const;

/**
 * A query may be saved without its unloading date (customers ask for a price before it is fixed); an order may not:
 * converting such a query asks for it.
 */
export const QUERY_REQUIRED_SHIPMENT_KEYS = REQUIRED_SHIPMENT_KEYS.filter(
  (key): key is Exclude<(typeof REQUIRED_SHIPMENT_KEYS)[number], 'unloadingDate'> => key !== 'unloadingDate',
);

type RequiredField<T extends z.ZodType> = ReturnType<typeof required<T>>;
type Requiring<F extends Record<string, z.ZodType>, K extends keyof F> = Omit<F, K> & {
  [P in K]: RequiredField<F[P]>;
};
type RequiringOnUpdate<F extends Record<string, z.ZodType>, K extends keyof F> = Omit<F, K> & {
  [P in K]: z.ZodOptional<RequiredField<F[P]>>;
};

/** `fields` with `keys` required: on create they must be given, on update they may be left out but not emptied. */
export function requiring<F extends Record<string, z.ZodType>, K extends keyof F & string>(
  fields: F,
  keys: readonly K[],
  mode: 'create',
): Requiring<F, K>;
export function requiring<F extends Record<string, z.ZodType>, K extends keyof F & string>(
  fields: F,
  keys: readonly K[],
  mode: 'update',
): RequiringOnUpdate<F, K>;
export function requiring<F extends Record<string, z.ZodType>, K extends keyof F & string>(
  fields: F,
  keys: readonly K[],
  mode: 'create' | 'update',
) {
  const out: Record<string, z.ZodType> = { ...fields };
  for (const key of keys) {
    const field = required(fields[key] as z.ZodType);
    out[key] = mode === 'create' ? field : field.optional();
  }
  return out;
}

/** The route and cargo of a create or an update, with the required keys of a shipment. */
export const shipmentFields = {
  create: requiring({ ...routeFields, ...cargoFields }, REQUIRED_SHIPMENT_KEYS, 'create'),
  update: requiring({ ...routeFields, ...cargoFields }, REQUIRED_SHIPMENT_KEYS, 'update'),
};

/** The same for a query: the unloading date may stay empty. */
export const queryShipmentFields = {
  create: requiring({ ...routeFields, ...cargoFields }, QUERY_REQUIRED_SHIPMENT_KEYS, 'create'),
  update: requiring({ ...routeFields, ...cargoFields }, QUERY_REQUIRED_SHIPMENT_KEYS, 'update'),
};

/**
 * A query that became an order, or an order that became a query, is kept with this status: out of the default
 * lists, linked to its counterpart, its number never reused. No client sets it; conversions do.
 */
export const CONVERTED_STATUS = 'zamienione';

/** The loading type and the customer's currency: a create fills them when missing, an update may leave them out. */
export const shipmentDefaultedFields = {
  create: {
    loadingType: withDefault(oneOf(LOADING_TYPES), DEFAULT_LOADING_TYPE),
    customerPriceCurrency: withDefault(currency(), 'pln'),
  },
  update: {
    loadingType: oneOf(LOADING_TYPES).optional(),
    customerPriceCurrency: currency().optional(),
  },
};

/** The route and cargo keys of a query or an order payload, in the order they travel. */
export const SHIPMENT_PAYLOAD_KEYS = [
  'cargo',
  'cargoLength',
  'cargoWidth',
  'cargoHeight',
  'cargoWeight',
  'loadingStreetAddress',
  'loadingPostalCode',
  'loadingCity',
  'loadingCountry',
  'loadingDate',
  'unloadingStreetAddress',
  'unloadingPostalCode',
  'unloadingCity',
  'unloadingCountry',
  'unloadingDate',
  'loadingType',
] as const;

/** SPEC §5: the unloading date must not precede the loading date. */
export function datesIssue(value: { loadingDate?: string | null; unloadingDate?: string | null }) {
  if (!value.loadingDate || !value.unloadingDate) return null;
  const day = (v: string) => v.slice(0, 10);
  return day(value.unloadingDate) < day(value.loadingDate)
    ? { path: 'unloadingDate', message: m.loadingAfterUnloading }
    : null;
}

export const refineDates = (
  value: { loadingDate?: string | null; unloadingDate?: string | null },
  ctx: z.RefinementCtx,
) => {
  const issue = datesIssue(value);
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
};

/** A relation as the API embeds it in reads: the user who owns or created a query or an order. */
export type UserSummary = { '@id': string; uuid: string; name: string; login: string };

/**
 * What a query and an order read (GET) share: the route with its dates, the cargo, the customer's
 * price and the owner. Money, dimensions, weights and rates in hundredths; dates ISO; distance km.
 */
export type ShipmentRead = RouteCoordinates & {
  '@id': string;
  id: number;
  uuid: string;
  user: UserSummary | null;
  createdBy: UserSummary | null;
  createdDate: string;
  cargo: string | null;
  cargoLength: number | null;
  cargoWidth: number | null;
  cargoHeight: number | null;
  cargoWeight: number | null;
  loadingStreetAddress: string | null;
  loadingPostalCode: string | null;
  loadingCity: string | null;
  loadingCountry: string | null;
  loadingDate: string | null;
  unloadingStreetAddress: string | null;
  unloadingPostalCode: string | null;
  unloadingCity: string | null;
  unloadingCountry: string | null;
  unloadingDate: string | null;
  loadingType: string;
  distance: number | null;
  customerPrice: number | null;
  customerPriceCurrency: string;
  euroExchangeRate: number | null;
  additionalInfo: string | null;
  deletionReason: number;
};

/** The coordinates a query or an order reads with (from the geocoded places). */
export type RouteCoordinates = {
  loadingPlaceLatitude: number | null;
  loadingPlaceLongitude: number | null;
  unloadingPlaceLatitude: number | null;
  unloadingPlaceLongitude: number | null;
};

/** The driving route between the two places on Google Maps; null without both places' coordinates. */
export function routeMapUrl(q: RouteCoordinates): string | null {
  const { loadingPlaceLatitude: lat1, loadingPlaceLongitude: lon1 } = q;
  const { unloadingPlaceLatitude: lat2, unloadingPlaceLongitude: lon2 } = q;
  if (lat1 === null || lon1 === null || lat2 === null || lon2 === null) return null;
  return `https://www.google.com/maps/dir/?api=1&origin=${lat1},${lon1}&destination=${lat2},${lon2}&travelmode=driving`;
}

/** 1360, 245, 270 -> '13,60 × 2,45 × 2,70 m'; null when no dimension is known. */
export function dimensionsText(q: {
  cargoLength: number | null;
  cargoWidth: number | null;
  cargoHeight: number | null;
}): string | null {
  return formatSize(q.cargoLength, q.cargoWidth, q.cargoHeight);
}

/** '2026-11-25T00:00:00.000Z' -> '2026-11-25': the API keeps these dates as days, whatever the browser's zone. */
export function dayOf(value: string | null | undefined): string | null {
  return value ? value.slice(0, 10) : null;
}
