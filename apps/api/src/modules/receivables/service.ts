import {
  type BookedPaymentMethod,
  type OrderStatus,
  receivablesMessages,
  statusAfterUnloading,
} from '@spedycja/domain';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { carrierInvoiceOrders, carrierInvoices, invoices, orders, payments } from '../../db/schema/index.ts';
import { refreshCarrierInvoice, refreshOrderCarrierPaidFromInvoices } from '../payables/service.ts';

/**
 * Issue 26: booking money in (on invoices) and out (to carriers), and what follows from it, in the caller's
 * transaction: the invoice's paid/due figures, its order's 'Klient opłacił' (the order's VAT invoices, with their
 * corrections, paid in full) and 'Przewoźnik opłacony' (the carrier's price paid).
 *
 * Issue 38: both sides are one ledger (`payments`: a direction, a counterparty, a document) and one code path —
 * `bookPayment` and `cancelPayment` — whatever the document: our invoice ('in'), a carrier's invoice or, as before
 * carriers' invoices were kept, an order's carrier ('out'). What follows is refreshed by the document's kind.
 */

export type PaymentInput = {
  date: string;
  amount: number;
  currency: string;
  method: BookedPaymentMethod;
  note?: string | null;
  userId?: number | null;
  statementLineId?: number | null;
  transferLineId?: number | null;
};

/** The document a payment settles: one of our invoices, a carrier's invoice, or an order's carrier. */
export type PaymentTarget = { invoiceId: number } | { carrierInvoiceId: number } | { orderId: number };
type PaymentRow = typeof payments.$inferSelect;

/** What follows from a payment booked or cancelled, by its document. */
async function refreshTarget(tx: DbOrTx, row: Pick<PaymentRow, 'invoiceId' | 'carrierInvoiceId' | 'orderId'>) {
  if (row.invoiceId) await refreshInvoicePaid(tx, row.invoiceId);
  if (row.carrierInvoiceId) await refreshCarrierInvoice(tx, row.carrierInvoiceId);
  if (row.orderId) await refreshOrderCarrierPaid(tx, row.orderId);
}

/** THE booking of money in or out: the ledger's row (with its direction and counterparty) and what follows. */
export async function bookPayment(tx: DbOrTx, target: PaymentTarget, input: PaymentInput): Promise<PaymentRow> {
  let party: { direction: 'in' | 'out'; customerId?: number | null; carrierId?: number | null };
  if ('invoiceId' in target) {
    const [invoice] = await tx
      .select({ customerId: invoices.customerId })
      .from(invoices)
      .where(eq(invoices.id, target.invoiceId));
    party = { direction: 'in', customerId: invoice?.customerId ?? null };
  } else if ('carrierInvoiceId' in target) {
    const [invoice] = await tx
      .select({ carrierId: carrierInvoices.carrierId })
      .from(carrierInvoices)
      .where(eq(carrierInvoices.id, target.carrierInvoiceId));
    if (!invoice) throw new Error(`carrier invoice ${target.carrierInvoiceId} not found`);
    party = { direction: 'out', carrierId: invoice.carrierId };
  } else {
    const [order] = await tx.select({ carrierId: orders.carrierId }).from(orders).where(eq(orders.id, target.orderId));
    if (!order) throw new Error(`order ${target.orderId} not found`);
    party = { direction: 'out', carrierId: order.carrierId };
  }
  const [row] = await tx
    .insert(payments)
    .values({
      direction: party.direction,
      invoiceId: 'invoiceId' in target ? target.invoiceId : null,
      carrierInvoiceId: 'carrierInvoiceId' in target ? target.carrierInvoiceId : null,
      orderId: 'orderId' in target ? target.orderId : null,
      customerId: party.customerId ?? null,
      carrierId: party.carrierId ?? null,
      date: input.date,
      amount: input.amount,
      currency: input.currency,
      method: input.method,
      note: input.note ?? null,
      statementLineId: input.statementLineId ?? null,
      transferLineId: input.transferLineId ?? null,
      createdById: input.userId ?? null,
    })
    .returning();
  await refreshTarget(tx, row as PaymentRow);
  return row as PaymentRow;
}

