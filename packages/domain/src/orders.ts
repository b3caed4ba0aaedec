import { z } from 'zod';
import { DEFAULT_PHONE_PREFIX } from './constants.ts';
import { debtorOverrideSchema } from './debtors.ts';
import { CARRIER_ACQUISITION_SOURCES } from './dictionaries.ts';
import { validationMessages as m } from './messages.ts';
import { withDefault } from './parties.ts';
import type { OrderEta } from './positionsMessages.ts';
import {
  CONVERTED_STATUS,
  currency,
  iriRef,
  optionalDate,
  refineDates,
  requiring,
  SHIPMENT_PAYLOAD_KEYS,
  type ShipmentRead,
  shipmentDefaultedFields,
  shipmentFields,
  type UserSummary,
} from './shipments.ts';
import { oneOf, optionalHundredths, optionalPhone, optionalText, phonePrefix, required } from './validation.ts';
import { optionalNrb, whitelistOverrideSchema } from './verification.ts';

export const ORDER_STATUSES = ['aktywne', 'zakonczone', 'anulowane'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** A new order's status, and the orders table's starting filter (SPEC §4). */
export const DEFAULT_ORDER_STATUS: OrderStatus = 'aktywne';
export const ORDER_STATUS_FILTERS = ['wszystkie', ...ORDER_STATUSES, CONVERTED_STATUS] as const;
export const orderStatusLabels: Record<(typeof ORDER_STATUS_FILTERS)[number], string> = {
  wszystkie: 'Wszystkie',
  aktywne: 'Aktywne',
  zakonczone: 'Zakończone',
  anulowane: 'Anulowane',
  zamienione: 'Zamienione w zapytanie',
};

/** Textual payment terms (SPEC §5): 'przed rozladunkiem' for both parties, 'po rozladunku' for the carrier only. */
export const CUSTOMER_PAYMENT_TERMS = ['przed rozladunkiem'] as const;
export const CARRIER_PAYMENT_TERMS = ['przed rozladunkiem', 'po rozladunku'] as const;

const bool = () => z.preprocess((v) => (v === null ? undefined : v), z.boolean({ error: m.oneOf }).optional());

const orderOwnFields = {
  customer: iriRef('customers'),
  carrier: iriRef('carriers'),
  user: iriRef('users'),
  customerPrice: optionalHundredths(),
  customerPaid: bool(),
  customerPaidConfirmed: bool(),
  customerDateOfPayment: optionalDate(),
  customerDateOfPaymentString: z.enum(CUSTOMER_PAYMENT_TERMS, { error: m.oneOf }).nullable().optional(),
  carrierPrice: optionalHundredths(),
  carrierAcquiredBy: z.enum(CARRIER_ACQUISITION_SOURCES, { error: m.oneOf }).nullable().optional(),
  carrierBankAccount: optionalNrb(),
  /**
   * Issue 38: the carrier's term in days and from when it counts — the invoice's date, or the arrival of the invoice
   * with the documents ('liczony od otrzymania dokumentów'); the carrier's invoices take it.
   */
  carrierPaymentTermDays: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z
        .number({ error: m.numeric })
        .int({ error: m.numeric })
        .min(0, { error: m.numeric })
        .max(365, { error: m.numeric })
        .nullable(),
    )
    .optional(),
  carrierPaymentTermFrom: z.enum(['issue', 'documents'], { error: m.oneOf }).nullable().optional(),
  cargoValue: optionalHundredths(),
  // Null (a form sending every field) keeps the stored currency, or PLN for a new order.
  cargoValueCurrency: z.preprocess((v) => v ?? undefined, currency().optional()),
  /** With 'Zlecenia tylko dla zweryfikowanych przewoźników' on: an administrator's reason for an unverified carrier. */
  carrierVerificationOverride: whitelistOverrideSchema.optional(),
  carrierPaid: bool(),
  carrierPaidConfirmed: bool(),
  carrierDateOfPayment: optionalDate(),
  carrierDateOfPaymentString: z.enum(CARRIER_PAYMENT_TERMS, { error: m.oneOf }).nullable().optional(),
  carrierIsPayer: bool(),
  driverPicksUpMoney: bool(),
  euroExchangeRate: optionalHundredths(1),
  driverName: optionalText(255),
  driverId: optionalText(64),
  driverPhone: optionalPhone(),
  truck: optionalText(32),
  trailer: optionalText(32),
  additionalInfo: optionalText(4000),
  orderAdditionalInfo: optionalText(4000),
  showInCalendar: bool(),
  loadingFinished: bool(),
  unloadingFinished: bool(),
  mailSentToCustomer: bool(),
  mailSentToCarrier: bool(),
};

