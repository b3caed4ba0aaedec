import { bigint, date, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { invoices } from './invoices.ts';
import { users } from './users.ts';

/**
 * Interest notes (issue 26): statutory interest for delay on an invoice and the art. 10 compensation, kept with the
 * figures they were made with (the rate periods as JSON), numbered `NO/{n}/{MM}/{YYYY}` through the invoice number
 * counters (type 'interest_note').
 */
export const interestNotes = pgTable(
  'interest_notes',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    number: text('number').notNull().unique(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    createdDate: date('created_date', { mode: 'string' }).notNull(),
    untilDate: date('until_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    daysLate: integer('days_late').notNull(),
    interest: bigint('interest', { mode: 'number' }).notNull(),
    periods: jsonb('periods').notNull(),
    compensationEur: integer('compensation_eur'),
    compensationAmount: bigint('compensation_amount', { mode: 'number' }),
    compensationRate: integer('compensation_rate'),
    compensationTable: text('compensation_table'),
    compensationRateDate: date('compensation_rate_date', { mode: 'string' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('interest_notes_invoice_idx').on(t.invoiceId, t.id)],
);