/** THE cancellation: the row is kept with its reason; false when it was cancelled already (or is not that side's). */
export async function cancelPayment(
  tx: DbOrTx,
  paymentId: number,
  reason: string,
  direction?: 'in' | 'out',
): Promise<boolean> {
  const [row] = await tx
    .update(payments)
    .set({ cancelledAt: sql`now()`, cancelReason: reason })
    .where(
      and(
        eq(payments.id, paymentId),
        isNull(payments.cancelledAt),
        direction ? eq(payments.direction, direction) : undefined,
      ),
    )
    .returning({
      invoiceId: payments.invoiceId,
      carrierInvoiceId: payments.carrierInvoiceId,
      orderId: payments.orderId,
    });
  if (!row) return false;
  await refreshTarget(tx, row);
  return true;
}

/** The invoice whose figures a payment on `invoiceId` settles: a corrective settles through the invoice it corrects. */
async function familyRoot(tx: DbOrTx, invoiceId: number): Promise<number> {
  const [row] = await tx
    .select({ type: invoices.type, corrected: invoices.correctedInvoiceId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return row?.type === 'corrective' && row.corrected ? row.corrected : invoiceId;
}

/**
 * Recomputes an invoice's paid amount, what is due and the paid flag (and its corrections', and its order's flag)
 * from the live payments. The invoice row is locked first, so that two bookings on one invoice count each other.
 */
export async function refreshInvoicePaid(tx: DbOrTx, invoiceId: number): Promise<void> {
  const root = await familyRoot(tx, invoiceId);
  const members = or(eq(invoices.id, root), eq(invoices.correctedInvoiceId, root));
  // The rows locked first (two bookings on one invoice count each other), then their sums read.
  await tx.select({ id: invoices.id }).from(invoices).where(members).orderBy(invoices.id).for('update');
  const family = await tx
    .select({
      id: invoices.id,
      type: invoices.type,
      orderId: invoices.orderId,
      gross: invoices.totalGross,
      paidAmount: sql<string>`coalesce(sum(${payments.amount}), 0)`,
      lastDate: sql<string | null>`max(${payments.date})::text`,
    })
    .from(invoices)
    .leftJoin(payments, and(eq(payments.invoiceId, invoices.id), isNull(payments.cancelledAt)))
    .where(members)
    .groupBy(invoices.id)
    .orderBy(invoices.id);
  const head = family.find((f) => f.id === root);
  if (!head) return;
  if (head.type === 'proforma') {
    // A ProForma is not settled by payments; its paid flag stays the user's.
    await tx
      .update(invoices)
      .set({ paidAmount: Number(head.paidAmount) })
      .where(eq(invoices.id, root));
    return;
  }
  const gross = family.reduce((s, f) => s + Number(f.gross), 0);
  const paidSum = family.reduce((s, f) => s + Number(f.paidAmount), 0);
  const due = Math.max(0, gross - paidSum);
  const paid = gross > 0 && due === 0;
  const paidDate = paid
    ? (family
        .map((f) => f.lastDate)
        .filter((d): d is string => !!d)
        .sort()
        .at(-1) ?? null)
    : null;
  for (const member of family) {
    await tx
      .update(invoices)
      .set({
        paidAmount: Number(member.paidAmount),
        dueAmount: member.id === root ? due : 0,
        paid,
        paidDate,
      })
      .where(eq(invoices.id, member.id));
  }
  if (head.orderId) await refreshOrderCustomerPaid(tx, head.orderId);
}

/**
 * 'Klient opłacił' of an order with a VAT invoice: every VAT invoice of it paid (with its corrections). An order
 * without one keeps the flag as set by hand.
 */
export async function refreshOrderCustomerPaid(tx: DbOrTx, orderId: number): Promise<void> {
  const vat = await tx
    .select({ paid: invoices.paid, paidDate: invoices.paidDate })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.type, 'vat')));
  if (vat.length === 0) return;
  const paid = vat.every((v) => v.paid);
  const paidDate = paid
    ? (vat
        .map((v) => v.paidDate ?? '')
        .sort()
        .at(-1) ??
        null) ||
      null
    : null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || (order.customerPaid === paid && order.customerPaidDate === paidDate)) return;
  await tx
    .update(orders)
    .set({
      customerPaid: paid,
      customerPaidDate: paidDate,
      status: statusAfterUnloading(order.status as OrderStatus, order.unloadingFinished, paid),
    })
    .where(eq(orders.id, orderId));
}

/** Whether an order's 'Klient opłacił' follows its invoices (it has a VAT invoice) rather than a hand-set flag. */
export async function customerPaidFollowsInvoices(tx: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.type, 'vat')))
    .limit(1);
  return !!row;
}

