import {
  DEFAULT_LOADING_TYPE,
  DEFAULT_PHONE_PREFIX,
  datesIssue,
  dayOf,
  fieldErrors,
  ORDER_PAYLOAD_KEYS,
  type Order,
  type OrderCreate,
  type OrderPartySummary,
  type OrderUpdate,
  orderCreateSchema,
  orderUpdateSchema,
} from '@spedycja/domain';
import type { CarrierRef } from '../../carriers/index.ts';
import type { CustomerRef } from '../../customers/index.ts';

/**
 * The order form's values as the inputs hold them (text as typed, amounts in hundredths — NaN while
 * a typed amount is not a number — dates as 'YYYY-MM-DD', the parties as the pickers' references),
 * and the payloads built from them: a create sends every field (null when missing, SPEC §5), an
 * edit only what changed, so that it does not undo what someone else changed meanwhile.
 */
export type OrderFormValues = {
  status: string;
  /** The owner's IRI. */
  user: string | null;
  customer: CustomerRef;
  carrier: CarrierRef;
  cargo: string;
  cargoLength: number | null;
  cargoWidth: number | null;
  cargoHeight: number | null;
  cargoWeight: number | null;
  loadingStreetAddress: string;
  loadingPostalCode: string;
  loadingCity: string;
  loadingCountry: string | null;
  loadingDate: string | null;
  unloadingStreetAddress: string;
  unloadingPostalCode: string;
  unloadingCity: string;
  unloadingCountry: string | null;
  unloadingDate: string | null;
  loadingType: string;
  loadingFinished: boolean;
  unloadingFinished: boolean;
  showInCalendar: boolean;
  customerPrice: number | null;
  customerPriceCurrency: string;
  customerPaid: boolean;
  customerPaidConfirmed: boolean;
  customerDateOfPayment: string | null;
  customerDateOfPaymentString: string | null;
  carrierPrice: number | null;
  carrierPriceCurrency: string;
  carrierAcquiredBy: string | null;
  carrierPaid: boolean;
  carrierPaidConfirmed: boolean;
  carrierDateOfPayment: string | null;
  carrierDateOfPaymentString: string | null;
  carrierIsPayer: boolean;
  driverPicksUpMoney: boolean;
  euroExchangeRate: number | null;
  driverName: string;
  driverId: string;
  driverPhonePrefix: string;
  driverPhone: string;
  truck: string;
  trailer: string;
  additionalInfo: string;
  orderAdditionalInfo: string;
};

export type OrderPayloadKey = (typeof ORDER_PAYLOAD_KEYS)[number];
export type OrderPayload = Record<OrderPayloadKey, unknown>;

/** Which parties a save sends the document to (create) or marks as sent (edit). */
export type PartyFlags = { customer: boolean; carrier: boolean };
export const NO_PARTIES: PartyFlags = { customer: false, carrier: false };

export const userIri = (uuid: string) => `/api/users/${uuid}`;

export const emptyOrderForm = (defaults: { ownerUuid?: string | null; euroExchangeRate?: number | null } = {}) =>
  ({
    status: 'aktywne',
    user: defaults.ownerUuid ? userIri(defaults.ownerUuid) : null,
    customer: null,
    carrier: null,
    cargo: '',
    cargoLength: null,
    cargoWidth: null,
    cargoHeight: null,
    cargoWeight: null,
    loadingStreetAddress: '',
    loadingPostalCode: '',
    loadingCity: '',
    loadingCountry: null,
    loadingDate: null,
    unloadingStreetAddress: '',
    unloadingPostalCode: '',
    unloadingCity: '',
    unloadingCountry: null,
    unloadingDate: null,
    loadingType: DEFAULT_LOADING_TYPE,
    loadingFinished: false,
    unloadingFinished: false,
    showInCalendar: true,
    customerPrice: null,
    customerPriceCurrency: 'pln',
    customerPaid: false,
    customerPaidConfirmed: false,
    customerDateOfPayment: null,
    customerDateOfPaymentString: null,
    carrierPrice: null,
    carrierPriceCurrency: 'pln',
    carrierAcquiredBy: null,
    carrierPaid: false,
    carrierPaidConfirmed: false,
    carrierDateOfPayment: null,
    carrierDateOfPaymentString: null,
    carrierIsPayer: false,
    driverPicksUpMoney: false,
    euroExchangeRate: defaults.euroExchangeRate ?? null,
    driverName: '',
    driverId: '',
    driverPhonePrefix: DEFAULT_PHONE_PREFIX,
    driverPhone: '',
    truck: '',
    trailer: '',
    additionalInfo: '',
    orderAdditionalInfo: '',
  }) satisfies OrderFormValues;

/** The embedded customer or carrier as a picker holds it. */
export const partyRefOf = (party: OrderPartySummary | null) =>
  party
    ? { '@id': party['@id'], uuid: party.uuid, companyName: party.companyName, name: party.name, nip: party.nip }
    : null;

