import { describe, expect, it } from 'vitest';
import { defaultFilterValues, filtersToParams } from '../../../components/FilterRow/filterParams.ts';
import { EMPTY_ADDRESS_FILTER, EMPTY_DIMENSIONS_FILTER } from '../../../components/FilterRow/shipmentFilterParams.ts';
import { orderFilterDefs } from './orderFilters.tsx';

describe('the orders filter row -> API parameters', () => {
  it('has the filters of SPEC §2 in its order', () => {
    expect(orderFilterDefs(false).map((d) => d.name)).toEqual([
      'number',
      'status',
      'cargo',
      'cargoDimensions',
      'loadingAddress',
      'unloadingAddress',
      'loadingDate',
      'unloadingDate',
      'distance',
      'customerPrice',
      'carrierPrice',
      'margin',
      'loadingType',
      'customer.nip',
      'carrier.nip',
      'user.name',
      'createdDate',
      'portal',
      'eta',
    ]);
  });

  it("sends the ETA filter 'opóźnione' as eta=opoznione (issue 39)", () => {
    const defs = orderFilterDefs(false);
    expect(filtersToParams(defs, { ...defaultFilterValues(defs), eta: 'opoznione' })).toMatchObject({
      eta: 'opoznione',
    });
    const eta = defs.find((d) => d.name === 'eta');
    expect(eta?.kind === 'select' && eta.options.map((o) => o.label)).toEqual(['opóźnione', 'zagrożone']);
  });

  it("sends the carrier's link filters 'nie przyjęte' and 'brak CMR po rozładunku' as portal=…", () => {
    const defs = orderFilterDefs(false);
    expect(filtersToParams(defs, { ...defaultFilterValues(defs), portal: 'brakCmr' })).toMatchObject({
      portal: 'brakCmr',
    });
    const portal = defs.find((d) => d.name === 'portal');
    expect(portal?.kind === 'select' && portal.options.map((o) => o.label)).toEqual([
      'nie przyjęte',
      'brak CMR po rozładunku',
    ]);
  });

  it('starts at active orders, and the deleted view at every status', () => {
    const active = orderFilterDefs(false);
    const deleted = orderFilterDefs(true);
    expect(filtersToParams(active, defaultFilterValues(active))).toEqual({ status: 'aktywne' });
    expect(filtersToParams(deleted, defaultFilterValues(deleted))).toEqual({ status: 'wszystkie' });
  });

  it('sends every filled filter: prices and dimensions in hundredths, whole days, partial texts', () => {
    const defs = orderFilterDefs(false);
    const values = {
      ...defaultFilterValues(defs),
      number: ' 12/11 ',
      status: 'zakonczone',
      cargo: 'palety',
      cargoDimensions: {
        ...EMPTY_DIMENSIONS_FILTER,
        cargoLength: { min: '', max: '13,6' },
        cargoWeight: { min: '1.5', max: '' },
      },
      loadingAddress: { ...EMPTY_ADDRESS_FILTER, city: 'Łódź', country: 'PL' },
      unloadingAddress: { ...EMPTY_ADDRESS_FILTER, postalCode: '69' },
      loadingDate: ['2026-12-01', '2026-12-31'],
      unloadingDate: [null, '2027-01-15'],
      distance: { min: '100', max: '' },
      customerPrice: { min: '1000', max: '2500,50' },
      carrierPrice: { min: '', max: '800' },
      margin: { min: '-50', max: '' },
      loadingType: 'z rampy',
      'customer.nip': '526',
      'carrier.nip': '774',
      'user.name': 'Kowal',
      createdDate: ['2026-11-01', null],
    };
    expect(filtersToParams(defs, values)).toEqual({
      number: '12/11',
      status: 'zakonczone',
      cargo: 'palety',
      'cargoLength[lte]': '1360',
      'cargoWeight[gte]': '150',
      loadingCity: 'Łódź',
      loadingCountry: 'PL',
      unloadingPostalCode: '69',
      'loadingDate[after]': '2026-12-01',
      'loadingDate[before]': '2026-12-31',
      'unloadingDate[before]': '2027-01-15',
      'distance[gte]': '100',
      'customerPrice[gte]': '100000',
      'customerPrice[lte]': '250050',
      'carrierPrice[lte]': '80000',
      'margin[gte]': '-5000',
      loadingType: 'z rampy',
      'customer.nip': '526',
      'carrier.nip': '774',
      'user.name': 'Kowal',
      'createdDate[after]': '2026-11-01',
    });
  });

  it('leaves out what is not a number rather than send a bad request', () => {
    const defs = orderFilterDefs(false);
    const values = {
      ...defaultFilterValues(defs),
      distance: { min: 'daleko', max: '' },
      carrierPrice: { min: '1,2,3', max: '' },
    };
    expect(filtersToParams(defs, values)).toEqual({ status: 'aktywne' });
  });
});
