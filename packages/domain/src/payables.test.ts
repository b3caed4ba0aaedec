import { describe, expect, it } from 'vitest';
import { amountDiffersMessage, carrierInvoiceCreateSchema, mppTitle, transferBatchCreateSchema } from './payables.ts';

describe('payables', () => {
  it("writes the banks' split-payment title with the VAT as 123,45", () => {
    expect(mppTitle(299_000, '5261040828', 'FV 13/11/2026', 'Zaplata za transport')).toBe(
      '/VAT/2990,00/IDC/5261040828/INV/FV 13/11/2026/TXT/Zaplata za transport',
    );
  });

  it("names the order and the difference: 'Kwota różni się od zlecenia X o Y'", () => {
    expect(amountDiffersMessage(-10_000, 'pln', '12/11/2026')).toMatch(
      /^Kwota różni się od zlecenia 12\/11\/2026 o -100,00\szł$/,
    );
  });

  it('refuses an account whose check digits fail, and keeps a good one compact', () => {
    const base = {
      carrier: '/api/carriers/7b0c4d3e-0000-4000-8000-000000000000',
      number: 'FV 1',
      issueDate: '2026-11-20',
      netAmount: 100,
      vatAmount: 23,
      grossAmount: 123,
    };
    expect(
      carrierInvoiceCreateSchema.safeParse({ ...base, bankAccount: '61 1090 1014 0000 0712 1981 2875' }).success,
    ).toBe(false);
    expect(
      carrierInvoiceCreateSchema.parse({ ...base, bankAccount: 'PL61 1090 1014 0000 0712 1981 2874' }).bankAccount,
    ).toBe('PL61109010140000071219812874');
  });

  it('takes the MPP choice as a list or as a map of IRIs', () => {
    const iri = '/api/carrier_invoices/7b0c4d3e-0000-4000-8000-000000000001';
    expect(transferBatchCreateSchema.parse({ invoices: [iri], mpp: { [iri]: true } }).mpp).toEqual([iri]);
    expect(transferBatchCreateSchema.parse({ invoices: [iri], mpp: [iri] }).mpp).toEqual([iri]);
  });
});