export const orderToForm = (o: Order): OrderFormValues => ({
  status: o.status,
  user: o.user?.['@id'] ?? null,
  customer: partyRefOf(o.customer),
  carrier: partyRefOf(o.carrier),
  cargo: o.cargo ?? '',
  cargoLength: o.cargoLength,
  cargoWidth: o.cargoWidth,
  cargoHeight: o.cargoHeight,
  cargoWeight: o.cargoWeight,
  loadingStreetAddress: o.loadingStreetAddress ?? '',
  loadingPostalCode: o.loadingPostalCode ?? '',
  loadingCity: o.loadingCity ?? '',
  loadingCountry: o.loadingCountry,
  loadingDate: dayOf(o.loadingDate),
  unloadingStreetAddress: o.unloadingStreetAddress ?? '',
  unloadingPostalCode: o.unloadingPostalCode ?? '',
  unloadingCity: o.unloadingCity ?? '',
  unloadingCountry: o.unloadingCountry,
  unloadingDate: dayOf(o.unloadingDate),
  loadingType: o.loadingType,
  loadingFinished: o.loadingFinished,
  unloadingFinished: o.unloadingFinished,
  showInCalendar: o.showInCalendar,
  customerPrice: o.customerPrice,
  customerPriceCurrency: o.customerPriceCurrency,
  customerPaid: o.customerPaid,
  customerPaidConfirmed: o.customerPaidConfirmed,
  customerDateOfPayment: dayOf(o.customerDateOfPayment),
  customerDateOfPaymentString: o.customerDateOfPaymentString,
  carrierPrice: o.carrierPrice,
  carrierPriceCurrency: o.carrierPriceCurrency,
  carrierAcquiredBy: o.carrierAcquiredBy,
  carrierPaid: o.carrierPaid,
  carrierPaidConfirmed: o.carrierPaidConfirmed,
  carrierDateOfPayment: dayOf(o.carrierDateOfPayment),
  carrierDateOfPaymentString: o.carrierDateOfPaymentString,
  carrierIsPayer: o.carrierIsPayer,
  driverPicksUpMoney: o.driverPicksUpMoney,
  euroExchangeRate: o.euroExchangeRate,
  driverName: o.driverName ?? '',
  driverId: o.driverId ?? '',
  driverPhonePrefix: o.driverPhonePrefix || DEFAULT_PHONE_PREFIX,
  driverPhone: o.driverPhone ?? '',
  truck: o.truck ?? '',
  trailer: o.trailer ?? '',
  additionalInfo: o.additionalInfo ?? '',
  orderAdditionalInfo: o.orderAdditionalInfo ?? '',
});

const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

/** Every field as it travels, before the schema: blanks as null, the parties as IRIs. */
export function orderPayload(values: OrderFormValues): OrderPayload {
  const source: Record<string, unknown> = {
    ...values,
    customer: values.customer?.['@id'] ?? null,
    carrier: values.carrier?.['@id'] ?? null,
  };
  return Object.fromEntries(ORDER_PAYLOAD_KEYS.map((key) => [key, blankToNull(source[key])])) as OrderPayload;
}

export const orderSchemaFor = (mode: 'create' | 'edit') => (mode === 'create' ? orderCreateSchema : orderUpdateSchema);

/** The form's errors: the schema's (SPEC §5 messages) and the loading/unloading date order. */
export function validateOrderForm(mode: 'create' | 'edit') {
  const schema = orderSchemaFor(mode);
  return (values: OrderFormValues): Record<string, string> => {
    const errors = fieldErrors(schema, orderPayload(values));
    const issue = datesIssue({ loadingDate: values.loadingDate, unloadingDate: values.unloadingDate });
    if (issue && !errors[issue.path]) errors[issue.path] = issue.message;
    return errors;
  };
}

const isValid = (mode: 'create' | 'edit', values: OrderFormValues) =>
  Object.keys(validateOrderForm(mode)(values)).length === 0;

/**
 * POST /api/orders: every field as the schema outputs it (trimmed, defaults applied), null when
 * missing, and whether to e-mail the document right away; null when the values are invalid.
 */
export function buildCreatePayload(values: OrderFormValues, send: PartyFlags = NO_PARTIES): OrderCreate | null {
  if (!isValid('create', values)) return null;
  const parsed = orderCreateSchema.safeParse(orderPayload(values));
  if (!parsed.success) return null;
  const data = parsed.data as Record<string, unknown>;
  return {
    ...Object.fromEntries(ORDER_PAYLOAD_KEYS.map((key) => [key, data[key] ?? null])),
    sendMailToCustomer: send.customer,
    sendMailToCarrier: send.carrier,
  } as OrderCreate;
}

/** The keys whose value (as it travels) differs from what was loaded. */
export function changedOrderKeys(initial: OrderFormValues, current: OrderFormValues): OrderPayloadKey[] {
  const before = orderPayload(initial);
  const after = orderPayload(current);
  return ORDER_PAYLOAD_KEYS.filter((key) => !Object.is(before[key], after[key]));
}

/**
 * PUT /api/orders/{uuid}: only the changed fields (null when cleared) and, for 'Zapisz i oznacz
 * jako wysłane', the sent flags; null when the values are invalid.
 */
export function buildUpdatePayload(
  initial: OrderFormValues,
  values: OrderFormValues,
  markSent: PartyFlags = NO_PARTIES,
): OrderUpdate | null {
  if (!isValid('edit', values)) return null;
  const parsed = orderUpdateSchema.safeParse(orderPayload(values));
  if (!parsed.success) return null;
  const data = parsed.data as Record<string, unknown>;
  const payload: Record<string, unknown> = Object.fromEntries(
    changedOrderKeys(initial, values).map((key) => [key, data[key] ?? null]),
  );
  if (markSent.customer) payload.mailSentToCustomer = true;
  if (markSent.carrier) payload.mailSentToCarrier = true;
  return payload as OrderUpdate;
}
