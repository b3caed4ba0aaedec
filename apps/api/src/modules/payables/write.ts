import {
  type CarrierInvoiceCreateData,
  type CarrierInvoiceUpdateData,
  payablesMessages as msg,
  type PaymentTermFrom,
} from '@spedycja/domain';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { writeHistoryLine } from '../../db/history.ts';
import { carrierInvoiceOrders, carrierInvoices, carriers, orderDocuments, orders } from '../../db/schema/index.ts';
import { AppError, type Violation } from '../../http/errors.ts';
import { uuidFromIri } from '../../http/hydra.ts';
import { REF_NOT_FOUND } from '../../http/refs.ts';
import { warsawDay } from '../../warsawDay.ts';
import * as carrierRecord from '../carrierRecord/record.ts';
import { refreshCarrierInvoice } from './service.ts';

/**
 * Issue 38: a carrier's invoice written (by hand, from KSeF, from the carrier's link): every check first, then the
 * rows — a refused request writes nothing (a 4xx keeps what a request wrote, so nothing is written before the checks).
 */

type InvoiceRow = typeof carrierInvoices.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type Input = Omit<CarrierInvoiceCreateData, 'orders'> & { orders?: { order: string; amount: number }[] | undefined };

const unprocessable = (violations: Violation[]) =>
  new AppError(422, 'validation_failed', violations[0]?.message ?? REF_NOT_FOUND, violations);

/** The orders' lines resolved: each order exists, has this carrier, appears once. */
async function resolveOrders(
  tx: DbOrTx,
  lines: { order: string; amount: number }[],
  carrierId: number,
  violations: Violation[],
) {
  const uuids = lines.map((l) => uuidFromIri(l.order, 'orders'));
  const found = uuids.some((u) => u)
    ? await tx
        .select()
        .from(orders)
        .where(
          inArray(
            orders.uuid,
            uuids.filter((u): u is string => !!u),
          ),
        )
    : [];
  const byUuid = new Map(found.map((o) => [o.uuid, o]));
  const seen = new Set<number>();
  const resolved: { order: OrderRow; amount: number }[] = [];
  lines.forEach((line, i) => {
    const order = byUuid.get(uuids[i] ?? '');
    if (!order || order.deletionReason > 0) {
      violations.push({ propertyPath: `orders[${i}].order`, message: REF_NOT_FOUND });
      return;
    }
    if (!order.carrierId) violations.push({ propertyPath: `orders[${i}].order`, message: msg.orderNoCarrier });
    else if (order.carrierId !== carrierId) {
      violations.push({ propertyPath: `orders[${i}].order`, message: msg.orderOtherCarrier });
    }
    if (seen.has(order.id)) violations.push({ propertyPath: `orders[${i}].order`, message: msg.orderTwice });
    seen.add(order.id);
    resolved.push({ order, amount: line.amount });
  });
  return resolved;
}

/** The day the orders' CMR first came through the carrier's link (the documents' arrival), if one did. */
async function cmrArrival(tx: DbOrTx, orderIds: number[]): Promise<string | null> {
  if (orderIds.length === 0) return null;
  const [row] = await tx
    .select({ at: sql<string | null>`max(${orderDocuments.addedAt})::text` })
    .from(orderDocuments)
    .where(
      and(inArray(orderDocuments.orderId, orderIds), eq(orderDocuments.kind, 'cmr'), isNull(orderDocuments.deletedAt)),
    );
  // Every order's CMR is needed: with one missing the documents have not all come.
  const [withCmr] = await tx
    .select({ n: sql<number>`count(DISTINCT ${orderDocuments.orderId})::int` })
    .from(orderDocuments)
    .where(
      and(inArray(orderDocuments.orderId, orderIds), eq(orderDocuments.kind, 'cmr'), isNull(orderDocuments.deletedAt)),
    );
  return row?.at && withCmr?.n === orderIds.length ? warsawDay(new Date(row.at)) : null;
}

