import { describe, expect, it } from 'vitest';
import {
  buildInvoicePayload,
  draftToForm,
  emptyInvoiceForm,
  emptyPosition,
  positionsPreview,
  validateInvoiceForm,
} from './invoiceForm.ts';
import { currentMonth, monthParams } from './monthFilter.tsx';

const settings = {
  companyName: 'Spedycja Przykład Sp. z o.o.',
  companyNip: '5260250274',
  companyStreetAddress: 'ul. Transportowa 1',
  companyPostalCode: '00-001',
  companyCity: 'Warszawa',
  companyBankAccount: 'PL61109010140000071219812874',
};

const filled = () => ({
  ...emptyInvoiceForm('vat', settings, '2026-11-24'),
  paymentDate: '2026-12-24',
  customerName: 'Żabka Logistyka Sp. z o.o.',
  customerNip: '783-167-25-91',
  customerStreetAddress: 'ul. Święty Marcin 1',
  customerPostalCode: '61-131',
  customerCity: 'Poznań',
  invoicePositions: [
    { key: 'a', title: 'Usługa transportu', amount: '1250', unit: 'km', netto: 350, vatRate: '2300' },
    { key: 'b', title: 'Opłata', amount: '1', unit: 'usł.', netto: 12_345, vatRate: '-100' },
  ],
});

describe('the invoice form', () => {
  it('starts with the seller from the settings, today and one position', () => {
    const form = emptyInvoiceForm('proforma', settings, '2026-11-24');
    expect(form).toMatchObject({
      type: 'proforma',
      vendorName: 'Spedycja Przykład Sp. z o.o.',
      vendorNip: '5260250274',
      createdDate: '2026-11-24',
      paymentMethod: 'przelew',
      currency: 'pln',
    });
    expect(form.invoicePositions).toHaveLength(1);
  });

  it('says an empty position price or quantity is missing, not that it is not a number (issue 34)', () => {
    const form = emptyInvoiceForm('vat', settings, '2026-11-24');
    const empty = {
      ...form,
      invoicePositions: [{ ...emptyPosition(), title: 'Transport', amount: '', netto: null }],
    };
    const errors = validateInvoiceForm(empty);
    expect(errors['invoicePositions.0.netto']).toBe('To pole nie może być puste!');
    expect(errors['invoicePositions.0.amount']).toBe('To pole nie może być puste!');
    const typed = { ...empty, invoicePositions: [{ ...emptyPosition(), amount: 'x', netto: Number.NaN }] };
    expect(validateInvoiceForm(typed)['invoicePositions.0.netto']).toBe('To pole może zawierać jedynie liczbę!');
    expect(validateInvoiceForm(typed)['invoicePositions.0.amount']).toBe('To pole może zawierać jedynie liczbę!');
  });

  it('names every required field of SPEC §5 while it is empty, and the corrective’s two', () => {
    const errors = validateInvoiceForm(emptyInvoiceForm('corrective', settings, '2026-11-24'));
    for (const field of [
      'paymentDate',
      'customerName',
      'customerNip',
      'customerStreetAddress',
      'customerPostalCode',
      'customerCity',
      'correctionReason',
      'correctedDocumentNumber',
    ]) {
      expect(errors[field], field).toBe('To pole nie może być puste!');
    }
    expect(buildInvoicePayload(emptyInvoiceForm('vat', settings, '2026-11-24'))).toBeNull();
  });

  it('recalculates the positions as they are typed, with the totals per rate', () => {
    const { lines, totals } = positionsPreview(filled().invoicePositions);
    expect(lines[0]).toMatchObject({ nettoValue: 437_500, vatValue: 100_625, bruttoValue: 538_125 });
    expect(lines[1]).toMatchObject({ nettoValue: 12_345, vatValue: 0, bruttoValue: 12_345 });
    expect(totals.totalGross).toBe(550_470);
    expect(
      positionsPreview([{ key: 'x', title: '', amount: 'dużo', unit: 'km', netto: 1, vatRate: '2300' }]).lines[0],
    ).toBeNull();
  });

  it('sends every field, null when missing, the NIP compact, rates and amounts as numbers', () => {
    const payload = buildInvoicePayload(filled());
    expect(payload).toMatchObject({
      type: 'vat',
      number: null,
      customerNip: '783-167-25-91',
      customerEmail: null,
      exchangeRate: null,
      invoicePositions: [
        { title: 'Usługa transportu', amount: 1250, unit: 'km', netto: 350, vatRate: 2300 },
        { title: 'Opłata', amount: 1, unit: 'usł.', netto: 12_345, vatRate: -100 },
      ],
    });
  });

  it('needs the rate of an EUR invoice, typed with a comma or a dot', () => {
    const eur = { ...filled(), currency: 'eur' };
    expect(validateInvoiceForm(eur).exchangeRate).toBe('To pole nie może być puste!');
    expect(buildInvoicePayload({ ...eur, exchangeRate: '4,3215' })?.exchangeRate).toBe(43_215);
    expect(buildInvoicePayload({ ...eur, exchangeRate: '4.3' })?.exchangeRate).toBe(43_000);
  });

  it('fills itself from an order’s draft', () => {
    const form = draftToForm(
      {
        type: 'vat',
        createdDate: '2026-11-24',
        saleDate: '2026-11-16',
        paymentDate: '2026-12-16',
        currency: 'eur',
        customer: '/api/customers/0b7c9b2e-4a7e-4b0b-9a54-2c9e1a1f0b11',
        customerName: 'Bauhaus Logistik GmbH',
        customerNip: 'DE811569869',
        customerCountry: 'DE',
        reverseCharge: true,
        exchangeRate: 42_345,
        exchangeRateSource: 'nbp',
        exchangeRateTable: '227/A/NBP/2026',
        orderEntity: '/api/orders/1b7c9b2e-4a7e-4b0b-9a54-2c9e1a1f0b11',
        invoicePositions: [{ title: 'Usługa transportu', amount: 1, unit: 'usł.', netto: 250_000, vatRate: -100 }],
        vatNote: 'odwrotne obciążenie',
      },
      settings,
      '2026-11-24',
    );
    expect(form).toMatchObject({
      saleDate: '2026-11-16',
      customerName: 'Bauhaus Logistik GmbH',
      customer: { uuid: '0b7c9b2e-4a7e-4b0b-9a54-2c9e1a1f0b11' },
      exchangeRate: '4,2345',
      reverseCharge: true,
      vendorName: settings.companyName,
    });
    expect(form.invoicePositions[0]).toMatchObject({ amount: '1', netto: 250_000, vatRate: '-100' });
  });
});

describe('the month chooser', () => {
  it('starts at the current month, not January, and asks for its issue dates', () => {
    expect(currentMonth(new Date(2026, 10, 24))).toBe('2026-11-01');
    expect(monthParams('2026-02-01')).toEqual({
      'createdDate[after]': '2026-02-01',
      'createdDate[before]': '2026-02-28',
    });
    expect(monthParams(null)).toEqual({});
  });
});
