import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Issue 26's `invoice_payments` and `carrier_payments` are, since issue 38, views of the one payments ledger
 * (`payments`, schema/payables.ts), kept for raw readers; the app reads and writes the ledger.
 */

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