export type CreateContext = {
  source: 'ksef' | 'portal' | 'hand';
  userId: number | null;
  receivedInvoiceId?: number | null;
  portalDocumentId?: number | null;
  /** The EUR rate when the body gives none (NBP's of the last business day before the issue date). */
  rateOf: (issueDate: string) => Promise<number | null>;
};

export async function createCarrierInvoice(tx: DbOrTx, body: Input, context: CreateContext): Promise<InvoiceRow> {
  const violations: Violation[] = [];
  const carrierUuid = uuidFromIri(body.carrier, 'carriers');
  const [carrier] = carrierUuid ? await tx.select().from(carriers).where(eq(carriers.uuid, carrierUuid)) : [];
  if (!carrier) throw unprocessable([{ propertyPath: 'carrier', message: REF_NOT_FOUND }]);

  let corrected: InvoiceRow | undefined;
  if (body.corrects) {
    const uuid = uuidFromIri(body.corrects, 'carrier_invoices');
    [corrected] = uuid
      ? await tx
          .select()
          .from(carrierInvoices)
          .where(and(eq(carrierInvoices.uuid, uuid), eq(carrierInvoices.carrierId, carrier.id)))
      : [];
    if (!corrected || corrected.deletionReason > 0) {
      violations.push({ propertyPath: 'corrects', message: msg.correctedNotFound });
    } else if (corrected.type === 'corrective') {
      violations.push({ propertyPath: 'corrects', message: msg.correctiveOfCorrective });
    } else if (corrected.currency !== (body.currency ?? 'pln')) {
      violations.push({ propertyPath: 'currency', message: msg.correctiveCurrency });
    }
  }
  if (body.netAmount + body.vatAmount !== body.grossAmount) {
    violations.push({ propertyPath: 'grossAmount', message: msg.grossDiffers });
  }
  if (!corrected && (body.netAmount < 0 || body.grossAmount < 0)) {
    violations.push({ propertyPath: 'grossAmount', message: msg.grossDiffers });
  }
  const lines = body.orders ?? [];
  if (!corrected && lines.length === 0) violations.push({ propertyPath: 'orders', message: msg.ordersRequired });
  const resolved = await resolveOrders(tx, lines, carrier.id, violations);
  if (lines.length > 0 && lines.reduce((s, l) => s + l.amount, 0) !== body.netAmount) {
    violations.push({ propertyPath: 'orders', message: msg.ordersSumDiffers });
  }
  if (corrected && lines.length > 0) {
    const ofParent = await tx
      .select({ orderId: carrierInvoiceOrders.orderId })
      .from(carrierInvoiceOrders)
      .where(eq(carrierInvoiceOrders.carrierInvoiceId, corrected.id));
    const allowed = new Set(ofParent.map((o) => o.orderId));
    if (resolved.some((r) => !allowed.has(r.order.id))) {
      violations.push({ propertyPath: 'orders', message: msg.correctiveOrders });
    }
  }
  if (body.receivedDate && body.receivedDate < body.issueDate) {
    violations.push({ propertyPath: 'receivedDate', message: msg.receivedBeforeIssue });
  }
  if (body.documentsReceivedDate && body.documentsReceivedDate < body.issueDate) {
    violations.push({ propertyPath: 'documentsReceivedDate', message: msg.documentsBeforeIssue });
  }
  const [taken] = await tx
    .select({ id: carrierInvoices.id })
    .from(carrierInvoices)
    .where(
      and(
        eq(carrierInvoices.carrierId, carrier.id),
        sql`lower(${carrierInvoices.number}) = lower(${body.number})`,
        eq(carrierInvoices.deletionReason, 0),
      ),
    );
  if (taken) violations.push({ propertyPath: 'number', message: msg.numberTaken });
  const currency = body.currency ?? 'pln';
  let exchangeRate = body.exchangeRate ?? (corrected ? corrected.exchangeRate : null);
  if (currency === 'eur' && !exchangeRate) {
    exchangeRate = await context.rateOf(body.issueDate);
    if (!exchangeRate) violations.push({ propertyPath: 'exchangeRate', message: msg.rateRequired });
  }
  if (violations.length) throw unprocessable(violations);

  const firstOrder = resolved[0]?.order;
  const termFrom: PaymentTermFrom =
    body.paymentTermFrom ??
    (corrected?.paymentTermFrom as PaymentTermFrom | undefined) ??
    (firstOrder?.carrierPaymentTermFrom as PaymentTermFrom | null | undefined) ??
    'documents';
  const termDays = body.paymentTermDays ?? corrected?.paymentTermDays ?? firstOrder?.carrierPaymentTermDays ?? 60;
  const documentsReceivedDate =
    body.documentsReceivedDate ??
    corrected?.documentsReceivedDate ??
    (await cmrArrival(
      tx,
      resolved.map((r) => r.order.id),
    ));
  const [row] = await tx
    .insert(carrierInvoices)
    .values({
      type: corrected ? 'corrective' : 'vat',
      correctedId: corrected?.id ?? null,
      source: context.source,
      receivedInvoiceId: context.receivedInvoiceId ?? null,
      portalDocumentId: context.portalDocumentId ?? null,
      carrierId: carrier.id,
      number: body.number,
      issueDate: body.issueDate,
      receivedDate: body.receivedDate ?? warsawDay(),
      documentsReceivedDate,
      currency,
      netAmount: body.netAmount,
      vatAmount: body.vatAmount,
      grossAmount: body.grossAmount,
      exchangeRate: currency === 'eur' ? exchangeRate : null,
      bankAccount:
        body.bankAccount ??
        corrected?.bankAccount ??
        firstOrder?.carrierBankAccount ??
        carrier.accountNumber?.replace(/\s/g, '') ??
        null,
      paymentTermDays: termDays,
      paymentTermFrom: termFrom,
      note: body.note ?? null,
      createdById: context.userId,
    })
    .returning();
  const invoice = row as InvoiceRow;
  if (resolved.length) {
    await tx
      .insert(carrierInvoiceOrders)
      .values(resolved.map((r) => ({ carrierInvoiceId: invoice.id, orderId: r.order.id, amount: r.amount })));
  }
  await refreshCarrierInvoice(tx, invoice.id);
  // The carrier's record (issue 39): days from its orders' unloading to its invoice.
  await carrierRecord.noteCarrierInvoice(tx, invoice.id);
  return invoice;
}