/** Books money received on an invoice; the invoice's and its order's figures follow. */
export const bookInvoicePayment = (tx: DbOrTx, invoiceId: number, input: PaymentInput) =>
  bookPayment(tx, { invoiceId }, input);

/** Cancels a booked receipt (kept with its reason); false when it was cancelled already. */
export const cancelInvoicePayment = (tx: DbOrTx, paymentId: number, reason: string) =>
  cancelPayment(tx, paymentId, reason, 'in');

/** Everything still due on an invoice marked paid by hand becomes one payment; unmarking cancels its payments. */
export async function setInvoicePaidByHand(
  tx: DbOrTx,
  invoiceId: number,
  paid: boolean,
  date: string,
  userId: number | null,
): Promise<void> {
  const root = await familyRoot(tx, invoiceId);
  await refreshInvoicePaid(tx, root);
  const [head] = await tx.select().from(invoices).where(eq(invoices.id, root));
  if (!head || head.type === 'proforma') return;
  if (paid && head.dueAmount > 0) {
    await bookInvoicePayment(tx, root, {
      date,
      amount: head.dueAmount,
      currency: head.currency,
      method: 'przelew',
      note: receivablesMessages.markedPaidNote,
      userId,
    });
  } else if (!paid) {
    const live = await tx
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(or(eq(invoices.id, root), eq(invoices.correctedInvoiceId, root)), isNull(payments.cancelledAt)));
    for (const p of live) {
      await tx
        .update(payments)
        .set({ cancelledAt: sql`now()`, cancelReason: receivablesMessages.markedUnpaidReason })
        .where(eq(payments.id, p.id));
    }
    await refreshInvoicePaid(tx, root);
  }
}

// ---- The carrier's side ----

/**
 * 'Przewoźnik opłacony': with carriers' invoices covering the order, they decide (each paid in full); without, the
 * live payments booked on the order cover the carrier's price (in its currency).
 */
export async function carrierInvoicesOf(tx: DbOrTx, orderId: number): Promise<boolean> {
  const [covered] = await tx
    .select({ id: carrierInvoiceOrders.carrierInvoiceId })
    .from(carrierInvoiceOrders)
    .innerJoin(carrierInvoices, eq(carrierInvoices.id, carrierInvoiceOrders.carrierInvoiceId))
    .where(
      and(
        eq(carrierInvoiceOrders.orderId, orderId),
        eq(carrierInvoices.type, 'vat'),
        eq(carrierInvoices.deletionReason, 0),
      ),
    )
    .limit(1);
  return !!covered;
}

export async function refreshOrderCarrierPaid(tx: DbOrTx, orderId: number): Promise<void> {
  if (await carrierInvoicesOf(tx, orderId)) {
    await refreshOrderCarrierPaidFromInvoices(tx, orderId);
    return;
  }
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return;
  const [sum] = await tx
    .select({
      amount: sql<string>`coalesce(sum(${payments.amount}), 0)`,
      last: sql<string | null>`max(${payments.date})::text`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        isNull(payments.cancelledAt),
        eq(payments.currency, order.carrierPriceCurrency),
      ),
    );
  const paidSum = Number(sum?.amount ?? 0);
  const price = order.carrierPrice ?? 0;
  const paid = paidSum > 0 && paidSum >= price;
  const paidDate = paid ? (sum?.last ?? null) : null;
  if (order.carrierPaid === paid && order.carrierPaidDate === paidDate) return;
  await tx.update(orders).set({ carrierPaid: paid, carrierPaidDate: paidDate }).where(eq(orders.id, orderId));
}

/**
 * A payment to an order's carrier (the cockpit's 'opłacone', POST /api/carrier_payments, a bank statement's debit):
 * the ledger's row and the order's flag. The white-list check before paying is the caller's, explicitly
 * (`checkCarrierPayment` of modules/verification/payment.ts, before this), so that its refusal can be answered
 * the caller's way: a 409 for one payment, a refused line of a bank statement.
 */
export const bookCarrierPayment = (tx: DbOrTx, orderId: number, input: PaymentInput) =>
  bookPayment(tx, { orderId }, input);

/** A payment on a carrier's invoice (a transfer batch's line, a statement's debit, by hand). */
export const bookCarrierInvoicePayment = (tx: DbOrTx, carrierInvoiceId: number, input: PaymentInput) =>
  bookPayment(tx, { carrierInvoiceId }, input);

export const cancelCarrierPayment = (tx: DbOrTx, paymentId: number, reason: string) =>
  cancelPayment(tx, paymentId, reason, 'out');
