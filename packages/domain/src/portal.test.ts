import { describe, expect, it } from 'vitest';
import { portalFigureMessages, portalInvoiceFiguresSchema } from './portal.ts';

describe("the carrier's invoice figures typed with its PDF (issue 38)", () => {
  it('keeps the number trimmed, the date, the gross in grosze; empty fields are absent', () => {
    expect(
      portalInvoiceFiguresSchema.parse({
        invoiceNumber: ' FV 1/11/2026 ',
        invoiceIssueDate: '2026-11-20',
        invoiceGrossAmount: '1 230,5',
      }),
    ).toEqual({ invoiceNumber: 'FV 1/11/2026', invoiceIssueDate: '2026-11-20', invoiceGrossAmount: 123_050 });
    expect(
      portalInvoiceFiguresSchema.parse({ invoiceNumber: '', invoiceIssueDate: ' ', invoiceGrossAmount: '' }),
    ).toEqual({});
  });

  it('refuses a date that is no day and an amount that is no positive number, in Polish', () => {
    const date = portalInvoiceFiguresSchema.safeParse({ invoiceIssueDate: '2026-02-30' });
    expect(date.error?.issues[0]).toMatchObject({
      path: ['invoiceIssueDate'],
      message: portalFigureMessages.invoiceDateInvalid,
    });
    for (const amount of ['dużo', '0', '-5']) {
      const parsed = portalInvoiceFiguresSchema.safeParse({ invoiceGrossAmount: amount });
      expect(parsed.error?.issues[0]?.message).toBe(portalFigureMessages.invoiceAmountInvalid);
    }
  });
});
