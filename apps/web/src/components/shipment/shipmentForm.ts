import { DEFAULT_LOADING_TYPE, datesIssue, fieldErrors, type ShipmentRead, wallClockOf } from '@spedycja/domain';
import type { z } from 'zod';

/**
 * What the query and order forms share: the route and cargo values as the inputs hold them (text
 * as typed, amounts in hundredths — NaN while a typed amount is not a number — dates as
 * 'YYYY-MM-DD'), and the steps from values to payload: blanks as null, the schema's errors plus
 * the date order, every key present.
 */
export type ShipmentFormValues = {
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
};

export const userIri = (uuid: string) => `/api/users/${uuid}`;

export const emptyShipmentForm = (): ShipmentFormValues => ({
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
});

export const shipmentToForm = (s: ShipmentRead): ShipmentFormValues => ({
  cargo: s.cargo ?? '',
  cargoLength: s.cargoLength,
  cargoWidth: s.cargoWidth,
  cargoHeight: s.cargoHeight,
  cargoWeight: s.cargoWeight,
  loadingStreetAddress: s.loadingStreetAddress ?? '',
  loadingPostalCode: s.loadingPostalCode ?? '',
  loadingCity: s.loadingCity ?? '',
  loadingCountry: s.loadingCountry,
  loadingDate: wallClockOf(s.loadingDate),
  unloadingStreetAddress: s.unloadingStreetAddress ?? '',
  unloadingPostalCode: s.unloadingPostalCode ?? '',
  unloadingCity: s.unloadingCity ?? '',
  unloadingCountry: s.unloadingCountry,
  unloadingDate: wallClockOf(s.unloadingDate),
  loadingType: s.loadingType,
});

const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

/** Every key as it travels, before the schema: blank text and missing values as null. */
export function formPayload<K extends string>(keys: readonly K[], source: Readonly<Record<string, unknown>>) {
  return Object.fromEntries(keys.map((key) => [key, blankToNull(source[key])])) as Record<K, unknown>;
}

/** The form's errors: the schema's (SPEC §5 messages) and the loading/unloading date order. */
export function shipmentFormErrors(
  schema: z.ZodType,
  payload: unknown,
  dates: Pick<ShipmentFormValues, 'loadingDate' | 'unloadingDate'>,
): Record<string, string> {
  const errors = fieldErrors(schema, payload);
  const issue = datesIssue({ loadingDate: dates.loadingDate, unloadingDate: dates.unloadingDate });
  if (issue && !errors[issue.path]) errors[issue.path] = issue.message;
  return errors;
}
