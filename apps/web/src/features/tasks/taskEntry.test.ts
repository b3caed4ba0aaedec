import { describe, expect, it } from 'vitest';
import {
  entryFilterParams,
  entryIri,
  orderEntry,
  orderEntryLabel,
  parseEntryIri,
  queryEntry,
  queryEntryLabel,
  routeText,
  taskEntry,
} from './taskEntry.ts';

const Q = '0f8fad5b-d9cb-469f-a165-70867728950e';
const O = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('entry IRIs', () => {
  it('names a query or an order as the API expects', () => {
    expect(entryIri({ type: 'query', uuid: Q })).toBe(`/api/queries/${Q}`);
    expect(entryIri({ type: 'order', uuid: O })).toBe(`/api/orders/${O}`);
  });

  it('reads them back, and nothing else', () => {
    expect(parseEntryIri(`/api/orders/${O}`)).toEqual({ type: 'order', uuid: O });
    expect(parseEntryIri(`/api/queries/${Q}`)).toEqual({ type: 'query', uuid: Q });
    expect(parseEntryIri(`/api/customers/${Q}`)).toBeNull();
    expect(parseEntryIri(null)).toBeNull();
  });

  it('filters the tasks list by the right relation', () => {
    expect(entryFilterParams({ type: 'query', uuid: Q })).toEqual({ 'queryEntity.uuid': Q });
    expect(entryFilterParams({ type: 'order', uuid: O })).toEqual({ 'orderEntity.uuid': O });
  });
});

describe('entry labels', () => {
  it('names a query by its number, cargo and route', () => {
    expect(queryEntryLabel({ id: 12, cargo: 'Palety', loadingCity: 'Łódź', unloadingCity: 'Berlin' })).toBe(
      'Zapytanie #12: Palety, Łódź → Berlin',
    );
  });

  it('leaves out what a query does not have', () => {
    expect(queryEntryLabel({ id: 7, cargo: null, loadingCity: 'Łódź', unloadingCity: null })).toBe(
      'Zapytanie #7: Łódź',
    );
    expect(queryEntryLabel({ id: 7, cargo: '  ', loadingCity: null, unloadingCity: null })).toBe('Zapytanie #7');
    expect(routeText(null, 'Berlin')).toBe('Berlin');
  });

  it('names an order by its number', () => {
    expect(orderEntryLabel({ number: '3/11/2026' })).toBe('Zlecenie 3/11/2026');
  });

  it('describes picker options with the customer', () => {
    const order = orderEntry({
      uuid: O,
      id: 3,
      number: '3/11/2026',
      cargo: 'Stal',
      loadingCity: 'Gdańsk',
      unloadingCity: 'Praga',
      customer: { companyName: 'Trans-Pol', name: null },
    });
    expect(order).toEqual({
      type: 'order',
      uuid: O,
      label: 'Zlecenie 3/11/2026',
      detail: 'Stal · Gdańsk → Praga · Trans-Pol',
    });
    const query = queryEntry({
      uuid: Q,
      id: 12,
      cargo: 'Palety',
      loadingCity: null,
      unloadingCity: null,
      customer: null,
    });
    expect(query).toMatchObject({ type: 'query', label: 'Zapytanie #12: Palety', detail: null });
  });

  it("finds a task's query or order", () => {
    const base = {
      '@id': `/api/queries/${Q}`,
      uuid: Q,
      id: 12,
      cargo: 'Palety',
      loadingCity: 'Łódź',
      unloadingCity: 'Berlin',
      customer: 'ACME',
    };
    expect(taskEntry({ queryEntity: base, orderEntity: null })).toMatchObject({
      type: 'query',
      uuid: Q,
      label: 'Zapytanie #12: Palety, Łódź → Berlin',
      detail: 'ACME',
    });
    expect(
      taskEntry({
        queryEntity: null,
        orderEntity: { ...base, '@id': `/api/orders/${O}`, uuid: O, number: '1/11/2026' },
      }),
    ).toMatchObject({ type: 'order', uuid: O, label: 'Zlecenie 1/11/2026' });
    expect(taskEntry({ queryEntity: null, orderEntity: null })).toBeNull();
  });
});
