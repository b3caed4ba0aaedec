import type { CarrierPayment, CustomerBalance, InvoicePayment } from '@spedycja/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import { carrierInvoices, invoices, orders, payments, users } from '../../db/schema/index.ts';
import { iri } from '../../http/hydra.ts';
import { isoSql, jsonObject } from '../orders/repository.ts';
import { todayDateSql } from './filters.ts';

type PaymentRow = typeof payments.$inferSelect;
type Creator = { uuid: string | null; name: string | null } | null;

/**
 * Issue 38: both lists read the one ledger: receipts (`direction = 'in'`) as invoice payments, payments to carriers
 * (`'out'`, on an order or on a carrier's invoice) as carrier payments.
 */
export const receipts = (where?: SQL) => and(eq(payments.direction, 'in'), where);
export const carrierSide = (where?: SQL) => and(eq(payments.direction, 'out'), where);

const common = (row: PaymentRow, creator: Creator) => ({
  uuid: row.uuid,
  version: row.version,
  date: row.date,
  amount: row.amount,
  currency: row.currency,
  method: row.method as InvoicePayment['method'],
  note: row.note,
  cancelledAt: row.cancelledAt?.toISOString() ?? null,
  cancelReason: row.cancelReason,
  createdBy: creator?.uuid ? { uuid: creator.uuid, name: creator.name ?? '' } : null,
  createdAt: row.createdAt.toISOString(),
});

