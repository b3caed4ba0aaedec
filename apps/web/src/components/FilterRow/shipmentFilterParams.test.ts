import { describe, expect, it } from 'vitest';
import {
  addressFilterParams,
  dimensionsFilterParams,
  EMPTY_ADDRESS_FILTER,
  EMPTY_DIMENSIONS_FILTER,
  isInvalidBound,
} from './shipmentFilterParams.ts';

describe('cargo dimensions dialog -> params', () => {
  it('sends nothing when empty', () => {
    expect(dimensionsFilterParams(EMPTY_DIMENSIONS_FILTER)).toEqual({});
  });

  it('sends metres and tonnes in hundredths, and the countries', () => {
    expect(
      dimensionsFilterParams({
        ...EMPTY_DIMENSIONS_FILTER,
        cargoLength: { min: '2', max: '13,6' },
        cargoHeight: { min: '', max: '2.7' },
        cargoWeight: { min: '0,5', max: '' },
        loadingCountry: 'PL',
        unloadingCountry: 'DE',
      }),
    ).toEqual({
      'cargoLength[gte]': '200',
      'cargoLength[lte]': '1360',
      'cargoHeight[lte]': '270',
      'cargoWeight[gte]': '50',
      loadingCountry: 'PL',
      unloadingCountry: 'DE',
    });
  });

  it('leaves out bounds that are not numbers, and flags them', () => {
    expect(dimensionsFilterParams({ ...EMPTY_DIMENSIONS_FILTER, cargoWidth: { min: 'abc', max: '2,45' } })).toEqual({
      'cargoWidth[lte]': '245',
    });
    expect(isInvalidBound('abc')).toBe(true);
    expect(isInvalidBound(' ')).toBe(false);
    expect(isInvalidBound('2,45')).toBe(false);
  });
});

describe('address dialog -> params', () => {
  it('prefixes the fields with the side and trims them', () => {
    expect(
      addressFilterParams('loading', { streetAddress: ' Polna ', city: 'Łódź', postalCode: '90-', country: 'PL' }),
    ).toEqual({ loadingStreetAddress: 'Polna', loadingCity: 'Łódź', loadingPostalCode: '90-', loadingCountry: 'PL' });
    expect(addressFilterParams('unloading', { ...EMPTY_ADDRESS_FILTER, city: 'Berlin' })).toEqual({
      unloadingCity: 'Berlin',
    });
    expect(addressFilterParams('unloading', EMPTY_ADDRESS_FILTER)).toEqual({});
  });
});
