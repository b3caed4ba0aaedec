import {
  amountDiffersMessage,
  payablesMessages as msg,
  type PayableWarning,
  type PaymentTermFrom,
  WHITELIST_THRESHOLD,
} from '@spedycja/domain';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  carrierInvoiceOrders,
  carrierInvoices,
  carriers,
  orders,
  payments,
  verifications,
} from '../../db/schema/index.ts';
import { addDays } from '../../integrations/nbp/types.ts';
import { warsawDay } from '../../warsawDay.ts';
import { CARRIER_VAT_RATE } from '../verification/payment.ts';
import { carrierStatus } from '../verification/status.ts';

/**
 * Issue 38: what follows from a carrier's invoice, in the caller's transaction — its due date (from the issue date, or
 * from the arrival of the invoice with its documents), what is due on it (its family: the invoice and its correctives,
 * less the live payments of the ledger), its warnings (which hold it) — and the carrier-paid flag of the orders it
 * covers, which the payments cockpit's kept day totals follow (their triggers on orders).
 */

type InvoiceRow = typeof carrierInvoices.$inferSelect;

/** The day the term starts: the issue date, or the later of the invoice's and the documents' arrival. */
export function termStart(
  invoice: Pick<InvoiceRow, 'issueDate' | 'receivedDate' | 'documentsReceivedDate' | 'paymentTermFrom'>,
): string | null {
  if ((invoice.paymentTermFrom as PaymentTermFrom) === 'issue') return invoice.issueDate;
  if (!invoice.documentsReceivedDate) return null;
  const invoiceArrived = invoice.receivedDate ?? invoice.documentsReceivedDate;
  return invoiceArrived > invoice.documentsReceivedDate ? invoiceArrived : invoice.documentsReceivedDate;
}

export function dueDateOf(
  invoice: Pick<
    InvoiceRow,
    'issueDate' | 'receivedDate' | 'documentsReceivedDate' | 'paymentTermFrom' | 'paymentTermDays'
  >,
): string | null {
  const start = termStart(invoice);
  return start ? addDays(start, invoice.paymentTermDays) : null;
}

/** The invoice's gross in PLN hundredths (EUR at its own rate). */
export function grossPln(invoice: Pick<InvoiceRow, 'grossAmount' | 'currency' | 'exchangeRate'>): number | null {
  if (invoice.currency === 'pln') return invoice.grossAmount;
  if (!invoice.exchangeRate) return null;
  return Math.round((invoice.grossAmount * invoice.exchangeRate) / 10_000);
}

/** The root of an invoice's family: a corrective settles through the invoice it corrects. */
export async function familyRoot(tx: DbOrTx, id: number): Promise<number> {
  const [row] = await tx
    .select({ type: carrierInvoices.type, corrected: carrierInvoices.correctedId })
    .from(carrierInvoices)
    .where(eq(carrierInvoices.id, id));
  return row?.type === 'corrective' && row.corrected ? row.corrected : id;
}

/** The white list confirmed this account for this carrier (any day): a check of the account, or a batch line. */
async function accountConfirmed(tx: DbOrTx, carrierId: number, account: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.carrierId, carrierId),
        eq(verifications.source, 'whitelist'),
        eq(verifications.outcome, 'ok'),
        sql`${verifications.asked}->>'account' = ${account}`,
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * The warnings of a family (on its root): an order's amount different from its carrier price (net; correctives
 * added), no documents, an account the white list has not confirmed above 15 000 zł gross, a carrier not verified.
 */
async function familyWarnings(tx: DbOrTx, root: InvoiceRow, familyIds: number[]): Promise<PayableWarning[]> {
  const warnings: PayableWarning[] = [];
  const lines = await tx
    .select({
      orderId: carrierInvoiceOrders.orderId,
      amount: sql<string>`sum(${carrierInvoiceOrders.amount})`,
      number: orders.number,
      price: orders.carrierPrice,
      currency: orders.carrierPriceCurrency,
    })
    .from(carrierInvoiceOrders)
    .innerJoin(orders, eq(orders.id, carrierInvoiceOrders.orderId))
    .where(inArray(carrierInvoiceOrders.carrierInvoiceId, familyIds))
    .groupBy(carrierInvoiceOrders.orderId, orders.number, orders.carrierPrice, orders.carrierPriceCurrency)
    .orderBy(carrierInvoiceOrders.orderId);
  for (const line of lines) {
    if (line.price === null || line.currency !== root.currency) continue;
    const difference = Number(line.amount) - line.price;
    if (difference !== 0) {
      warnings.push({
        code: 'amount_differs',
        message: amountDiffersMessage(difference, root.currency, line.number ?? String(line.orderId)),
      });
    }
  }
  if (!root.documentsReceivedDate) warnings.push({ code: 'no_cmr', message: msg.noCmr });
  const [carrier] = await tx.select().from(carriers).where(eq(carriers.id, root.carrierId));
  const polish = !carrier?.country || carrier.country === 'PL';
  const pln = grossPln(root);
  if (
    polish &&
    root.currency === 'pln' &&
    pln !== null &&
    pln > WHITELIST_THRESHOLD &&
    !(root.bankAccount && (await accountConfirmed(tx, root.carrierId, root.bankAccount)))
  ) {
    warnings.push({ code: 'whitelist_unconfirmed', message: msg.whitelistUnconfirmed });
  }
  if (carrier && carrierStatus(carrier) !== 'zweryfikowany') {
    warnings.push({ code: 'carrier_unverified', message: msg.carrierUnverified });
  }
  return warnings;
}

