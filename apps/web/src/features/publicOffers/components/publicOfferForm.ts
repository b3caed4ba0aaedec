import {
  DEFAULT_PHONE_PREFIX,
  decimalToHundredths,
  fieldErrors,
  type PublicOffer,
  publicOfferSchema,
  validationMessages,
} from '@spedycja/domain';

/** The public offer form as typed (the price as a decimal text) and the payload it sends. */
export type PublicOfferFormValues = {
  email: string;
  phonePrefix: string;
  phone: string;
  /** '1500', '1500,50' or '1500.5'. */
  price: string;
  currency: string;
};

export const emptyPublicOfferForm = (): PublicOfferFormValues => ({
  email: '',
  phonePrefix: DEFAULT_PHONE_PREFIX,
  phone: '',
  price: '',
  currency: 'pln',
});

/** '1500,50' -> 150050 (minor units); null when empty; NaN when not a number (the schema refuses it). */
export function priceToMinorUnits(text: string): number | null {
  if (text.trim() === '') return null;
  return decimalToHundredths(text) ?? Number.NaN;
}

export function publicOfferPayload(values: PublicOfferFormValues, queryIri: string) {
  return {
    query: queryIri,
    email: values.email.trim(),
    phonePrefix: values.phonePrefix,
    phone: values.phone,
    price: priceToMinorUnits(values.price),
    currency: values.currency,
  };
}

/** Mantine `validate`: SPEC §5 Public offer form rules through publicOfferSchema. */
export const validatePublicOffer = (queryIri: string) => (values: PublicOfferFormValues) => {
  const errors = fieldErrors(publicOfferSchema, publicOfferPayload(values, queryIri));
  if (values.price.trim() === '') errors.price = validationMessages.required;
  return errors;
};

export function parsePublicOffer(values: PublicOfferFormValues, queryIri: string): PublicOffer | null {
  const parsed = publicOfferSchema.safeParse(publicOfferPayload(values, queryIri));
  return parsed.success ? parsed.data : null;
}
