import {
  daysBetween,
  type Invoice,
  type InvoicePosition,
  type InvoicePositionInput,
  invoicePaymentStatus,
  invoiceTotals,
  ksefOfflineDeadline,
  positionValues,
  toPln,
} from '@spedycja/domain';
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { customers, invoicePositions, invoices, orders } from '../../db/schema/index.ts';
import type { ListParams } from '../../http/filters.ts';
import { iri } from '../../http/hydra.ts';
import { listStatements, runList } from '../../http/listing.ts';
import { warsawDay } from '../../warsawDay.ts';
import { refreshInvoicePaid } from '../receivables/service.ts';
import { keptInvoiceTotal, keptInvoiceView } from './kept.ts';

export const invoiceOrder = alias(orders, 'invoice_order');
export const invoiceProFormaOrder = alias(orders, 'invoice_pro_forma_order');
const correctedInvoice = alias(invoices, 'corrected_invoice');

const orderColumns = (t: typeof invoiceOrder | typeof invoiceProFormaOrder) => ({
  uuid: t.uuid,
  id: t.id,
  number: t.number,
});

/**
 * The positions of an invoice as one JSON array in the invoice's own row: a page of invoices with their positions is
 * one statement (no second round trip for the page's positions).
 */
const positionsJson = sql<PositionRow[]>`(
  SELECT coalesce(json_agg(json_build_object(
    'id', p.id, 'uuid', p.uuid, 'invoiceId', p.invoice_id, 'position', p.position, 'title', p.title,
    'amount', p.amount, 'unit', p.unit, 'netto', p.netto, 'nettoValue', p.netto_value, 'vatRate', p.vat_rate,
    'vatValue', p.vat_value, 'bruttoValue', p.brutto_value) ORDER BY p.position, p.id), '[]'::json)
  FROM invoice_positions p WHERE p.invoice_id = ${invoices.id})`;

/** An invoice with the names its screens show (the customer record, the orders, the corrected invoice) and positions. */
export function selectInvoices(db: DbOrTx, extra: Record<string, SQL> = {}) {
  return db
    .select({
      ...extra,
      invoice: getTableColumns(invoices),
      positions: positionsJson,
      customer: { uuid: customers.uuid, companyName: customers.companyName, name: customers.name },
      order: orderColumns(invoiceOrder),
      proFormaOrder: orderColumns(invoiceProFormaOrder),
      corrected: { uuid: correctedInvoice.uuid, number: correctedInvoice.number },
    })
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(invoiceOrder, eq(invoiceOrder.id, invoices.orderId))
    .leftJoin(invoiceProFormaOrder, eq(invoiceProFormaOrder.id, invoices.orderProFormaId))
    .leftJoin(correctedInvoice, eq(correctedInvoice.id, invoices.correctedInvoiceId));
}

export type InvoiceRecord = Awaited<ReturnType<ReturnType<typeof selectInvoices>['execute']>>[number];
export type PositionRow = typeof invoicePositions.$inferSelect;

/**
 * The page and the total of an invoice list; the count joins an order only when filtered by it, and the usual view (a
 * type, whole months) reads its total from the kept month totals (kept.ts).
 */
export function invoiceListStatements(db: DbOrTx, params: ListParams) {
  const view = keptInvoiceView(params);
  return listStatements(db, params, selectInvoices(db).$dynamic(), {
    keptTotal: view ? () => keptInvoiceTotal(db, view) : undefined,
    from: invoices,
    joins: [
      { prefix: 'orderEntity', table: invoiceOrder, on: eq(invoiceOrder.id, invoices.orderId) },
      {
        prefix: 'orderProFormaEntity',
        table: invoiceProFormaOrder,
        on: eq(invoiceProFormaOrder.id, invoices.orderProFormaId),
      },
    ],
  });
}

/** A page of invoices with their positions (one more query for the page's positions) and the total. */
export async function listInvoices(db: DbOrTx, params: ListParams) {
  const { rows, total } = await runList(invoiceListStatements(db, params), params);
  return { rows: rows.map(toInvoiceJson), total };
}

export async function findInvoice(db: DbOrTx, where: SQL): Promise<Invoice | null> {
  const [row] = await selectInvoices(db).where(where);
  return row ? toInvoiceJson(row) : null;
}

export const findInvoiceByUuid = (db: DbOrTx, uuid: string) => findInvoice(db, eq(invoices.uuid, uuid));

export function toPositionJson(row: PositionRow, invoiceUuid: string): InvoicePosition {
  return {
    '@id': iri('invoice_positions', row.uuid),
    '@type': 'InvoicePosition',
    id: row.id,
    uuid: row.uuid,
    invoice: iri('invoices', invoiceUuid),
    title: row.title,
    amount: row.amount,
    unit: row.unit,
    netto: row.netto,
    nettoValue: row.nettoValue,
    vatRate: row.vatRate,
    vatValue: row.vatValue,
    bruttoValue: row.bruttoValue,
  };
}

const orderRef = (value: { uuid: string | null; id: number | null; number: string | null } | null) =>
  value?.uuid
    ? { '@id': iri('orders', value.uuid), uuid: value.uuid, id: value.id as number, number: value.number as string }
    : null;

