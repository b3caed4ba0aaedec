import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { invoices } from './invoices.ts';
import { mailOutbox } from './mail.ts';
import { users } from './users.ts';

/**
 * Issue 26: a payment reminder sent for an invoice, one row per step of the schedule (the step's day counted from the
 * due date). The unique (invoice, day) is taken in the transaction that queues the mail: a restart, a second
 * server or an edited schedule never sends a step twice.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    language: text('language').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    dueAmount: bigint('due_amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    /** Sent by a person ('wyślij teraz'), not by the worker. */
    manual: boolean('manual').notNull().default(false),
    sentById: integer('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    unique('invoice_reminders_invoice_day_uq').on(t.invoiceId, t.day),
    index('invoice_reminders_sent_idx').on(t.sentAt),
  ],
);
