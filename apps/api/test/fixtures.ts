/**
 * The least a query or an order is saved with: the customer, the cargo and both ends of the route with their dates
 * (an order also needs the customer's price). Tests spread their own fields over these.
 */
export const SHIPMENT = {
  cargo: 'Palety',
  loadingCity: 'Poznań',
  loadingCountry: 'PL',
  loadingDate: '2026-12-01',
  unloadingCity: 'Berlin',
  unloadingCountry: 'DE',
  unloadingDate: '2026-12-02',
} as const;

export const CUSTOMER = { companyName: 'Klient Testowy Sp. z o.o.', city: 'Poznań', country: 'PL' } as const;

export const queryOf = (customer: string, fields: Record<string, unknown> = {}) => ({
  ...SHIPMENT,
  customer,
  ...fields,
});

export const orderOf = (customer: string, fields: Record<string, unknown> = {}) => ({
  ...SHIPMENT,
  customer,
  customerPrice: 350000,
  customerPriceCurrency: 'pln',
  ...fields,
});
