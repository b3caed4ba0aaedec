import type { Offer } from '@spedycja/domain';
import { describe, expect, it } from 'vitest';
import { emptyOfferForm, offerPayload, offerToForm, parseOfferPayload, validateOfferForm } from './offerForm.ts';

const QUERY = '/api/queries/6b81f04e-d7a4-4a5d-a3ac-3bb106cb0431';
const CARRIER = {
  '@id': '/api/carriers/1c6f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f',
  uuid: '1c6f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f',
  companyName: 'Trans-Pol',
  name: null,
  nip: null,
};

describe('the offer payload', () => {
  it('sends the query and carrier as IRIs, the price in hundredths, blanks as null', () => {
    const values = { ...emptyOfferForm(), carrier: CARRIER, price: 150050, phone: ' ' };
    expect(offerPayload(values, QUERY)).toEqual({
      query: QUERY,
      carrier: CARRIER['@id'],
      acquiredBy: 'brak',
      currency: 'pln',
      price: 150050,
      email: null,
      phonePrefix: '48',
      phone: null,
    });
    expect(parseOfferPayload('create', values, QUERY)).toMatchObject({ price: 150050, carrier: CARRIER['@id'] });
  });

  it('needs a price and a valid e-mail', () => {
    const errors = validateOfferForm('create', QUERY)({ ...emptyOfferForm(), email: 'nie-mail' });
    expect(errors.price).toBe('To pole nie może być puste!');
    expect(errors.email).toBe('Podany adres e-mail jest niepoprawny!');
  });

  it('edits without sending the query', () => {
    const offer = {
      carrier: { ...CARRIER, phonePrefix: '48', phone: null, email: null },
      price: 99000,
      currency: 'eur',
      acquiredBy: 'trans',
      email: 'a@b.pl',
      phonePrefix: '48',
      phone: '600100200',
    } as unknown as Offer;
    const payload = offerPayload(offerToForm(offer), null);
    expect(payload).not.toHaveProperty('query');
    expect(payload).toMatchObject({ carrier: CARRIER['@id'], currency: 'eur', price: 99000, acquiredBy: 'trans' });
  });
});
