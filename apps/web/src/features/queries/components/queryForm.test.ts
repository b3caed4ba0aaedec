import { QUERY_PAYLOAD_KEYS } from '@spedycja/domain';
import { describe, expect, it } from 'vitest';
import { testQuery } from '../testQuery.ts';
import { emptyQueryForm, parseQueryPayload, queryPayload, queryToForm, validateQueryForm } from './queryForm.ts';

const OWNER = '493fc947-bb03-44cb-bcf1-9ce5c6fb4b88';

/** What a query cannot be saved without: the customer, the cargo, both ends with their dates. */
const complete = () => ({
  ...emptyQueryForm(null),
  customer: testQuery().customer,
  cargo: 'Palety',
  loadingCity: 'Łódź',
  loadingCountry: 'PL',
  loadingDate: '2026-11-25',
  unloadingCity: 'Berlin',
  unloadingCountry: 'DE',
  unloadingDate: '2026-11-26',
});

describe('the query payload', () => {
  it('sends every field, null when missing, with the owner as an IRI', () => {
    const payload = queryPayload(emptyQueryForm(OWNER));
    expect(Object.keys(payload).sort()).toEqual([...QUERY_PAYLOAD_KEYS].sort());
    expect(payload).toEqual({
      status: 'aktywne',
      user: `/api/users/${OWNER}`,
      customer: null,
      cargo: null,
      cargoLength: null,
      cargoWidth: null,
      cargoHeight: null,
      cargoWeight: null,
      loadingStreetAddress: null,
      loadingPostalCode: null,
      loadingCity: null,
      loadingCountry: null,
      loadingDate: null,
      unloadingStreetAddress: null,
      unloadingPostalCode: null,
      unloadingCity: null,
      unloadingCountry: null,
      unloadingDate: null,
      loadingType: 'brak informacji',
      customerPrice: null,
      customerPriceSuggested: null,
      customerPriceCurrency: 'pln',
      euroExchangeRate: null,
      additionalInfo: null,
      orderAdditionalInfo: null,
      customerDateOfPayment: null,
      customerDateOfPaymentString: null,
    });
  });

  it('sends the customer as its IRI, amounts in hundredths and dates as days', () => {
    const payload = queryPayload(queryToForm(testQuery()));
    expect(payload.customer).toBe('/api/customers/de1c8928-ae2a-4b42-ae7c-92bc26ecd8c4');
    expect(payload.cargoLength).toBe(1360);
    expect(payload.customerPrice).toBe(450000);
    expect(payload.loadingDate).toBe('2026-11-25');
    expect(payload.unloadingStreetAddress).toBeNull();
  });

  it('parses to what is sent: trimmed, every key present', () => {
    const values = { ...complete(), cargo: '  Palety  ' };
    const parsed = parseQueryPayload('create', values) as Record<string, unknown>;
    expect(parsed.cargo).toBe('Palety');
    expect(parsed.loadingCity).toBe('Łódź');
    expect(Object.keys(parsed).sort()).toEqual([...QUERY_PAYLOAD_KEYS].sort());
    expect(parsed.user).toBeNull();
  });
});

describe('the query form validation', () => {
  it('names every field a query cannot be saved without', () => {
    const required = 'To pole nie może być puste!';
    expect(validateQueryForm('create')(emptyQueryForm(null))).toEqual({
      customer: required,
      cargo: required,
      loadingCity: required,
      loadingCountry: required,
      loadingDate: required,
      unloadingCity: required,
      unloadingCountry: required,
    });
    expect(parseQueryPayload('create', emptyQueryForm(null))).toBeNull();
    expect(validateQueryForm('edit')({ ...complete(), cargo: '   ' })).toEqual({ cargo: required });
  });

  it('saves a quick query without an unloading date, in both modes (an order asks for it when converted)', () => {
    for (const mode of ['create', 'edit'] as const) {
      const values = { ...complete(), unloadingDate: null };
      expect(validateQueryForm(mode)(values)).toEqual({});
      expect(parseQueryPayload(mode, values)).toMatchObject({ unloadingDate: null });
    }
  });

  it('refuses an unloading date before the loading date, with the SPEC text, in both modes', () => {
    const values = { ...complete(), loadingDate: '2026-11-25', unloadingDate: '2026-11-24' };
    for (const mode of ['create', 'edit'] as const) {
      expect(validateQueryForm(mode)(values)).toEqual({
        unloadingDate: 'Data załadunku nie może być późniejsza niż data rozładunku!',
      });
      expect(parseQueryPayload(mode, values)).toBeNull();
    }
  });

  it('accepts the same day and refuses amounts that are not numbers', () => {
    const sameDay = { ...complete(), loadingDate: '2026-11-25', unloadingDate: '2026-11-25' };
    expect(validateQueryForm('create')(sameDay)).toEqual({});
    const errors = validateQueryForm('create')({ ...sameDay, customerPrice: Number.NaN, cargoWeight: -100 });
    expect(errors.customerPrice).toBe('To pole może zawierać jedynie liczbę!');
    expect(errors.cargoWeight).toBe('Minimalna wartość dla tego pola to: 0!');
  });
});
