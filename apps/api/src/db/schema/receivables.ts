import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  (t) => [index('carrier_payments_order_idx').on(t.orderId, t.id)],
);
