import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/apiClient.ts';
import { placeOfferErrorMessage } from './PlaceOfferModal.tsx';
import { emptyPublicOfferForm, parsePublicOffer, priceToMinorUnits, validatePublicOffer } from './publicOfferForm.ts';
import { verificationErrorMessage } from './VerifyOfferPage.tsx';

const QUERY = '/api/queries/6b81f04e-d7a4-4a5d-a3ac-3bb106cb0431';

describe('the public offer form', () => {
  it('sends the price typed as a decimal in minor units', () => {
    expect(priceToMinorUnits('1500')).toBe(150000);
    expect(priceToMinorUnits('1500,5')).toBe(150050);
    expect(priceToMinorUnits('1 500.55')).toBe(150055);
    expect(priceToMinorUnits('')).toBeNull();
    expect(priceToMinorUnits('abc')).toBeNaN();
  });

  it('builds the payload with the query IRI, prefix 48 and pln by default', () => {
    const values = { ...emptyPublicOfferForm(), email: ' jan@firma.pl ', phone: '600 100 200', price: '1500,50' };
    expect(parsePublicOffer(values, QUERY)).toEqual({
      query: QUERY,
      email: 'jan@firma.pl',
      phonePrefix: '48',
      phone: '600100200',
      price: 150050,
      currency: 'pln',
    });
  });

  it('checks the SPEC §5 rules: e-mail, phone 5–15 digits, price', () => {
    const check = validatePublicOffer(QUERY);
    expect(check(emptyPublicOfferForm())).toMatchObject({
      email: 'To pole nie może być puste!',
      phone: 'To pole nie może być puste!',
      price: 'To pole nie może być puste!',
    });
    expect(check({ ...emptyPublicOfferForm(), email: 'zly-adres', phone: '1234', price: 'x' })).toMatchObject({
      email: 'Podany adres e-mail jest niepoprawny!',
      phone: 'To pole musi zawierać minimum 5 znaków!',
      price: 'To pole może zawierać jedynie liczbę!',
    });
    expect(check({ ...emptyPublicOfferForm(), email: 'a@b.pl', phone: '60010020', price: '10' })).toEqual({});
  });
});

describe('public error messages', () => {
  it('shows the server detail for too many offers, the SPEC text otherwise', () => {
    expect(placeOfferErrorMessage(new ApiError(429, 'Wysłano zbyt wiele ofert.'))).toBe('Wysłano zbyt wiele ofert.');
    expect(placeOfferErrorMessage(new ApiError(500, 'x'))).toBe(
      'Wystapił błąd podczas przesyłania Twojej oferty. Spróbuj ponownie później!',
    );
    expect(placeOfferErrorMessage(new ApiError(0, null))).toBe(
      'Wystapił błąd podczas przesyłania Twojej oferty. Spróbuj ponownie później!',
    );
  });

  it('explains a bad or expired link with the server detail', () => {
    expect(verificationErrorMessage(new ApiError(410, 'Link weryfikacyjny jest nieprawidłowy lub wygasł.'))).toBe(
      'Link weryfikacyjny jest nieprawidłowy lub wygasł.',
    );
    expect(verificationErrorMessage(new ApiError(500, null))).toBe(
      'Nie udało się zweryfikować oferty. Spróbuj ponownie później.',
    );
  });
});
