import {
  type BookedPaymentMethod,
  type OrderStatus,
  receivablesMessages,
  statusAfterUnloading,
} from '@spedycja/domain';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { carrierPayments, invoicePayments, invoices, orders } from '../../db/schema/index.ts';

/**
 * Issue 26: booking money in (on invoices) and out (to carriers), and what follows from it, in the caller's
 * transaction: the invoice's paid/due figures, its order's 'Klient opłacił' (the order's VAT invoices, with their
 * corrections, paid in full) and 'Przewoźnik opłacony' (the carrier's price paid).
 */

export type PaymentInput = {
  date: string;
  amount: number;
  currency: string;
  method: BookedPaymentMethod;
  note?: string | null;
  userId?: number | null;
  statementLineId?: number | null;
};

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
      paidAmount: sql<string>`coalesce(sum(${invoicePayments.amount}), 0)`,
      lastDate: sql<string | null>`max(${invoicePayments.date})::text`,
    })
    .from(invoices)
    .leftJoin(invoicePayments, and(eq(invoicePayments.invoiceId, invoices.id), isNull(invoicePayments.cancelledAt)))
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
export async function bookInvoicePayment(tx: DbOrTx, invoiceId: number, input: PaymentInput) {
  const [row] = await tx
    .insert(invoicePayments)
    .values({
      invoiceId,
      date: input.date,
      amount: input.amount,
      currency: input.currency,
      method: input.method,
      note: input.note ?? null,
      statementLineId: input.statementLineId ?? null,
      createdById: input.userId ?? null,
    })
    .returning();
  await refreshInvoicePaid(tx, invoiceId);
  return row as typeof invoicePayments.$inferSelect;
}

/** Cancels a booked payment (kept with its reason); false when it was cancelled already. */
export async function cancelInvoicePayment(tx: DbOrTx, paymentId: number, reason: string): Promise<boolean> {
  const [row] = await tx
    .update(invoicePayments)
    .set({ cancelledAt: sql`now()`, cancelReason: reason })
    .where(and(eq(invoicePayments.id, paymentId), isNull(invoicePayments.cancelledAt)))
    .returning({ invoiceId: invoicePayments.invoiceId });
  if (!row) return false;
  await refreshInvoicePaid(tx, row.invoiceId);
  return true;
}

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
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .where(
        and(or(eq(invoices.id, root), eq(invoices.correctedInvoiceId, root)), isNull(invoicePayments.cancelledAt)),
      );
    for (const p of live) {
      await tx
        .update(invoicePayments)
        .set({ cancelledAt: sql`now()`, cancelReason: receivablesMessages.markedUnpaidReason })
        .where(eq(invoicePayments.id, p.id));
    }
    await refreshInvoicePaid(tx, root);
  }
}

// ---- The carrier's side ----

/** 'Przewoźnik opłacony': the live payments to the carrier cover the carrier's price (in its currency). */
export async function refreshOrderCarrierPaid(tx: DbOrTx, orderId: number): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return;
  const [sum] = await tx
    .select({
      amount: sql<string>`coalesce(sum(${carrierPayments.amount}), 0)`,
      last: sql<string | null>`max(${carrierPayments.date})::text`,
    })
    .from(carrierPayments)
    .where(
      and(
        eq(carrierPayments.orderId, orderId),
        isNull(carrierPayments.cancelledAt),
        eq(carrierPayments.currency, order.carrierPriceCurrency),
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
 * THE one way a payment to a carrier is booked (the cockpit's 'opłacone', POST /api/carrier_payments, a bank
 * statement's debit): the row and the order's flag. The white-list check before paying is the caller's, explicitly
 * (`checkCarrierPayment` of modules/verification/payment.ts, before this), so that its refusal can be answered
 * the caller's way: a 409 for one payment, a refused line of a bank statement.
 */
export async function bookCarrierPayment(tx: DbOrTx, orderId: number, input: PaymentInput) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} not found`);
  const [row] = await tx
    .insert(carrierPayments)
    .values({
      orderId,
      date: input.date,
      amount: input.amount,
      currency: input.currency,
      method: input.method,
      note: input.note ?? null,
      statementLineId: input.statementLineId ?? null,
      createdById: input.userId ?? null,
    })
    .returning();
  await refreshOrderCarrierPaid(tx, orderId);
  return row as typeof carrierPayments.$inferSelect;
}

export async function cancelCarrierPayment(tx: DbOrTx, paymentId: number, reason: string): Promise<boolean> {
  const [row] = await tx
    .update(carrierPayments)
    .set({ cancelledAt: sql`now()`, cancelReason: reason })
    .where(and(eq(carrierPayments.id, paymentId), isNull(carrierPayments.cancelledAt)))
    .returning({ orderId: carrierPayments.orderId });
  if (!row) return false;
  await refreshOrderCarrierPaid(tx, row.orderId);
  return true;
}