export function toInvoiceJson(record: InvoiceRecord): Invoice {
  const { invoice: i, customer, order, proFormaOrder, corrected } = record;
  // JSON numbers from the database: bigint columns arrive as numbers here too.
  // Object.assign, not a spread first: see scripts/lint/no-spread-first.grit.
  const positions = record.positions.map((p) =>
    Object.assign({}, p, {
      netto: Number(p.netto),
      nettoValue: Number(p.nettoValue),
      vatValue: Number(p.vatValue),
      bruttoValue: Number(p.bruttoValue),
    }),
  );
  const totals = invoiceTotals(positions);
  const foreign = i.currency !== 'pln' && i.exchangeRate !== null;
  const totalsByRate = totals.byRate.map((t) =>
    Object.assign({}, t, { vatPln: foreign ? toPln(t.vat, i.exchangeRate as number) : null }),
  );
  const today = warsawDay();
  const paymentStatus = invoicePaymentStatus(i, today);
  return {
    '@id': iri('invoices', i.uuid),
    '@type': 'Invoice',
    id: i.id,
    uuid: i.uuid,
    version: i.version,
    type: i.type as Invoice['type'],
    number: i.number,
    createdDate: i.createdDate,
    saleDate: i.saleDate,
    paymentDate: i.paymentDate,
    paymentDateString: i.paymentDateString,
    paymentMethod: i.paymentMethod as Invoice['paymentMethod'],
    currency: i.currency,
    description: i.description,
    vendorName: i.vendorName,
    vendorNip: i.vendorNip,
    vendorStreetAddress: i.vendorStreetAddress,
    vendorPostalCode: i.vendorPostalCode,
    vendorCity: i.vendorCity,
    vendorBankAccount: i.vendorBankAccount,
    customer: customer?.uuid ? { '@id': iri('customers', customer.uuid), ...customer, uuid: customer.uuid } : null,
    customerName: i.customerName,
    customerNip: i.customerNip,
    customerStreetAddress: i.customerStreetAddress,
    customerPostalCode: i.customerPostalCode,
    customerCity: i.customerCity,
    customerCountry: i.customerCountry,
    customerEmail: i.customerEmail,
    correctionReason: i.correctionReason,
    correctedDocumentNumber: i.correctedDocumentNumber,
    correctedDocumentDate: i.correctedDocumentDate,
    correctedInvoice: corrected?.uuid
      ? { '@id': iri('invoices', corrected.uuid), uuid: corrected.uuid, number: corrected.number as string }
      : null,
    orderEntity: orderRef(order),
    orderProFormaEntity: orderRef(proFormaOrder),
    invoiceSent: i.invoiceSent,
    paid: i.paid,
    paidDate: i.paidDate,
    reverseCharge: i.reverseCharge,
    exchangeRate: i.exchangeRate,
    exchangeRateSource: i.exchangeRateSource as Invoice['exchangeRateSource'],
    exchangeRateTable: i.exchangeRateTable,
    exchangeRateDate: i.exchangeRateDate,
    totalNet: i.totalNet,
    totalVat: i.totalVat,
    totalGross: i.totalGross,
    paidAmount: i.paidAmount,
    dueAmount: i.dueAmount,
    paymentStatus,
    daysOverdue: !i.paid && i.paymentDate && i.paymentDate < today ? daysBetween(i.paymentDate, today) : 0,
    totalsByRate,
    totalVatPln: foreign ? totalsByRate.reduce((s, t) => s + (t.vatPln ?? 0), 0) : null,
    invoicePositions: positions.map((p) => toPositionJson(p, i.uuid)),
    ksefStatus: i.ksefStatus as Invoice['ksefStatus'],
    ksefNumber: i.ksefNumber,
    ksefAcceptedAt: i.ksefAcceptedAt,
    ksefError: i.ksefError ?? null,
    ksefHash: i.ksefHash,
    ksefOfflineAt: i.ksefOfflineAt,
    ksefOfflineDeadline: i.ksefStatus === 'offline' ? ksefOfflineDeadline(i.createdDate) : null,
    createdAt: i.createdAt.toISOString(),
  };
}

/** A position's row: the server computes its values, whatever a client sent for them. */
export function positionRow(invoiceId: number, position: number, p: InvoicePositionInput) {
  return {
    invoiceId,
    position,
    title: p.title,
    amount: p.amount,
    unit: p.unit,
    netto: p.netto,
    vatRate: p.vatRate,
    ...positionValues(p),
  };
}

/** The invoice's totals from its positions, in the transaction that changed them. */
export async function refreshTotals(tx: DbOrTx, invoiceId: number) {
  await tx.execute(sql`
    UPDATE invoices SET
      total_net = coalesce((SELECT sum(netto_value) FROM invoice_positions WHERE invoice_id = ${invoiceId}), 0),
      total_vat = coalesce((SELECT sum(vat_value) FROM invoice_positions WHERE invoice_id = ${invoiceId}), 0),
      total_gross = coalesce((SELECT sum(brutto_value) FROM invoice_positions WHERE invoice_id = ${invoiceId}), 0)
    WHERE id = ${invoiceId}`);
  // What is due follows the totals (issue 26).
  await refreshInvoicePaid(tx, invoiceId);
}

/** Replaces an invoice's positions (the one-request form of our web app). */
export async function replacePositions(tx: DbOrTx, invoiceId: number, positions: readonly InvoicePositionInput[]) {
  await tx.delete(invoicePositions).where(eq(invoicePositions.invoiceId, invoiceId));
  if (positions.length > 0) {
    await tx.insert(invoicePositions).values(positions.map((p, index) => positionRow(invoiceId, index + 1, p)));
  }
  await refreshTotals(tx, invoiceId);
}
