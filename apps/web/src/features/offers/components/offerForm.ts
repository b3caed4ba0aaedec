import {
  DEFAULT_PHONE_PREFIX,
  fieldErrors,
  type Offer,
  type OfferCreate,
  type OfferUpdate,
  offerCreateSchema,
  offerUpdateSchema,
  validationMessages,
} from '@spedycja/domain';
import type { CarrierRef } from '../../carriers/index.ts';

/** The offer form's values as the inputs hold them, and the payload built from them. */
export type OfferFormValues = {
  carrier: CarrierRef;
  /** Hundredths; NaN while the typed text is not a number. */
  price: number | null;
  currency: string;
  acquiredBy: string;
  email: string;
  phonePrefix: string;
  phone: string;
};

export const emptyOfferForm = (): OfferFormValues => ({
  carrier: null,
  price: null,
  currency: 'pln',
  acquiredBy: 'brak',
  email: '',
  phonePrefix: DEFAULT_PHONE_PREFIX,
  phone: '',
});

export const offerToForm = (offer: Offer): OfferFormValues => ({
  carrier: offer.carrier
    ? {
        '@id': offer.carrier['@id'],
        uuid: offer.carrier.uuid,
        companyName: offer.carrier.companyName,
        name: offer.carrier.name,
        nip: null,
      }
    : null,
  price: offer.price,
  currency: offer.currency,
  acquiredBy: offer.acquiredBy,
  email: offer.email ?? '',
  phonePrefix: offer.phonePrefix || DEFAULT_PHONE_PREFIX,
  phone: offer.phone ?? '',
});

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** Every field, null when missing; the carrier as its IRI; `query` only on create. */
export function offerPayload(values: OfferFormValues, queryIri: string | null) {
  return {
    ...(queryIri ? { query: queryIri } : {}),
    carrier: values.carrier?.['@id'] ?? null,
    acquiredBy: values.acquiredBy,
    currency: values.currency,
    price: values.price,
    email: blankToNull(values.email),
    phonePrefix: values.phonePrefix,
    phone: blankToNull(values.phone),
  };
}

export const offerSchemaFor = (mode: 'create' | 'edit') => (mode === 'create' ? offerCreateSchema : offerUpdateSchema);

/** Mantine `validate`: the schema's errors on the payload, keyed as the form's fields. */
export const validateOfferForm = (mode: 'create' | 'edit', queryIri: string | null) => (values: OfferFormValues) => {
  const errors = fieldErrors(offerSchemaFor(mode), offerPayload(values, mode === 'create' ? queryIri : null));
  if (values.price === null) errors.price = validationMessages.required;
  return errors;
};

export function parseOfferPayload(
  mode: 'create' | 'edit',
  values: OfferFormValues,
  queryIri: string | null,
): OfferCreate | OfferUpdate | null {
  const parsed = offerSchemaFor(mode).safeParse(offerPayload(values, mode === 'create' ? queryIri : null));
  return parsed.success ? parsed.data : null;
}
