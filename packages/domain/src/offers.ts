import { z } from 'zod';
import { DEFAULT_PHONE_PREFIX } from './constants.ts';
import { OFFER_ACQUISITION_SOURCES } from './dictionaries.ts';
import { validationMessages as m } from './messages.ts';
import { withDefault } from './parties.ts';
import { withTypedPhone } from './phones.ts';
import { currency, iriRef } from './shipments.ts';
import { hundredths, optionalEmail, optionalPhone, phonePrefix, requiredEmail, requiredPhone } from './validation.ts';
import type { OrderWarning } from './verification.ts';

const price = () => hundredths(1).refine((v) => v > 0, { error: m.minValue('0,01') });
// A key left out is as empty as null: the rule must fire (a missing key would pass an optional schema untested).
const requiredRef = (resource: string) =>
  z.preprocess((v) => (v === undefined ? null : v), iriRef(resource).pipe(z.string({ error: m.required })));

export const offerCreateSchema = withTypedPhone(
  z.object({
    query: requiredRef('queries'),
    carrier: iriRef('carriers'),
    acquiredBy: withDefault(z.enum(OFFER_ACQUISITION_SOURCES, { error: m.oneOf }), 'brak'),
    currency: withDefault(currency(), 'pln'),
    price: z.preprocess((v) => (v === null || v === '' ? undefined : v), price()),
    email: optionalEmail(),
    phonePrefix: withDefault(phonePrefix(), DEFAULT_PHONE_PREFIX),
    phone: optionalPhone(),
  }),
);

export const offerUpdateSchema = withTypedPhone(
  z.object({
    carrier: iriRef('carriers'),
    acquiredBy: z.enum(OFFER_ACQUISITION_SOURCES, { error: m.oneOf }).optional(),
    currency: currency().optional(),
    price: price().optional(),
    email: optionalEmail(),
    phonePrefix: phonePrefix().optional(),
    phone: optionalPhone(),
  }),
);

/** SPEC §5 Public offer form: e-mail required and valid; phone 5–15 digits; currency pln/eur; price in minor units. */
export const publicOfferSchema = withTypedPhone(
  z.object({
    query: requiredRef('queries'),
    email: requiredEmail(),
    phonePrefix: withDefault(phonePrefix(), DEFAULT_PHONE_PREFIX),
    phone: requiredPhone(5, 15),
    price: z.preprocess((v) => (v === null || v === '' ? undefined : v), price()),
    currency: withDefault(currency(), 'pln'),
  }),
);

export const verifyOfferSchema = z.object({ token: z.string().min(10).max(200) });

export type OfferCreate = z.infer<typeof offerCreateSchema>;
export type PublicOffer = z.infer<typeof publicOfferSchema>;

export const offerMessages = {
  created: 'Oferta została pomyślnie dodana!',
  updated: 'Oferta została pomyślnie zaktualizowana!',
  deleted: 'Oferta przewoźnika usunięta',
  loadList: 'ładowania ofert przewoźników',
  loadOne: 'ładowania oferty przewoźnika',
  create: 'tworzenia oferty przewoźnika',
  update: 'aktualizacji oferty przewoźnika',
  remove: 'usuwania oferty przewoźnika',
} as const;

export type OfferUpdate = z.infer<typeof offerUpdateSchema>;

/** GET /api/offers(/{uuid}): a carrier's offer on a query; price in hundredths. */
export type Offer = {
  '@id': string;
  '@type': 'Offer';
  id: number;
  uuid: string;
  /** The query's IRI. */
  query: string;
  carrier: {
    '@id': string;
    uuid: string;
    companyName: string | null;
    name: string | null;
    phonePrefix: string | null;
    phone: string | null;
    email: string | null;
    ocpValidTo: string | null;
    ocpSum: number | null;
    ocpSumCurrency: string | null;
    /** Issue 39: the carrier's kept average score (12 months) and on-time %. */
    rating: number | null;
    onTimeRate: number | null;
  } | null;
  /** The carrier's OCP against the query's unloading day ('OCP wygasło', 'OCP wygasa {date}'). */
  warnings: OrderWarning[];
  acquiredBy: string;
  currency: string;
  price: number;
  email: string | null;
  phonePrefix: string | null;
  phone: string | null;
  active: boolean;
  /** The order the query became with this offer's carrier and price (an IRI), or null. */
  chosenBy: string | null;
  createdDate: string;
};

/** GET /api/public/queries: what a carrier may see of an open query (no customer, prices or notes). */
export type PublicQuery = {
  '@id': string;
  '@type': 'PublicQuery';
  uuid: string;
  id: number;
  cargo: string | null;
  cargoLength: number | null;
  cargoWidth: number | null;
  cargoHeight: number | null;
  cargoWeight: number | null;
  loadingPostalCode: string | null;
  loadingCity: string | null;
  loadingCountry: string | null;
  loadingDate: string | null;
  unloadingPostalCode: string | null;
  unloadingCity: string | null;
  unloadingCountry: string | null;
  unloadingDate: string | null;
  loadingType: string;
  distance: number | null;
};

/** POST /api/public/offers -> 201. */
export type PublicOfferPlaced = { message: string; hint: string };
/** POST /api/public/offers/verify -> 200 (a bad or expired link is a 410 with a `detail`). */
export type OfferVerification = { status: 'verified' | 'already'; message: string };
