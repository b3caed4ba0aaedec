import {
  DEFAULT_LOADING_TYPE,
  DEFAULT_QUERY_STATUS,
  datesIssue,
  fieldErrors,
  QUERY_PAYLOAD_KEYS,
  type Query,
  type QueryCreate,
  type QueryUpdate,
  queryCreateSchema,
  queryUpdateSchema,
} from '@spedycja/domain';
import type { CustomerRef } from '../../customers/index.ts';
import { dayOf } from '../queryText.ts';

/**
 * The query form's values as the inputs hold them (text as typed, amounts in hundredths — NaN while
 * a typed amount is not a number — dates as 'YYYY-MM-DD', the customer as the picker's reference)
 * and the payload built from them: every field, null when missing (SPEC §5).
 */
export type QueryFormValues = {
  status: string;
  /** The owner's IRI. */
  user: string | null;
  customer: CustomerRef;
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
  customerPrice: number | null;
  customerPriceSuggested: number | null;
  customerPriceCurrency: string;
  euroExchangeRate: number | null;
  additionalInfo: string;
};

export type QueryPayload = Record<(typeof QUERY_PAYLOAD_KEYS)[number], unknown>;

export const userIri = (uuid: string) => `/api/users/${uuid}`;

export const emptyQueryForm = (ownerUuid: string | null): QueryFormValues => ({
  status: DEFAULT_QUERY_STATUS,
  user: ownerUuid ? userIri(ownerUuid) : null,
  customer: null,
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
  customerPrice: null,
  customerPriceSuggested: null,
  customerPriceCurrency: 'pln',
  euroExchangeRate: null,
  additionalInfo: '',
});

/** The query's customer as the picker holds it. */
export const customerRefOf = (q: Pick<Query, 'customer'>): CustomerRef =>
  q.customer
    ? {
        '@id': q.customer['@id'],
        uuid: q.customer.uuid,
        companyName: q.customer.companyName,
        name: q.customer.name,
        nip: q.customer.nip,
      }
    : null;

export const queryToForm = (q: Query): QueryFormValues => ({
  status: q.status,
  user: q.user?.['@id'] ?? null,
  customer: customerRefOf(q),
  cargo: q.cargo ?? '',
  cargoLength: q.cargoLength,
  cargoWidth: q.cargoWidth,
  cargoHeight: q.cargoHeight,
  cargoWeight: q.cargoWeight,
  loadingStreetAddress: q.loadingStreetAddress ?? '',
  loadingPostalCode: q.loadingPostalCode ?? '',
  loadingCity: q.loadingCity ?? '',
  loadingCountry: q.loadingCountry,
  loadingDate: dayOf(q.loadingDate),
  unloadingStreetAddress: q.unloadingStreetAddress ?? '',
  unloadingPostalCode: q.unloadingPostalCode ?? '',
  unloadingCity: q.unloadingCity ?? '',
  unloadingCountry: q.unloadingCountry,
  unloadingDate: dayOf(q.unloadingDate),
  loadingType: q.loadingType,
  customerPrice: q.customerPrice,
  customerPriceSuggested: q.customerPriceSuggested,
  customerPriceCurrency: q.customerPriceCurrency,
  euroExchangeRate: q.euroExchangeRate,
  additionalInfo: q.additionalInfo ?? '',
});

const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

/** Every field of a query create, null when missing; the customer and owner as IRIs. */
export function queryPayload(values: QueryFormValues): QueryPayload {
  const source: Record<string, unknown> = { ...values, customer: values.customer?.['@id'] ?? null };
  return Object.fromEntries(QUERY_PAYLOAD_KEYS.map((key) => [key, blankToNull(source[key])])) as QueryPayload;
}

export const querySchemaFor = (mode: 'create' | 'edit') => (mode === 'create' ? queryCreateSchema : queryUpdateSchema);

/** The form's errors: the schema's (SPEC §5 messages) and the loading/unloading date order. */
export function validateQueryForm(mode: 'create' | 'edit') {
  const schema = querySchemaFor(mode);
  return (values: QueryFormValues): Record<string, string> => {
    const payload = queryPayload(values);
    const errors = fieldErrors(schema, payload);
    const issue = datesIssue({
      loadingDate: values.loadingDate,
      unloadingDate: values.unloadingDate,
    });
    if (issue && !errors[issue.path]) errors[issue.path] = issue.message;
    return errors;
  };
}

/** The payload as the schema outputs it (trimmed, defaults applied), or null when it is invalid. */
export function parseQueryPayload(mode: 'create' | 'edit', values: QueryFormValues): QueryCreate | QueryUpdate | null {
  if (Object.keys(validateQueryForm(mode)(values)).length > 0) return null;
  const parsed = querySchemaFor(mode).safeParse(queryPayload(values));
  if (!parsed.success) return null;
  // Keep every key (zod drops none here, but an optional one left undefined must still travel as null).
  return Object.fromEntries(
    QUERY_PAYLOAD_KEYS.map((key) => [key, (parsed.data as Record<string, unknown>)[key] ?? null]),
  ) as QueryCreate;
}
