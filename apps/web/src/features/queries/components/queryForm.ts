import {
  DEFAULT_QUERY_STATUS,
  dayOf,
  QUERY_PAYLOAD_KEYS,
  type Query,
  type QueryCreate,
  type QueryUpdate,
  queryCreateSchema,
  queryUpdateSchema,
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
import type { CustomerRef } from '../../customers/index.ts';

/**
 * The query form's values (the route and cargo as every shipment form holds them, the customer as
 * the picker's reference) and the payload built from them: every field, null when missing (SPEC §5).
 */
export type QueryFormValues = ShipmentFormValues & {
  status: string;
  /** The owner's IRI. */
  user: string | null;
  customer: CustomerRef;
  customerPrice: number | null;
  customerPriceSuggested: number | null;
  customerPriceCurrency: string;
  euroExchangeRate: number | null;
  additionalInfo: string;
  /** Kept from an order this query was made of, for the order it becomes (not edited here). */
  orderAdditionalInfo: string | null;
  customerDateOfPayment: string | null;
  customerDateOfPaymentString: string | null;
};

export type QueryPayload = Record<(typeof QUERY_PAYLOAD_KEYS)[number], unknown>;

export const emptyQueryForm = (ownerUuid: string | null): QueryFormValues => ({
  status: DEFAULT_QUERY_STATUS,
  user: ownerUuid ? userIri(ownerUuid) : null,
  customer: null,
  ...emptyShipmentForm(),
  customerPrice: null,
  customerPriceSuggested: null,
  customerPriceCurrency: 'pln',
  euroExchangeRate: null,
  additionalInfo: '',
  orderAdditionalInfo: null,
  customerDateOfPayment: null,
  customerDateOfPaymentString: null,
});

export const queryToForm = (q: Query): QueryFormValues => ({
  status: q.status,
  user: q.user?.['@id'] ?? null,
  customer: partyRefOf(q.customer),
  ...shipmentToForm(q),
  customerPrice: q.customerPrice,
  customerPriceSuggested: q.customerPriceSuggested,
  customerPriceCurrency: q.customerPriceCurrency,
  euroExchangeRate: q.euroExchangeRate,
  additionalInfo: q.additionalInfo ?? '',
  orderAdditionalInfo: q.orderAdditionalInfo,
  customerDateOfPayment: dayOf(q.customerDateOfPayment),
  customerDateOfPaymentString: q.customerDateOfPaymentString,
});

/** Every field of a query create, null when missing; the customer and owner as IRIs. */
export function queryPayload(values: QueryFormValues): QueryPayload {
  return formPayload(QUERY_PAYLOAD_KEYS, { ...values, customer: values.customer?.['@id'] ?? null });
}

export const querySchemaFor = (mode: 'create' | 'edit') => (mode === 'create' ? queryCreateSchema : queryUpdateSchema);

/** The form's errors: the schema's (SPEC §5 messages) and the loading/unloading date order. */
export function validateQueryForm(mode: 'create' | 'edit') {
  const schema = querySchemaFor(mode);
  return (values: QueryFormValues): Record<string, string> => shipmentFormErrors(schema, queryPayload(values), values);
}

/** The payload as the schema outputs it (trimmed, defaults applied), or null when it is invalid. */
export function parseQueryPayload(mode: 'create' | 'edit', values: QueryFormValues): QueryCreate | QueryUpdate | null {
  if (Object.keys(validateQueryForm(mode)(values)).length > 0) return null;
  const parsed = querySchemaFor(mode).safeParse(queryPayload(values));
  if (!parsed.success) return null;
  // Keep every key (zod drops none here, but an optional one left undefined must still travel as null).
  return createPayload(QUERY_PAYLOAD_KEYS, parsed.data) as QueryCreate;
}
