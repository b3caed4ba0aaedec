import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { invoices } from './invoices.ts';
import { orders } from './orders.ts';
import { carrierInvoices } from './payables.ts';
import { users } from './users.ts';

/** A bank statement read in (issue 26): the file's name, its format and who imported it. */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    bank: text('bank'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    /** Issue 35: its lines and its booked lines, kept by triggers on the lines (migration money_kept_values). */
    lineCount: integer('line_count').notNull().default(0),
    bookedCount: integer('booked_count').notNull().default(0),
  },
  // The list: newest first.
  (t) => [index('bank_statements_created_idx').on(t.createdAt, t.id)],
);

/**
 * One operation of a statement; `line_hash` (the account, date, amount, currency, title, counterparty and the
 * operation's position among its identical twins) is unique, so the same file imported twice adds no line twice.
 * The match found at import is kept; a booked line carries its payment's id.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    lineHash: text('line_hash').notNull().unique(),
    position: integer('position').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    title: text('title').notNull().default(''),
    counterpartyName: text('counterparty_name'),
    counterpartyAccount: text('counterparty_account'),
    matchInvoiceId: integer('match_invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    matchOrderId: integer('match_order_id').references(() => orders.id, { onDelete: 'set null' }),
    matchConfidence: text('match_confidence'),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    bookedInvoiceId: integer('booked_invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    bookedOrderId: integer('booked_order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** A debit's carrier invoice (a payable, issue 38): suggested at import, then the one it was booked to. */
    matchCarrierInvoiceId: integer('match_carrier_invoice_id').references(() => carrierInvoices.id, {
      onDelete: 'set null',
    }),
    bookedCarrierInvoiceId: integer('booked_carrier_invoice_id').references(() => carrierInvoices.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('bank_statement_lines_statement_idx').on(t.statementId, t.position),
    // The foreign keys' SET NULL when an order or an invoice is deleted (each read every line without them).
    ...[
      t.matchOrderId,
      t.bookedOrderId,
      t.matchInvoiceId,
      t.bookedInvoiceId,
      t.matchCarrierInvoiceId,
      t.bookedCarrierInvoiceId,
    ].map((column) =>
      index(`bank_statement_lines_${column.name.replace(/_id$/, '')}_idx`)
        .on(column)
        .where(sql`${column} IS NOT NULL`),
    ),
  ],
);

/** A CSV's column mapping saved per bank (a settings-like table): the next file of that bank needs only its name. */
export const bankCsvMappings = pgTable('bank_csv_mappings', {
  bank: text('bank').primaryKey(),
  mapping: jsonb('mapping').notNull().$type<Record<string, unknown>>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