/** Besides the route and cargo, an order cannot be saved without its customer and the price agreed with them. */
const REQUIRED_ORDER_KEYS = ['customer', 'customerPrice'] as const;

export const orderCreateSchema = z
  .object({
    ...shipmentFields.create,
    ...requiring(orderOwnFields, REQUIRED_ORDER_KEYS, 'create'),
    status: withDefault(oneOf(ORDER_STATUSES), DEFAULT_ORDER_STATUS),
    ...shipmentDefaultedFields.create,
    // Left out, the usual PLN; sent empty, refused like any missing required field.
    customerPriceCurrency: z.preprocess((v) => (v === undefined ? 'pln' : v), required(currency())),
    carrierPriceCurrency: withDefault(currency(), 'pln'),
    driverPhonePrefix: withDefault(phonePrefix(), DEFAULT_PHONE_PREFIX),
    /** On create: send the order document to the party right away. */
    sendMailToCustomer: bool(),
    sendMailToCarrier: bool(),
    /** With 'Blokuj zlecenia dla dłużników' on: an administrator's reason to save an order for a debtor. */
    debtorOverride: debtorOverrideSchema,
  })
  .superRefine(refineDates);

export const orderUpdateSchema = z.object({
  /** With carrierPaid: an administrator's confirmation of a payment the VAT white list did not confirm. */
  whitelistOverride: whitelistOverrideSchema.optional(),
  /** A new customer who is a debtor, with 'Blokuj zlecenia dla dłużników' on: an administrator's reason. */
  debtorOverride: debtorOverrideSchema,
  ...shipmentFields.update,
  ...requiring(orderOwnFields, REQUIRED_ORDER_KEYS, 'update'),
  status: oneOf(ORDER_STATUSES).optional(),
  ...shipmentDefaultedFields.update,
  carrierPriceCurrency: currency().optional(),
  driverPhonePrefix: phonePrefix().optional(),
});

export type OrderCreate = z.infer<typeof orderCreateSchema>;
export type OrderUpdate = z.infer<typeof orderUpdateSchema>;

export const ORDER_PARTIES = ['customer', 'carrier'] as const;
export type OrderParty = (typeof ORDER_PARTIES)[number];

export const orderMessages = {
  created: 'Zlecenie zostało pomyślnie dodane!',
  updated: 'Zlecenie zostało pomyślnie zaktualizowane!',
  deleted: 'Zlecenie zostało pomyślnie usunięte!',
  sentToCustomer: 'Zlecenie zostało wysłane do klienta!',
  sentToCarrier: 'Zlecenie zostało wysłane do przewoźnika!',
  loadList: 'ładowania zleceń',
  loadOne: 'ładowania zlecenia',
  create: 'tworzenia zlecenia',
  update: 'aktualizacji zlecenia',
  remove: 'usuwania zlecenia',
  sendCustomer: 'wysyłania zlecenia do klienta',
  sendCarrier: 'wysyłania zlecenia do przewoźnika',
  download: 'pobierania zlecenia',
  toQuery: 'zamiany zlecenia w zapytanie',
  toQueryDone: 'Pomyślnie zamieniono zlecenie w zapytanie',
  deletePrompt: 'Podaj powód usunięcia zlecenia',
  noCustomerEmail: 'Klient nie ma adresu e-mail — nie można wysłać zlecenia.',
  noCarrierEmail: 'Przewoźnik nie ma adresu e-mail — nie można wysłać zlecenia.',
  noCustomer: 'Zlecenie nie ma przypisanego klienta.',
  noCarrier: 'Zlecenie nie ma przypisanego przewoźnika.',
} as const;

/** The customer or carrier as an order read embeds it (the documents need the address and e-mail). */
export type OrderPartySummary = {
  '@id': string;
  uuid: string;
  companyName: string | null;
  name: string | null;
  nip: string | null;
  phonePrefix: string | null;
  phone: string | null;
  email: string | null;
  streetAddress: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  language: string | null;
};

