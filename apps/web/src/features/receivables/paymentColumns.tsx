import { type CarrierPayment, formatDate, formatMoney, type InvoicePayment } from '@spedycja/domain';
import type { PaymentColumn } from '../../components/PaymentsTable.tsx';
import { paymentsUiMessages as t } from './messages.ts';

/** The ledger's columns both sides share: when, how much, how, the note, who booked it. */
const common = <T extends InvoicePayment | CarrierPayment>(): PaymentColumn<T>[] => [
  { id: 'date', header: t.columns.date, cell: (p) => formatDate(p.date) },
  { id: 'amount', header: t.columns.amount, cell: (p) => formatMoney(p.amount, p.currency) },
  { id: 'method', header: t.columns.method, cell: (p) => t.methods[p.method] },
  { id: 'note', header: t.columns.note, cell: (p) => p.note ?? '' },
  { id: 'by', header: t.columns.by, cell: (p) => p.createdBy?.name ?? '' },
];

/** Receipts on one of our invoices. */
export const receiptColumns: PaymentColumn<InvoicePayment>[] = common<InvoicePayment>();

/** Payments to a carrier: which document each paid (its invoice, or the order it was booked on). */
export const carrierPaymentColumns: PaymentColumn<CarrierPayment>[] = [
  ...common<CarrierPayment>().slice(0, 1),
  {
    id: 'document',
    header: t.columns.document,
    cell: (p) => p.carrierInvoice?.number ?? p.order?.number ?? '',
  },
  ...common<CarrierPayment>().slice(1),
];