/** PUT: a partial update; the orders, when given, replace the invoice's (a history line names them). */
export async function updateCarrierInvoice(tx: DbOrTx, current: InvoiceRow, body: CarrierInvoiceUpdateData) {
  if (current.batchId !== null) throw new AppError(409, 'locked', msg.locked);
  const changesMoney =
    body.netAmount !== undefined ||
    body.vatAmount !== undefined ||
    body.grossAmount !== undefined ||
    body.orders !== undefined;
  if (changesMoney && current.paidDate && current.dueAmount === 0) throw new AppError(409, 'paid', msg.paidLocked);
  const next = {
    number: body.number ?? current.number,
    issueDate: body.issueDate ?? current.issueDate,
    receivedDate: body.receivedDate === undefined ? current.receivedDate : body.receivedDate,
    documentsReceivedDate:
      body.documentsReceivedDate === undefined ? current.documentsReceivedDate : body.documentsReceivedDate,
    netAmount: body.netAmount ?? current.netAmount,
    vatAmount: body.vatAmount ?? current.vatAmount,
    grossAmount: body.grossAmount ?? current.grossAmount,
    exchangeRate: body.exchangeRate === undefined ? current.exchangeRate : body.exchangeRate,
    bankAccount: body.bankAccount === undefined ? current.bankAccount : body.bankAccount,
    paymentTermDays: body.paymentTermDays ?? current.paymentTermDays,
    paymentTermFrom: body.paymentTermFrom ?? current.paymentTermFrom,
    note: body.note === undefined ? current.note : body.note,
  };
  const violations: Violation[] = [];
  if (next.netAmount + next.vatAmount !== next.grossAmount) {
    violations.push({ propertyPath: 'grossAmount', message: msg.grossDiffers });
  }
  if (next.receivedDate && next.receivedDate < next.issueDate) {
    violations.push({ propertyPath: 'receivedDate', message: msg.receivedBeforeIssue });
  }
  if (next.documentsReceivedDate && next.documentsReceivedDate < next.issueDate) {
    violations.push({ propertyPath: 'documentsReceivedDate', message: msg.documentsBeforeIssue });
  }
  if (current.currency === 'eur' && !next.exchangeRate) {
    violations.push({ propertyPath: 'exchangeRate', message: msg.rateRequired });
  }
  if (body.number && body.number.toLowerCase() !== current.number.toLowerCase()) {
    const [taken] = await tx
      .select({ id: carrierInvoices.id })
      .from(carrierInvoices)
      .where(
        and(
          eq(carrierInvoices.carrierId, current.carrierId),
          sql`lower(${carrierInvoices.number}) = lower(${body.number})`,
          eq(carrierInvoices.deletionReason, 0),
          ne(carrierInvoices.id, current.id),
        ),
      );
    if (taken) violations.push({ propertyPath: 'number', message: msg.numberTaken });
  }
  let resolved: { order: OrderRow; amount: number }[] | undefined;
  if (body.orders !== undefined) {
    if (current.type === 'vat' && body.orders.length === 0) {
      violations.push({ propertyPath: 'orders', message: msg.ordersRequired });
    }
    resolved = await resolveOrders(tx, body.orders, current.carrierId, violations);
  }
  const lineSum = resolved
    ? resolved.reduce((s, r) => s + r.amount, 0)
    : (
        await tx
          .select({ sum: sql<string | null>`sum(${carrierInvoiceOrders.amount})` })
          .from(carrierInvoiceOrders)
          .where(eq(carrierInvoiceOrders.carrierInvoiceId, current.id))
      )[0]?.sum;
  if (lineSum !== null && lineSum !== undefined && Number(lineSum) !== next.netAmount) {
    violations.push({ propertyPath: 'orders', message: msg.ordersSumDiffers });
  }
  if (violations.length) throw unprocessable(violations);

  await tx.update(carrierInvoices).set(next).where(eq(carrierInvoices.id, current.id));
  if (resolved) {
    const before = await tx
      .select({ number: orders.number, amount: carrierInvoiceOrders.amount })
      .from(carrierInvoiceOrders)
      .innerJoin(orders, eq(orders.id, carrierInvoiceOrders.orderId))
      .where(eq(carrierInvoiceOrders.carrierInvoiceId, current.id))
      .orderBy(asc(orders.id));
    await tx.delete(carrierInvoiceOrders).where(eq(carrierInvoiceOrders.carrierInvoiceId, current.id));
    if (resolved.length) {
      await tx
        .insert(carrierInvoiceOrders)
        .values(resolved.map((r) => ({ carrierInvoiceId: current.id, orderId: r.order.id, amount: r.amount })));
    }
    const describe = (list: { number: string | null; amount: number }[]) =>
      list.map((l) => `${l.number ?? '?'}: ${l.amount}`).join('; ');
    await writeHistoryLine(tx, {
      resource: 'carrier_invoices',
      recordUuid: current.uuid,
      action: 'update',
      changes: [
        {
          field: 'orders',
          from: describe(before),
          to: describe(resolved.map((r) => ({ number: r.order.number, amount: r.amount }))),
        },
      ],
    });
  }
  await refreshCarrierInvoice(tx, current.id);
  // The orders a replaced list left refresh as well.
  return current.uuid;
}
