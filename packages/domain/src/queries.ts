import { z } from 'zod';
import { validationMessages as m } from './messages.ts';
import { CUSTOMER_PAYMENT_TERMS } from './orders.ts';
import { withDefault } from './parties.ts';
import {
  CONVERTED_STATUS,
  iriRef,
  optionalDate,
  queryShipmentFields,
  refineDates,
  requiring,
  SHIPMENT_PAYLOAD_KEYS,
  type ShipmentRead,
  shipmentDefaultedFields,
} from './shipments.ts';
import { oneOf, optionalHundredths, optionalText } from './validation.ts';

export const QUERY_STATUSES = ['aktywne', 'nieaktywne', 'oczekujace'] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];
/** The filter adds 'wszystkie' (no status filter) and, in one reading, 'wycena' and 'wykonane'. */
export const QUERY_STATUS_FILTERS = ['wszystkie', ...QUERY_STATUSES, 'wycena', 'wykonane', CONVERTED_STATUS] as const;
export const DEFAULT_QUERY_STATUS: QueryStatus = 'aktywne';

export const queryStatusLabels: Record<(typeof QUERY_STATUS_FILTERS)[number], string> = {
  wszystkie: 'Wszystkie',
  aktywne: 'Aktywne',
  nieaktywne: 'Nieaktywne',
  oczekujace: 'Oczekujące',
  wycena: 'Wycena',
  wykonane: 'Wykonane',
  zamienione: 'Zamienione w zlecenie',
};

const queryOwnFields = {
  customerPrice: optionalHundredths(),
  customerPriceSuggested: optionalHundredths(),
  euroExchangeRate: optionalHundredths(1),
  additionalInfo: optionalText(4000),
  /** Kept from an order that became this query, and given back to the order it becomes. */
  orderAdditionalInfo: optionalText(4000),
  customerDateOfPayment: optionalDate(),
  customerDateOfPaymentString: z.enum(CUSTOMER_PAYMENT_TERMS, { error: m.oneOf }).nullable().optional(),
  customer: iriRef('customers'),
  user: iriRef('users'),
};

export const queryCreateSchema = z
  .object({
    ...queryShipmentFields.create,
    ...requiring(queryOwnFields, ['customer'], 'create'),
    status: withDefault(oneOf(QUERY_STATUSES), DEFAULT_QUERY_STATUS),
    ...shipmentDefaultedFields.create,
  })
  .superRefine(refineDates);

export const queryUpdateSchema = z.object({
  ...queryShipmentFields.update,
  ...requiring(queryOwnFields, ['customer'], 'update'),
  status: oneOf(QUERY_STATUSES).optional(),
  ...shipmentDefaultedFields.update,
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

/** GET /api/queries(/{uuid}): a shipment with the suggested price and the best carrier offer. */
export type Query = ShipmentRead & {
  '@type': 'Query';
  /** Issue 37: sent from the customer panel ('od klienta'); createdBy is the customer's person. */
  fromCustomer?: boolean;
  status: QueryStatus | typeof CONVERTED_STATUS;
  /** The order this query became, or was made from (an IRI). */
  order: string | null;
  orderAdditionalInfo: string | null;
  customerDateOfPayment: string | null;
  customerDateOfPaymentString: string | null;
  customer: CustomerSummary | null;
  customerPriceSuggested: number | null;
  bestOffer: number | null;
  bestOfferCurrency: string | null;
  /** The price shown to the customer over the best offer, PLN hundredths at the query's rate; null while one is missing. */
  bestOfferMargin: number | null;
  /** Public offers waiting for the carrier's e-mail confirmation ('oczekuje na potwierdzenie'); never the best. */
  pendingOffers: number;
};

/** The keys a query create sends, each one present (null when missing; SPEC §5). */
export const QUERY_PAYLOAD_KEYS = [
  'status',
  'user',
  'customer',
  ...SHIPMENT_PAYLOAD_KEYS,
  'customerPrice',
  'customerPriceSuggested',
  'customerPriceCurrency',
  'euroExchangeRate',
  'additionalInfo',
  'orderAdditionalInfo',
  'customerDateOfPayment',
  'customerDateOfPaymentString',
] as const satisfies readonly (keyof QueryCreate)[];
