import {
  DEFAULT_ORDER_STATUS,
  DEFAULT_PHONE_PREFIX,
  dayOf,
  ORDER_PAYLOAD_KEYS,
  type Order,
  type OrderCreate,
  type OrderUpdate,
  orderCreateSchema,
  orderUpdateSchema,
} from '@spedycja/domain';
import { createPayload, partyRefOf } from '../../../components/parties/partyForm.ts';
import {
  emptyShipmentForm,
  formPayload,
  type ShipmentFormValues,
  shipmentFormErrors,
  shipmentToForm,
  userIri,
} from '../../../components/shipment/shipmentForm.ts';
import type { CarrierRef } from '../../carriers/index.ts';
import type { CustomerRef } from '../../customers/index.ts';

/**
 * The order form's values (the route and cargo as every shipment form holds them, the parties as
 * the pickers' references), and the payloads built from them: a create sends every field (null
 * when missing, SPEC §5), an edit only what changed, so that it does not undo what someone else
 * changed meanwhile.
 */
export type OrderFormValues = ShipmentFormValues & {
  status: string;
  /** The owner's IRI. */
  user: string | null;
  customer: CustomerRef;
  carrier: CarrierRef;
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
  /** The carrier's account the payment goes to (26 digits), one of the carrier's accounts. */
  carrierBankAccount: string | null;
  carrierPaymentTermDays: number | null;
  carrierPaymentTermFrom: 'issue' | 'documents' | null;
  cargoValue: number | null;
  cargoValueCurrency: string;
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

export const emptyOrderForm = (defaults: { ownerUuid?: string | null; euroExchangeRate?: number | null } = {}) =>
  ({
    status: DEFAULT_ORDER_STATUS,
    user: defaults.ownerUuid ? userIri(defaults.ownerUuid) : null,
    customer: null,
    carrier: null,
    ...emptyShipmentForm(),
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
    carrierBankAccount: null,
    carrierPaymentTermDays: null,
    carrierPaymentTermFrom: null,
    cargoValue: null,
    cargoValueCurrency: 'pln',
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

export const orderToForm = (o: Order): OrderFormValues => ({
  status: o.status,
  user: o.user?.['@id'] ?? null,
  customer: partyRefOf(o.customer),
  carrier: partyRefOf(o.carrier),
  ...shipmentToForm(o),
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
  carrierBankAccount: o.carrierBankAccount ?? null,
  carrierPaymentTermDays: o.carrierPaymentTermDays ?? null,
  carrierPaymentTermFrom: o.carrierPaymentTermFrom ?? null,
  cargoValue: o.cargoValue ?? null,
  cargoValueCurrency: o.cargoValueCurrency ?? 'pln',
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

/** Every field as it travels, before the schema: blanks as null, the parties as IRIs. */
export function orderPayload(values: OrderFormValues): OrderPayload {
  return formPayload(ORDER_PAYLOAD_KEYS, {
    ...values,
    customer: values.customer?.['@id'] ?? null,
    carrier: values.carrier?.['@id'] ?? null,
  });
}

export const orderSchemaFor = (mode: 'create' | 'edit') => (mode === 'create' ? orderCreateSchema : orderUpdateSchema);

/** The form's errors: the schema's (SPEC §5 messages) and the loading/unloading date order. */
export function validateOrderForm(mode: 'create' | 'edit') {
  const schema = orderSchemaFor(mode);
  return (values: OrderFormValues): Record<string, string> => shipmentFormErrors(schema, orderPayload(values), values);
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
  return {
    ...createPayload(ORDER_PAYLOAD_KEYS, parsed.data),
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
  const payload: Record<string, unknown> = createPayload(changedOrderKeys(initial, values), parsed.data);
  if (markSent.customer) payload.mailSentToCustomer = true;
  if (markSent.carrier) payload.mailSentToCarrier = true;
  return payload as OrderUpdate;
}
