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

/** The seller on invoices (the company's own data; the NIP is valid). */
export const VENDOR = {
  vendorName: 'Spedycja Przykład Sp. z o.o.',
  vendorNip: '5260250274',
  vendorStreetAddress: 'ul. Transportowa 1',
  vendorPostalCode: '00-001',
  vendorCity: 'Warszawa',
} as const;

/** The buyer on invoices, as the invoice keeps it. */
export const BUYER = {
  customerName: 'Żabka Logistyka Sp. z o.o.',
  customerNip: '7831672591',
  customerStreetAddress: 'ul. Święty Marcin 1',
  customerPostalCode: '61-131',
  customerCity: 'Poznań',
  customerCountry: 'PL',
  customerEmail: 'faktury@zabka.example',
} as const;

/** 'YYYY-MM' of this month (invoices are numbered per month). */
export const thisMonth = () => new Date().toISOString().slice(0, 7);

/** A VAT invoice in PLN with one position, for `customer` (an IRI, or null for none); tests spread their own fields over it. */
export const invoiceOf = (customer: string | null, fields: Record<string, unknown> = {}) => ({
  type: 'vat',
  description: 'Faktura testowa',
  createdDate: `${thisMonth()}-05`,
  saleDate: `${thisMonth()}-03`,
  paymentDate: `${thisMonth()}-25`,
  paymentMethod: 'przelew',
  currency: 'pln',
  ...VENDOR,
  ...BUYER,
  ...(customer ? { customer } : {}),
  invoicePositions: [{ title: 'Usługa transportu', amount: 1, unit: 'usł.', netto: 350000, vatRate: 2300 }],
  ...fields,
});

type Injector = {
  inject(options: {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    headers?: Record<string, string>;
    payload?: object;
  }): PromiseLike<{ statusCode: number; body: string; json(): unknown }>;
};

/** A record as the API answers a create: its IRI, UUID, id and the rest. */
export type Created = { '@id': string; uuid: string; id: number; version: number } & Record<string, unknown>;

/**
 * Test factories: each creates one record through the API as `token`'s user (201 or the test fails with the answer)
 * and returns it. Every body differs (a sequence number), since the same POST again within seconds is taken for a
 * double click. A query, an order and an invoice get a new customer unless one is given.
 */
export function factories(app: Injector, token: string) {
  let seq = 0;
  const post = async (url: string, payload: object): Promise<Created> => {
    const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
    if (res.statusCode !== 201) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Created;
  };
  const customerIri = async (fields: Record<string, unknown>) =>
    typeof fields.customer === 'string' ? fields.customer : (await make.customer())['@id'];
  const make = {
    customer: (fields: Record<string, unknown> = {}) =>
      post('/api/customers', { ...CUSTOMER, companyName: `${CUSTOMER.companyName} ${++seq}`, ...fields }),
    carrier: (fields: Record<string, unknown> = {}) =>
      post('/api/carriers', { companyName: `Przewoźnik Testowy ${++seq}`, country: 'PL', ...fields }),
    query: async (fields: Record<string, unknown> = {}) =>
      post('/api/queries', queryOf(await customerIri(fields), { cargo: `Palety ${++seq}`, ...fields })),
    order: async (fields: Record<string, unknown> = {}) =>
      post('/api/orders', orderOf(await customerIri(fields), { cargo: `Palety ${++seq}`, ...fields })),
    invoice: async (fields: Record<string, unknown> = {}) =>
      post(
        '/api/invoices',
        invoiceOf(await customerIri(fields), { description: `Faktura testowa ${++seq}`, ...fields }),
      ),
    /** A user (ROLE_USER unless roles are given) and a token of theirs from a login. */
    user: async (fields: Record<string, unknown> = {}) => {
      const n = ++seq;
      const login = (fields.login as string | undefined) ?? `uzytkownik${n}`;
      const password = (fields.plainPassword as string | undefined) ?? `Haslo-Testowe-${n}-x`;
      const user = await post('/api/users', {
        login,
        name: `Użytkownik ${n}`,
        plainPassword: password,
        roles: ['ROLE_USER'],
        ...fields,
      });
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: login, password } });
      if (res.statusCode !== 200) throw new Error(`login ${login}: ${res.statusCode} ${res.body}`);
      return { ...user, login, password, token: (res.json() as { token: string }).token };
    },
  };
  return make;
}
