import { z } from 'zod';
import { CURRENCIES } from './constants.ts';
import { validationMessages as m } from './messages.ts';
import { iriRef, optionalDate } from './shipments.ts';
import { hundredths, oneOf, optionalText, required } from './validation.ts';
import { whitelistOverrideSchema } from './verification.ts';

/**
 * Issue 26, money in: payments booked on invoices (and paid to carriers), an invoice's payment status, the balance
 * per customer.
 */

/** How money came or went. */
export const BOOKED_PAYMENT_METHODS = ['przelew', 'gotówka', 'kompensata'] as const;
export type BookedPaymentMethod = (typeof BOOKED_PAYMENT_METHODS)[number];

/** An invoice's payment state: not paid, partly paid (not yet due), paid in full, or past its date and not paid. */
export const INVOICE_PAYMENT_STATUSES = ['niezaplacona', 'czesciowo', 'zaplacona', 'po_terminie'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

export const receivablesMessages = {
  paymentBooked: 'Płatność została zaksięgowana!',
  paymentCancelled: 'Płatność została anulowana!',
  reasonRequired: 'Podaj powód anulowania płatności (co najmniej 3 znaki)!',
  alreadyCancelled: 'Ta płatność została już anulowana.',
  currencyMismatch: 'Waluta płatności musi być walutą faktury.',
  proformaNotPayable: 'Płatności księguje się na fakturze VAT, nie na fakturze ProForma.',
  invoiceRequired: 'Wskaż fakturę.',
  orderRequired: 'Wskaż zlecenie.',
  orderOrInvoiceRequired: 'Wskaż zlecenie albo fakturę przewoźnika.',
  overpaid: 'Kwota przekracza kwotę pozostałą do zapłaty.',
  noCarrier: 'Zlecenie nie ma przewoźnika.',
  customerPaidFollowsInvoice:
    "Pole 'Klient opłacił' wynika z płatności faktury VAT tego zlecenia: zaksięguj płatność na fakturze (Faktury → Płatności).",
  markedPaidNote: 'Oznaczona jako zapłacona',
  markedUnpaidReason: 'Oznaczona jako niezapłacona',
  cockpitNote: 'Oznaczone jako opłacone w kokpicie płatności',
} as const;

const paymentFields = {
  date: required(optionalDate()),
  amount: required(hundredths(1)),
  currency: oneOf(CURRENCIES).optional(),
  method: oneOf(BOOKED_PAYMENT_METHODS).default('przelew'),
  note: optionalText(500),
};

/** POST /api/invoice_payments: an amount received on an invoice, in the invoice's currency. */
export const invoicePaymentCreateSchema = z.object({
  invoice: required(iriRef('invoices')),
  ...paymentFields,
});
export type InvoicePaymentCreate = z.input<typeof invoicePaymentCreateSchema>;

/** POST /api/carrier_payments: an amount paid to an order's carrier, in the order's carrier currency. */
export const carrierPaymentCreateSchema = z.object({
  /** The order's carrier (issue 26), or — issue 38 — a carrier's invoice: one of the two. */
  order: iriRef('orders').optional(),
  carrierInvoice: iriRef('carrier_invoices').optional(),
  ...paymentFields,
  /** Paying a carrier whose account the VAT white list did not confirm (above 15 000 zł gross): the admin's reason. */
  whitelistOverride: whitelistOverrideSchema.optional(),
});
export type CarrierPaymentCreate = z.input<typeof carrierPaymentCreateSchema>;

/** DELETE /api/invoice_payments/{uuid} (and carrier_payments): a booked payment is cancelled with a reason. */
export const paymentCancelSchema = z.object({
  reason: z
    .string({ error: receivablesMessages.reasonRequired })
    .trim()
    .min(3, { error: receivablesMessages.reasonRequired })
    .max(500, { error: m.maxLength(500) }),
});
export type PaymentCancel = z.infer<typeof paymentCancelSchema>;

/** GET /api/invoice_payments: one booked payment (cancelled ones are listed with their reason). */
export type InvoicePayment = {
  '@id': string;
  '@type': 'InvoicePayment';
  uuid: string;
  version: number;
  invoice: { '@id': string; uuid: string; number: string };
  date: string;
  amount: number;
  currency: string;
  method: BookedPaymentMethod;
  note: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  createdBy: { uuid: string; name: string } | null;
  createdAt: string;
};

export type CarrierPayment = Omit<InvoicePayment, '@type' | 'invoice'> & {
  '@type': 'CarrierPayment';
  /** The order it was booked on (issue 26), or null when it pays a carrier's invoice (issue 38). */
  order: { '@id': string; uuid: string; number: string } | null;
  carrierInvoice: { '@id': string; uuid: string; number: string } | null;
};

/** What a customer owes, per currency: everything still due and the part of it past its date. */
export type CustomerBalance = {
  customer: { '@id': string; uuid: string; name: string | null };
  currencies: { currency: string; due: number; overdue: number; invoices: number; overdueInvoices: number }[];
};

/**
 * The state an invoice's figures give on a day (YYYY-MM-DD): the same rule as the SQL filter
 * (modules/receivables/filters.ts).
 */
export function invoicePaymentStatus(
  invoice: { paid: boolean; paidAmount: number; paymentDate: string | null },
  today: string,
): InvoicePaymentStatus {
  if (invoice.paid) return 'zaplacona';
  if (invoice.paymentDate && invoice.paymentDate < today) return 'po_terminie';
  return invoice.paidAmount > 0 ? 'czesciowo' : 'niezaplacona';
}

/** Whole days from one date to another (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
