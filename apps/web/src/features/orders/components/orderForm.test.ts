import { ORDER_PAYLOAD_KEYS, type Order, validationMessages } from '@spedycja/domain';
import { describe, expect, it } from 'vitest';
import {
  buildCreatePayload,
  buildUpdatePayload,
  emptyOrderForm,
  type OrderFormValues,
  orderToForm,
  validateOrderForm,
} from './orderForm.ts';

const OWNER = '7d2f0a52-8f0e-4b7a-9d3e-2f6a1c9b0e11';
const customer = {
  '@id': '/api/customers/0b6f8e4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f',
  uuid: '0b6f8e4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f',
  companyName: 'Żabka Logistyka',
  name: null,
  nip: '5260250274',
};
const carrier = {
  '@id': '/api/carriers/5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  uuid: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  companyName: 'Przewozy Gęś',
  name: 'Łukasz Gęś',
  nip: null,
};

const filled = (patch: Partial<OrderFormValues> = {}): OrderFormValues => ({
  ...emptyOrderForm({ ownerUuid: OWNER, euroExchangeRate: 430 }),
  customer,
  carrier,
  cargo: '  Meble, 33 palety ',
  cargoLength: 1360,
  loadingCity: 'Poznań',
  loadingCountry: 'PL',
  loadingDate: '2026-12-07',
  unloadingCity: 'Lyon',
  unloadingCountry: 'FR',
  unloadingDate: '2026-12-09',
  customerPrice: 1250000,
  carrierPrice: 210000,
  carrierPriceCurrency: 'eur',
  carrierDateOfPaymentString: 'po rozladunku',
  customerDateOfPayment: '2027-01-06',
  driverPhone: '700 800 900',
  ...patch,
});

describe('the create payload (SPEC §5: every field, null when missing)', () => {
  it('sends each field of an order once, the parties and the owner as IRIs', () => {
    const payload = buildCreatePayload(filled());
    expect(payload).not.toBeNull();
    expect(Object.keys(payload ?? {}).sort()).toEqual(
      [...ORDER_PAYLOAD_KEYS, 'sendMailToCustomer', 'sendMailToCarrier'].sort(),
    );
    expect(payload).toMatchObject({
      user: `/api/users/${OWNER}`,
      customer: customer['@id'],
      carrier: carrier['@id'],
      cargo: 'Meble, 33 palety',
      cargoLength: 1360,
      cargoWidth: null,
      loadingStreetAddress: null,
      loadingDate: '2026-12-07',
      status: 'aktywne',
      loadingType: 'brak informacji',
      customerPriceCurrency: 'pln',
      carrierPriceCurrency: 'eur',
      customerDateOfPayment: '2027-01-06',
      customerDateOfPaymentString: null,
      carrierDateOfPayment: null,
      carrierDateOfPaymentString: 'po rozladunku',
      carrierAcquiredBy: null,
      euroExchangeRate: 430,
      driverPhonePrefix: '48',
      driverPhone: '700800900',
      showInCalendar: true,
      customerPaid: false,
      sendMailToCustomer: false,
      sendMailToCarrier: false,
    });
  });

  it('asks the server to e-mail the document to the ticked parties', () => {
    expect(buildCreatePayload(filled(), { customer: true, carrier: false })).toMatchObject({
      sendMailToCustomer: true,
      sendMailToCarrier: false,
    });
  });

  it('builds nothing from invalid values, and says why on the fields', () => {
    const bad = filled({ unloadingDate: '2026-12-01', carrierPrice: Number.NaN, driverPhone: '12ab' });
    expect(buildCreatePayload(bad)).toBeNull();
    expect(validateOrderForm('create')(bad)).toMatchObject({
      unloadingDate: validationMessages.loadingAfterUnloading,
      carrierPrice: validationMessages.numeric,
      driverPhone: validationMessages.numeric,
    });
  });

  it('refuses a half-typed order, naming every field it cannot be saved without', () => {
    expect(buildCreatePayload(emptyOrderForm())).toBeNull();
    const required = validationMessages.required;
    expect(validateOrderForm('create')(emptyOrderForm())).toEqual({
      customer: required,
      cargo: required,
      loadingCity: required,
      loadingCountry: required,
      loadingDate: required,
      unloadingCity: required,
      unloadingCountry: required,
      unloadingDate: required,
      customerPrice: required,
    });
    // The carrier, the driver and the rest may come later.
    expect(buildCreatePayload(filled({ carrier: null, carrierPrice: null }))).toMatchObject({ carrier: null });
  });
});

describe('the update payload', () => {
  const loaded = filled();

  it('sends only what changed (null when cleared), and nothing while a required field is emptied', () => {
    const changed = { ...loaded, carrierPrice: 225000, trailer: '', carrier: null };
    expect(buildUpdatePayload(loaded, changed)).toEqual({ carrierPrice: 225000, carrier: null });
    expect(buildUpdatePayload(loaded, loaded)).toEqual({});
    expect(buildUpdatePayload(loaded, { ...loaded, cargo: '' })).toBeNull();
  });

  it("marks the document as sent with 'Zapisz i oznacz jako wysłane'", () => {
    expect(buildUpdatePayload(loaded, loaded, { customer: true, carrier: true })).toEqual({
      mailSentToCustomer: true,
      mailSentToCarrier: true,
    });
    expect(buildUpdatePayload(loaded, { ...loaded, truck: 'PO 1' }, { customer: false, carrier: true })).toEqual({
      truck: 'PO 1',
      mailSentToCarrier: true,
    });
  });

  it('reads a loaded order back into the form unchanged', () => {
    const order = {
      ...Object.fromEntries(ORDER_PAYLOAD_KEYS.map((k) => [k, null])),
      status: 'zakonczone',
      user: { '@id': `/api/users/${OWNER}`, uuid: OWNER, name: 'Admin', login: 'admin' },
      customer: {
        ...customer,
        phonePrefix: '48',
        phone: null,
        email: null,
        streetAddress: null,
        postalCode: null,
        city: null,
        country: null,
        language: 'Polski',
      },
      carrier: null,
      cargo: 'Palety',
      loadingCity: 'Poznań',
      loadingCountry: 'PL',
      loadingDate: '2026-12-07T00:00:00.000Z',
      unloadingCity: 'Lyon',
      unloadingCountry: 'FR',
      unloadingDate: '2026-12-09T00:00:00.000Z',
      customerPrice: 1250000,
      loadingType: 'z rampy',
      customerPriceCurrency: 'pln',
      carrierPriceCurrency: 'pln',
      driverPhonePrefix: '49',
      loadingFinished: true,
      unloadingFinished: false,
      showInCalendar: false,
      customerPaid: true,
      customerPaidConfirmed: false,
      carrierPaid: false,
      carrierPaidConfirmed: false,
      carrierIsPayer: false,
      driverPicksUpMoney: true,
      customerDateOfPaymentString: 'przed rozladunkiem',
    } as unknown as Order;
    const form = orderToForm(order);
    expect(form).toMatchObject({
      status: 'zakonczone',
      user: `/api/users/${OWNER}`,
      customer,
      carrier: null,
      loadingDate: '2026-12-07',
      cargo: 'Palety',
      trailer: '',
      driverPhonePrefix: '49',
      showInCalendar: false,
      customerDateOfPaymentString: 'przed rozladunkiem',
    });
    expect(buildUpdatePayload(form, form)).toEqual({});
  });
});
