import { z } from 'zod';
import { decimalToHundredths } from './format.ts';
import { validationMessages as m } from './messages.ts';
import { DOCUMENT_KINDS, portalMessages } from './portalMessages.ts';
import { isRealDate } from './shipments.ts';
import { optionalText, requiredText } from './validation.ts';

export * from './portalMessages.ts';

const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** POST /api/public/portal/{token}/decline. */
export const portalDeclineSchema = z.object({
  reason: z
    .string({ error: portalMessages.reasonRequired })
    .trim()
    .min(1, { error: portalMessages.reasonRequired })
    .max(1000, { error: m.maxLength(1000) }),
});

/** PUT /api/public/portal/{token}/vehicle. */
export const portalVehicleSchema = z.object({
  driverName: requiredText(255),
  driverPhone: requiredText(32),
  truckPlate: requiredText(32),
  trailerPlate: optionalText(32),
  note: optionalText(1000),
});

/** POST /api/public/portal/{token}/events: the time defaults to now. */
export const portalEventSchema = z.object({
  type: z.enum(['loaded', 'unloaded'], { error: m.oneOf }),
  at: z
    .string()
    .regex(DATE_TIME_RE, { error: 'Podaj poprawną datę!' })
    .refine(isRealDate, { error: 'Podaj poprawną datę!' })
    .optional(),
});

/** POST /api/public/portal/{token}/invoice. */
export const portalInvoiceSchema = z.object({
  ksefNumber: z
    .string({ error: portalMessages.ksefNumberInvalid })
    .trim()
    .regex(/^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/i, { error: portalMessages.ksefNumberInvalid }),
});

export const documentKindSchema = z.enum(DOCUMENT_KINDS, { error: portalMessages.kindInvalid });

/** Kept out of portalMessages, which the carrier's page bundles whole (its 100 kB budget): the server says these. */
export const portalFigureMessages = {
  invoiceDateInvalid: 'Podaj datę wystawienia faktury (RRRR-MM-DD).',
  invoiceAmountInvalid: 'Podaj kwotę brutto faktury, np. 1234,56.',
} as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * Issue 38: what the carrier types with its invoice's PDF (multipart fields of the upload, so strings): the number,
 * the issue date and the gross amount ('1 234,56' in zł; kept in grosze). Each may be left empty; the office confirms
 * them when it saves the invoice (POST /api/carrier_invoices/from_portal/{document}).
 */
export const portalInvoiceFiguresSchema = z.object({
  invoiceNumber: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(100, { error: m.maxLength(100) })
      .optional(),
  ),
  invoiceIssueDate: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: portalFigureMessages.invoiceDateInvalid })
      .refine(isRealDate, { error: portalFigureMessages.invoiceDateInvalid })
      .optional(),
  ),
  invoiceGrossAmount: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((v, ctx) => {
        const value = decimalToHundredths(v);
        if (value === null || value <= 0 || value > 2_000_000_000) {
          ctx.addIssue({ code: 'custom', message: portalFigureMessages.invoiceAmountInvalid });
          return z.NEVER;
        }
        return value;
      })
      .optional(),
  ),
});
export type PortalInvoiceFigures = z.infer<typeof portalInvoiceFiguresSchema>;

/** POST /api/remove/{uuid} of a document: the reason is kept. */
export const documentRemoveSchema = z.object({ type: z.literal('document'), reason: requiredText(500) });

export type PortalVehicle = z.infer<typeof portalVehicleSchema>;
export type PortalEventInput = z.infer<typeof portalEventSchema>;
