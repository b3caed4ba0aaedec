import { z } from 'zod';
import { validationMessages as m } from './messages.ts';
import { withDefault } from './parties.ts';
import {
  cargoFields,
  currency,
  DEFAULT_LOADING_TYPE,
  iriRef,
  LOADING_TYPES,
  refineDates,
  routeFields,
  type UserSummary,
} from './shipments.ts';
import { optionalHundredths, optionalText } from './validation.ts';

export const QUERY_STATUSES = ['aktywne', 'nieaktywne', 'oczekujace'] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];
/** The filter adds 'wszystkie' (no status filter) and, in one reading, 'wycena' and 'wykonane'. */
export const QUERY_STATUS_FILTERS = ['wszystkie', ...QUERY_STATUSES, 'wycena', 'wykonane'] as const;
export const DEFAULT_QUERY_STATUS: QueryStatus = 'aktywne';

export const queryStatusLabels: Record<(typeof QUERY_STATUS_FILTERS)[number], string> = {
  wszystkie: 'Wszystkie',
  aktywne: 'Aktywne',
  nieaktywne: 'Nieaktywne',
  oczekujace: 'Oczekujące',
  wycena: 'Wycena',
  wykonane: 'Wykonane',
};

const queryOwnFields = {
  customerPrice: optionalHundredths(),
  customerPriceSuggested: optionalHundredths(),
  euroExchangeRate: optionalHundredths(1),
  additionalInfo: optionalText(4000),
  customer: iriRef('customers'),
  user: iriRef('users'),
};

export const queryCreateSchema = z
  .object({
    ...routeFields,
    ...cargoFields,
    ...queryOwnFields,
    status: withDefault(z.enum(QUERY_STATUSES, { error: m.oneOf }), DEFAULT_QUERY_STATUS),
    loadingType: withDefault(z.enum(LOADING_TYPES, { error: m.oneOf }), DEFAULT_LOADING_TYPE),
    customerPriceCurrency: withDefault(currency(), 'pln'),
  })
  .superRefine(refineDates);

export const queryUpdateSchema = z.object({
  ...routeFields,
  ...cargoFields,
  ...queryOwnFields,
  status: z.enum(QUERY_STATUSES, { error: m.oneOf }).optional(),
  loadingType: z.enum(LOADING_TYPES, { error: m.oneOf }).optional(),
  customerPriceCurrency: currency().optional(),
});

export type QueryCreate = z.infer<typeof queryCreateSchema>;
export type QueryUpdate = z.infer<typeof queryUpdateSchema>;

export const queryMessages = {
  created: 'Zapytanie zostało pomyślnie dodane!',
  updated: 'Zapytanie zostało pomyślnie zaktualizowane!',
  deleted: 'Zapytanie zostało pomyślnie usunięte!',
  copied: 'Zapytanie zostało skopiowane do schowka!',
  deletePrompt: 'Podaj powód usunięcia zapytania',
  loadList: 'ładowania zapytań',
  loadOne: 'ładowania zapytania',
  create: 'tworzenia zapytania',
  update: 'aktualizacji zapytania',
  remove: 'usuwania zapytania',
  toOrder: 'zamiany zapytania w zlecenie',
  toOrderDone: 'Pomyślnie zamieniono zapytanie w zlecenie',
} as const;

/** The customer as a query read embeds it (the table shows these; the picker holds the first five). */
export type CustomerSummary = {
  '@id': string;
  uuid: string;
  companyName: string | null;
  name: string | null;
  nip: string | null;
  phonePrefix: string | null;
  phone: string | null;
  email: string | null;
};

/** GET /api/queries(/{uuid}): money, dimensions, weights and rates in hundredths; dates ISO; distance km. */
export type Query = {
  '@id': string;
  '@type': 'Query';
  id: number;
  uuid: string;
  status: QueryStatus;
  user: UserSummary | null;
  createdBy: UserSummary | null;
  customer: CustomerSummary | null;
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
  loadingPlaceLatitude: number | null;
  loadingPlaceLongitude: number | null;
  unloadingPlaceLatitude: number | null;
  unloadingPlaceLongitude: number | null;
  customerPrice: number | null;
  customerPriceSuggested: number | null;
  customerPriceCurrency: string;
  euroExchangeRate: number | null;
  bestOffer: number | null;
  bestOfferCurrency: string | null;
  additionalInfo: string | null;
  createdDate: string;
  deletionReason: number;
};

/** The keys a query create sends, each one present (null when missing; SPEC §5). */
export const QUERY_PAYLOAD_KEYS = [
  'status',
  'user',
  'customer',
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
  'customerPrice',
  'customerPriceSuggested',
  'customerPriceCurrency',
  'euroExchangeRate',
  'additionalInfo',
] as const satisfies readonly (keyof QueryCreate)[];
