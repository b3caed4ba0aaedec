import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { invoices } from './invoices.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * Money received on an invoice (issue 26): each payment a row (a part payment, a second one, a compensation), in the
 * invoice's currency, hundredths. A booked payment is never removed: cancelling it keeps the row with the reason
 * (the history shows both). The invoice's `paid_amount`/`due_amount`/`paid` and its order's 'Klient opłacił' are
 * recomputed from the live rows in the transaction that books or cancels one (modules/receivables/service.ts).
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull().default('przelew'),
    note: text('note'),
    /** The bank statement line it was booked from, when it was. */
    statementLineId: integer('statement_line_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.date, t.id).where(sql`${t.cancelledAt} IS NULL`),
    index('invoice_payments_invoice_all_idx').on(t.invoiceId, t.id),
    // Issue 35: the list of every payment, in the order they came (date, then id), read from an index.
    index('invoice_payments_date_idx').on(t.date, t.id),
  ],
);

/**
 * Money paid to the carrier of an order (the payables side), the same model; every booking goes through
 * `bookCarrierPayment` (modules/receivables/service.ts).
 */
export const carrierPayments = pgTable(
  'carrier_payments',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull().default('przelew'),
    note: text('note'),
    statementLineId: integer('statement_line_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('carrier_payments_order_idx').on(t.orderId, t.id), index('carrier_payments_date_idx').on(t.date, t.id)],
);

/**
 * Issue 35: what each customer owes per currency (the VAT invoices not paid with something due: the sum of their
 * `due_amount` and how many), kept by statement triggers on invoices (migration money_kept_values), one row per
 * customer and currency updated in place. The balances list reads its largest debts from an index on it instead of
 * grouping every open invoice; the overdue part depends on today and is summed for the listed rows only.
 */
export const customerBalances = pgTable(
  'customer_balances',
  {
    customerId: integer('customer_id').notNull(),
    currency: text('currency').notNull(),
    due: bigint('due', { mode: 'number' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.currency] }),
    index('customer_balances_due_idx').on(t.due.desc(), t.customerId, t.currency).where(sql`${t.n} > 0`),
  ],
);

/**
 * Issue 35: the payments cockpit's open orders per side, currency and payment day (UTC, as the dates are kept; null
 * without one): how many and their price, kept by statement triggers on orders (migration money_kept_values) as net
 * changes. The cockpit's default views (a side and a state, nothing else) read their total and their sums per currency
 * from these few rows: 'overdue' is the days before today, 'due' the others.
 */
export const paymentDayTotals = pgTable(
  'payment_day_totals',
  {
    side: text('side').notNull(),
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('payment_day_totals_idx').on(t.side, t.day)],
);
