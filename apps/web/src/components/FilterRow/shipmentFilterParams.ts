import { decimalToHundredths } from '@spedycja/domain';
import { EMPTY_RANGE, numberRangeParams, selectParams, textParams } from './filterParams.ts';
import type { ApiParams, NumberRangeValue } from './types.ts';

/**
 * The values of the queries' and orders' filter dialogs (cargo dimensions, loading and unloading
 * address) and their API parameters; pure and unit-tested.
 */

export const DIMENSION_FIELDS = ['cargoLength', 'cargoWidth', 'cargoHeight', 'cargoWeight'] as const;
export type DimensionField = (typeof DIMENSION_FIELDS)[number];

/** Ranges typed in m and t (decimals), sent in hundredths; the countries are ISO codes. */
export type DimensionsFilterValue = Record<DimensionField, NumberRangeValue> & {
  loadingCountry: string | null;
  unloadingCountry: string | null;
};

export const EMPTY_DIMENSIONS_FILTER: DimensionsFilterValue = {
  cargoLength: EMPTY_RANGE,
  cargoWidth: EMPTY_RANGE,
  cargoHeight: EMPTY_RANGE,
  cargoWeight: EMPTY_RANGE,
  loadingCountry: null,
  unloadingCountry: null,
};

/** {cargoLength: {min: '2', max: '13,6'}, loadingCountry: 'PL'} -> cargoLength[gte]=200, cargoLength[lte]=1360, loadingCountry=PL */
export function dimensionsFilterParams(value: DimensionsFilterValue): ApiParams {
  return Object.assign(
    {},
    ...DIMENSION_FIELDS.map((field) => numberRangeParams(field, value[field], true)),
    selectParams('loadingCountry', value.loadingCountry),
    selectParams('unloadingCountry', value.unloadingCountry),
  );
}

/** True when a typed bound is not a number (the dialog shows it and will not confirm). */
export function isInvalidBound(text: string): boolean {
  return text.trim() !== '' && decimalToHundredths(text) === null;
}

export type AddressFilterValue = {
  streetAddress: string;
  city: string;
  postalCode: string;
  country: string | null;
};

export const EMPTY_ADDRESS_FILTER: AddressFilterValue = { streetAddress: '', city: '', postalCode: '', country: null };

export type ShipmentSide = 'loading' | 'unloading';

/** 'loading', {city: 'Łódź'} -> loadingCity=Łódź (street and city match partially, the postal code by its start). */
export function addressFilterParams(side: ShipmentSide, value: AddressFilterValue): ApiParams {
  return {
    ...textParams(`${side}StreetAddress`, value.streetAddress),
    ...textParams(`${side}City`, value.city),
    ...textParams(`${side}PostalCode`, value.postalCode),
    ...selectParams(`${side}Country`, value.country),
  };
}