/**
 * Recomputes a family's paid and due amounts, its due date and warnings from the ledger's live payments; then the
 * carrier-paid flag of its orders. The family's rows are locked first, so that two bookings count each other.
 */
export async function refreshCarrierInvoice(tx: DbOrTx, id: number): Promise<void> {
  const rootId = await familyRoot(tx, id);
  const members = or(eq(carrierInvoices.id, rootId), eq(carrierInvoices.correctedId, rootId));
  const family = await tx.select().from(carrierInvoices).where(members).orderBy(carrierInvoices.id).for('update');
  const root = family.find((f) => f.id === rootId);
  if (!root) return;
  const live = family.filter((f) => f.deletionReason === 0);
  const ids = live.map((f) => f.id);
  const paidRows = ids.length
    ? await tx
        .select({
          id: payments.carrierInvoiceId,
          amount: sql<string>`coalesce(sum(${payments.amount}), 0)`,
          last: sql<string | null>`max(${payments.date})::text`,
        })
        .from(payments)
        .where(and(inArray(payments.carrierInvoiceId, ids), isNull(payments.cancelledAt)))
        .groupBy(payments.carrierInvoiceId)
    : [];
  const paidBy = new Map(paidRows.map((p) => [p.id, p]));
  const gross = live.reduce((s, f) => s + f.grossAmount, 0);
  const paid = live.reduce((s, f) => s + Number(paidBy.get(f.id)?.amount ?? 0), 0);
  const due = root.deletionReason > 0 ? 0 : Math.max(0, gross - paid);
  const lastPaid =
    paidRows
      .map((p) => p.last)
      .filter((d): d is string => !!d)
      .sort()
      .at(-1) ?? null;
  const warnings = root.deletionReason > 0 ? [] : await familyWarnings(tx, root, ids.length ? ids : [root.id]);
  for (const member of family) {
    const isRoot = member.id === rootId;
    const next = {
      paidAmount: Number(paidBy.get(member.id)?.amount ?? 0),
      dueAmount: isRoot ? due : 0,
      paidDate: due === 0 && gross > 0 ? lastPaid : null,
      dueDate: dueDateOf(isRoot ? member : root),
      warnings: isRoot ? warnings : [],
      held: isRoot ? warnings.length > 0 : false,
      // A paid invoice leaves its batch's hold (the batch keeps its lines).
      batchId: due === 0 ? null : member.batchId,
    };
    const same =
      member.paidAmount === next.paidAmount &&
      member.dueAmount === next.dueAmount &&
      member.paidDate === next.paidDate &&
      member.dueDate === next.dueDate &&
      member.held === next.held &&
      member.batchId === next.batchId &&
      JSON.stringify(member.warnings) === JSON.stringify(next.warnings);
    if (!same) await tx.update(carrierInvoices).set(next).where(eq(carrierInvoices.id, member.id));
  }
  const orderIds = await tx
    .selectDistinct({ id: carrierInvoiceOrders.orderId })
    .from(carrierInvoiceOrders)
    .where(
      inArray(
        carrierInvoiceOrders.carrierInvoiceId,
        family.map((f) => f.id),
      ),
    );
  for (const o of orderIds) await refreshOrderCarrierPaidFromInvoices(tx, o.id);
}

/**
 * 'Przewoźnik opłacony' of an order with carriers' invoices: every live VAT invoice covering it paid in full (with its
 * correctives), or the payments booked on the order itself covering the carrier price (the flag as issue 26 kept it).
 * An order without invoices keeps the rule of modules/receivables/service.ts.
 */
export async function refreshOrderCarrierPaidFromInvoices(tx: DbOrTx, orderId: number): Promise<void> {
  const covering = await tx
    .select({ due: carrierInvoices.dueAmount, gross: carrierInvoices.grossAmount, paidDate: carrierInvoices.paidDate })
    .from(carrierInvoiceOrders)
    .innerJoin(carrierInvoices, eq(carrierInvoices.id, carrierInvoiceOrders.carrierInvoiceId))
    .where(
      and(
        eq(carrierInvoiceOrders.orderId, orderId),
        eq(carrierInvoices.type, 'vat'),
        eq(carrierInvoices.deletionReason, 0),
      ),
    );
  if (covering.length === 0) return;
  const paid = covering.every((c) => c.due === 0 && c.paidDate !== null);
  const paidDate = paid
    ? (covering
        .map((c) => c.paidDate ?? '')
        .sort()
        .at(-1) ?? null)
    : null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || (order.carrierPaid === paid && order.carrierPaidDate === paidDate)) return;
  await tx.update(orders).set({ carrierPaid: paid, carrierPaidDate: paidDate }).where(eq(orders.id, orderId));
}

/** The VAT of a domestic freight at 23 %, for an MPP title when an invoice gives none. */
export const vatOfNet = (net: number) => Math.round((net * CARRIER_VAT_RATE) / 10_000);

export const today = () => warsawDay();