/** GET /api/orders(/{uuid}): a shipment with its number, both parties, the driver and the documents' state. */
export type Order = ShipmentRead & {
  '@type': 'Order';
  number: string;
  status: OrderStatus | typeof CONVERTED_STATUS;
  /** The query this order was made from, or became (an IRI). */
  query: string | null;
  /** That query's number (its id), for 'Z zapytania nr {id}'; null without a query. */
  queryId: number | null;
  /** The offer of that query whose carrier and price the conversion took (an IRI); null for an order typed in. */
  chosenOffer: string | null;
  changedBy: UserSummary | null;
  showInCalendar: boolean;
  loadingFinished: boolean;
  unloadingFinished: boolean;
  customer: OrderPartySummary | null;
  customerPaid: boolean;
  customerPaidConfirmed: boolean;
  customerDateOfPayment: string | null;
  customerDateOfPaymentString: string | null;
  carrier: OrderPartySummary | null;
  carrierPrice: number | null;
  carrierPriceCurrency: string;
  carrierAcquiredBy: string | null;
  carrierBankAccount: string | null;
  carrierPaymentTermDays: number | null;
  carrierPaymentTermFrom: 'issue' | 'documents' | null;
  cargoValue: number | null;
  cargoValueCurrency: string;
  carrierVerificationOverride: string | null;
  /** An administrator's reason for saving the order for a debtor ('Blokuj zlecenia dla dłużników'). */
  debtorOverride: string | null;
  /** Item reads: what the carrier lacks for this transport (OCP, verification). */
  warnings?: { code: string; message: string }[];
  carrierPaid: boolean;
  carrierPaidConfirmed: boolean;
  carrierDateOfPayment: string | null;
  carrierDateOfPaymentString: string | null;
  carrierIsPayer: boolean;
  /** The days the payments were marked done in the payments cockpit (YYYY-MM-DD). */
  customerPaidDate: string | null;
  carrierPaidDate: string | null;
  /** PLN hundredths of the customer price over the carrier price (EUR at the order's rate); null while one is missing. */
  margin: number | null;
  /** The margin in hundredths of a percent of the customer price (1250 = 12,50 %). */
  marginPercent: number | null;
  driverPicksUpMoney: boolean;
  driverName: string | null;
  driverId: string | null;
  driverPhonePrefix: string;
  driverPhone: string | null;
  truck: string | null;
  trailer: string | null;
  /** Printed on the order document. */
  orderAdditionalInfo: string | null;
  mailSentToCustomer: boolean;
  mailSentToCarrier: boolean;
  /** When and where the document last went, for the resend question. */
  mailSentToCustomerAt: string | null;
  mailSentToCustomerAddress: string | null;
  mailSentToCarrierAt: string | null;
  mailSentToCarrierAddress: string | null;
  /** Issue 39: the kept ETA of a running order with positions (list and item reads); null without one. */
  eta?: OrderEta | null;
  /** The same ETA's status alone (the loadings calendar's narrow read). */
  etaStatus?: OrderEta['status'] | null;
};

/** The file name of an order document: 'zlecenie_12-11-2026_przewoznik.pdf' (also the e-mail attachment's). */
export function documentFileName(number: string, party: OrderParty, extension: 'pdf' | 'docx') {
  const safe = number.replace(/[^0-9A-Za-z-]+/g, '-').replace(/^-+|-+$/g, '');
  return `zlecenie_${safe}_${party === 'carrier' ? 'przewoznik' : 'klient'}.${extension}`;
}

/** POST /api/orders/{uuid}/send/{party}. */
export type OrderSendResult = { message: string; order: Order };

/** The fields an order form edits: a create sends each one (null when missing; SPEC §5). */
export const ORDER_PAYLOAD_KEYS = [
  'status',
  'user',
  'customer',
  'carrier',
  ...SHIPMENT_PAYLOAD_KEYS,
  'loadingFinished',
  'unloadingFinished',
  'showInCalendar',
  'customerPrice',
  'customerPriceCurrency',
  'customerPaid',
  'customerPaidConfirmed',
  'customerDateOfPayment',
  'customerDateOfPaymentString',
  'carrierPrice',
  'carrierPriceCurrency',
  'carrierAcquiredBy',
  'carrierBankAccount',
  'carrierPaymentTermDays',
  'carrierPaymentTermFrom',
  'cargoValue',
  'cargoValueCurrency',
  'carrierPaid',
  'carrierPaidConfirmed',
  'carrierDateOfPayment',
  'carrierDateOfPaymentString',
  'carrierIsPayer',
  'driverPicksUpMoney',
  'euroExchangeRate',
  'driverName',
  'driverId',
  'driverPhonePrefix',
  'driverPhone',
  'truck',
  'trailer',
  'additionalInfo',
  'orderAdditionalInfo',
] as const satisfies readonly (keyof OrderCreate)[];

/**
 * The payment-term shortcuts of SPEC §5, in days from today. SPEC records that the original's button labelled 45
 * added 35 days; that was a defect, and here each button adds the days it says.
 */
export const PAYMENT_TERM_SHORTCUTS = [
  { label: 3, days: 3 },
  { label: 7, days: 7 },
  { label: 14, days: 14 },
  { label: 30, days: 30 },
  { label: 45, days: 45 },
  { label: 60, days: 60 },
] as const;

/** How the textual payment terms read on screen (the values stay as the API has them). */
export const paymentTermLabels: Record<(typeof CARRIER_PAYMENT_TERMS)[number], string> = {
  'przed rozladunkiem': 'przed rozładunkiem',
  'po rozladunku': 'po rozładunku',
};