/** An invoice's payments (cancelled ones too, with their reason), in the order they came. */
export async function listInvoicePayments(db: DbOrTx, where: SQL | undefined): Promise<InvoicePayment[]> {
  const rows = await db
    .select({
      payment: payments,
      invoice: { uuid: invoices.uuid, number: invoices.number },
      creator: { uuid: users.uuid, name: users.name },
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(users, eq(users.id, payments.createdById))
    .where(receipts(where))
    .orderBy(asc(payments.date), asc(payments.id))
    .limit(500);
  return rows.map((r) => ({
    '@id': iri('invoice_payments', r.payment.uuid),
    '@type': 'InvoicePayment',
    ...common(r.payment, r.creator),
    invoice: { '@id': iri('invoices', r.invoice.uuid), uuid: r.invoice.uuid, number: r.invoice.number },
  }));
}

export async function listCarrierPayments(db: DbOrTx, where: SQL | undefined): Promise<CarrierPayment[]> {
  const rows = await db
    .select({
      payment: payments,
      order: { uuid: orders.uuid, number: orders.number },
      carrierInvoice: { uuid: carrierInvoices.uuid, number: carrierInvoices.number },
      creator: { uuid: users.uuid, name: users.name },
    })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(carrierInvoices, eq(carrierInvoices.id, payments.carrierInvoiceId))
    .leftJoin(users, eq(users.id, payments.createdById))
    .where(carrierSide(where))
    .orderBy(asc(payments.date), asc(payments.id))
    .limit(500);
  return rows.map((r) => ({
    '@id': iri('carrier_payments', r.payment.uuid),
    '@type': 'CarrierPayment',
    ...common(r.payment, r.creator),
    order: r.order ? { '@id': iri('orders', r.order.uuid), uuid: r.order.uuid, number: r.order.number } : null,
    carrierInvoice: r.carrierInvoice
      ? {
          '@id': iri('carrier_invoices', r.carrierInvoice.uuid),
          uuid: r.carrierInvoice.uuid,
          number: r.carrierInvoice.number,
        }
      : null,
  }));
}

/**
 * A list of payments as PostgreSQL's JSON text, the same members in the same order as listInvoicePayments and
 * listCarrierPayments write them (test/receivables.test.ts compares every member): the route sets the text into its
 * collection. Issue 35: the lists answer up to 500 payments (235 kB) unpaginated; read as rows, drizzle's mapping of
 * each row, the objects and their serialisation cost the server twice the statement (8 ms of CPU a request).
 */
export async function paymentsJson(db: DbOrTx, kind: 'invoice' | 'carrier', where: SQL | undefined): Promise<string[]> {
  const p = payments;
  const text = (value: string) => sql.raw(`'${value}'`);
  const ref = (resource: string, uuid: SQL) => sql`${text(`/api/${resource}/`)} || ${uuid}::text`;
  const parentJson = (
    table: typeof invoices | typeof orders | typeof carrierInvoices,
    resource: string,
    name: string,
  ) =>
    sql`CASE WHEN ${table.uuid} IS NULL THEN NULL ELSE ${jsonObject(
      [
        { name: '@id', value: ref(resource, sql`${table.uuid}`) },
        { name: 'uuid', value: sql`${table.uuid}::text` },
        { name: 'number', value: sql`${table.number}` },
      ],
      name,
    )} END`;
  const parents =
    kind === 'invoice'
      ? [{ name: 'invoice', value: parentJson(invoices, 'invoices', 'r') }]
      : [
          { name: 'order', value: parentJson(orders, 'orders', 'r') },
          { name: 'carrierInvoice', value: parentJson(carrierInvoices, 'carrier_invoices', 'k') },
        ];
  const item = jsonObject(
    [
      { name: '@id', value: ref(kind === 'invoice' ? 'invoice_payments' : 'carrier_payments', sql`${p.uuid}`) },
      { name: '@type', value: text(kind === 'invoice' ? 'InvoicePayment' : 'CarrierPayment') },
      { name: 'uuid', value: sql`${p.uuid}::text` },
      { name: 'version', value: sql`${p.version}` },
      { name: 'date', value: sql`${p.date}::text` },
      { name: 'amount', value: sql`${p.amount}` },
      { name: 'currency', value: sql`${p.currency}` },
      { name: 'method', value: sql`${p.method}` },
      { name: 'note', value: sql`${p.note}` },
      {
        name: 'cancelledAt',
        value: sql`CASE WHEN ${p.cancelledAt} IS NULL THEN NULL ELSE ${isoSql(p.cancelledAt)} END`,
      },
      { name: 'cancelReason', value: sql`${p.cancelReason}` },
      {
        name: 'createdBy',
        value: sql`CASE WHEN ${users.uuid} IS NULL THEN NULL ELSE ${jsonObject(
          [
            { name: 'uuid', value: sql`${users.uuid}::text` },
            { name: 'name', value: sql`coalesce(${users.name}, '')` },
          ],
          'c',
        )} END`,
      },
      { name: 'createdAt', value: isoSql(p.createdAt) },
      ...parents,
    ],
    'j',
  );
  const base = db.select({ item: sql<string>`${item}::text` }).from(p);
  const joined =
    kind === 'invoice'
      ? base.innerJoin(invoices, eq(invoices.id, p.invoiceId))
      : base
          .leftJoin(orders, eq(orders.id, p.orderId))
          .leftJoin(carrierInvoices, eq(carrierInvoices.id, p.carrierInvoiceId));
  const rows = await joined
    .leftJoin(users, eq(users.id, p.createdById))
    .where(kind === 'invoice' ? receipts(where) : carrierSide(where))
    .orderBy(asc(p.date), asc(p.id))
    .limit(500);
  return rows.map((r) => r.item);
}

/**
 * What customers owe, per currency (VAT invoices not paid, with their corrections: due_amount), and the part past
 * its date. `customerUuid` for one customer; else the largest debts first. Issue 35: the debts are kept per customer
 * and currency (customer_balances, by triggers on invoices), read largest first from their index; the overdue part
 * depends on today and is summed for the listed rows only, through invoices_customer_unpaid_idx.
 */
export async function customerBalances(db: DbOrTx, customerUuid?: string): Promise<CustomerBalance[]> {
  const rows = await selectRows<{
    uuid: string;
    name: string | null;
    currency: string;
    due: string | number;
    overdue: string | number;
    count: number;
    overdueCount: number;
  }>(
    db,
    sql`SELECT c.uuid, coalesce(c.company_name, c.name) AS name, b.currency, b.due, o.overdue, b.n AS count,
          o.overdue_count AS "overdueCount"
        FROM (
          SELECT customer_id, currency, due, n FROM customer_balances
          WHERE n > 0${customerUuid ? sql` AND customer_id = (SELECT id FROM customers WHERE uuid = ${customerUuid}::uuid)` : sql``}
          ORDER BY due DESC NULLS LAST, customer_id, currency LIMIT 1000
        ) b
        JOIN customers c ON c.id = b.customer_id
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(i.due_amount), 0) AS overdue, count(*)::int AS overdue_count FROM invoices i
          WHERE i.customer_id = b.customer_id AND NOT i.paid AND i.payment_date < ${todayDateSql}
            AND i.type = 'vat' AND i.currency = b.currency AND i.due_amount > 0
        ) o
        ORDER BY b.due DESC NULLS LAST, b.customer_id, b.currency`,
  );
  const byCustomer = new Map<string, CustomerBalance>();
  for (const row of rows) {
    const entry = byCustomer.get(row.uuid) ?? {
      customer: { '@id': iri('customers', row.uuid), uuid: row.uuid, name: row.name },
      currencies: [],
    };
    entry.currencies.push({
      currency: row.currency,
      due: Number(row.due),
      overdue: Number(row.overdue),
      invoices: Number(row.count),
      overdueInvoices: Number(row.overdueCount),
    });
    byCustomer.set(row.uuid, entry);
  }
  return [...byCustomer.values()];
}
