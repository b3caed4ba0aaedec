import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invoices } from './invoices.ts';
import { receivedInvoices } from './ksef.ts';
import { orders } from './orders.ts';
import { carriers, customers } from './parties.ts';
import { orderDocuments } from './portal.ts';
import { users } from './users.ts';

/** The sortable columns (besides the issue and due dates, which have their own indexes) of the two lists. */
const liveSorted = ['number', 'dueDate', 'receivedDate', 'grossAmount', 'dueAmount'] as const;
const openSorted = ['number', 'issueDate', 'receivedDate', 'grossAmount', 'dueAmount'] as const;
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Issue 38: a carrier's invoice as a payable. Amounts in hundredths of its currency; an EUR invoice keeps the rate the
 * VAT act takes (NBP's of the last business day before the issue date) in ten-thousandths. What is due, the due date
 * and the warnings are recomputed by modules/payables/service.ts in the transaction that changes the invoice, its
 * orders or its payments; the status depends on today as well and is computed when read (payables/status.ts).
 */
export const carrierInvoices = pgTable(
  'carrier_invoices',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    /** vat | corrective */
    type: text('type').notNull().default('vat'),
    correctedId: integer('corrected_id').references((): AnyPgColumn => carrierInvoices.id, { onDelete: 'restrict' }),
    /** ksef | portal | hand */
    source: text('source').notNull().default('hand'),
    receivedInvoiceId: integer('received_invoice_id').references(() => receivedInvoices.id, { onDelete: 'set null' }),
    portalDocumentId: integer('portal_document_id').references(() => orderDocuments.id, { onDelete: 'set null' }),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'restrict' }),
    number: text('number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    receivedDate: date('received_date', { mode: 'string' }),
    documentsReceivedDate: date('documents_received_date', { mode: 'string' }),
    currency: text('currency').notNull().default('pln'),
    netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
    vatAmount: bigint('vat_amount', { mode: 'number' }).notNull(),
    grossAmount: bigint('gross_amount', { mode: 'number' }).notNull(),
    exchangeRate: integer('exchange_rate'),
    bankAccount: text('bank_account'),
    paymentTermDays: integer('payment_term_days').notNull().default(60),
    /** issue | documents */
    paymentTermFrom: text('payment_term_from').notNull().default('documents'),
    /** Null while the term waits for the documents. */
    dueDate: date('due_date', { mode: 'string' }),
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    /** On the invoice corrected (its family's gross less its family's payments); 0 on a corrective. */
    dueAmount: bigint('due_amount', { mode: 'number' }).notNull().default(0),
    paidDate: date('paid_date', { mode: 'string' }),
    /** Set while a live transfer batch holds it ('w paczce'). */
    batchId: integer('batch_id'),
    /** Any warning holds it ('wstrzymana'). */
    held: boolean('held').notNull().default(false),
    warnings: jsonb('warnings').notNull().default([]).$type<{ code: string; message: string }[]>(),
    note: text('note'),
    deletionReason: integer('deletion_reason').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('carrier_invoices_number_uq')
      .on(t.carrierId, sql`lower(${t.number})`)
      .where(sql`${t.deletionReason} = 0`),
    uniqueIndex('carrier_invoices_received_uq').on(t.receivedInvoiceId).where(sql`${t.deletionReason} = 0`),
    uniqueIndex('carrier_invoices_portal_uq').on(t.portalDocumentId).where(sql`${t.deletionReason} = 0`),
    index('carrier_invoices_issue_idx').on(t.issueDate.nullsFirst(), t.id),
    index('carrier_invoices_carrier_idx').on(t.carrierId, t.issueDate, t.id),
    index('carrier_invoices_corrected_idx').on(t.correctedId),
    index('carrier_invoices_batch_idx').on(t.batchId),
    // 'Do zapłaty': the open invoices by due date (those waiting for documents have none, first as NULLS FIRST).
    index('carrier_invoices_open_due_idx')
      .on(t.dueDate.nullsFirst(), t.id)
      .where(sql`${t.dueAmount} > 0 AND ${t.deletionReason} = 0 AND ${t.type} = 'vat'`),
    index('carrier_invoices_number_trgm').using('gin', sql`${t.number} gin_trgm_ops`),
    // Issue 35: each sortable column of /api/carrier_invoices (live rows) and of 'Do zapłaty' (open rows) in an index
    // that yields its order, NULLS FIRST as `order[x]=asc` sorts (read backwards for desc), id as the tiebreaker.
    // The default view sorts `issue_date DESC NULLS FIRST, id ASC`, which no index read either way yielded.
    index('carrier_invoices_live_default_idx')
      .on(t.issueDate.desc().nullsFirst(), t.id)
      .where(sql`${t.deletionReason} = 0`),
    ...liveSorted.map((c) =>
      index(`carrier_invoices_live_${snake(c)}_idx`)
        .on(t[c].nullsFirst(), t.id)
        .where(sql`${t.deletionReason} = 0`),
    ),
    ...openSorted.map((c) =>
      index(`carrier_invoices_open_${snake(c)}_idx`)
        .on(t[c].nullsFirst(), t.id)
        .where(sql`${t.dueAmount} > 0 AND ${t.deletionReason} = 0 AND ${t.type} = 'vat'`),
    ),
    // The rows whose status is not their own figures' (correctives, and any row corrected itself): few, counted apart
    // from the kept totals (payables/repository.ts keptStatusCount).
    index('carrier_invoices_family_idx')
      .on(t.id)
      .where(sql`${t.deletionReason} = 0 AND (${t.correctedId} IS NOT NULL OR ${t.type} <> 'vat')`),
    // The list by the carrier's name: a carrier's live invoices in id order (the name's tiebreaker).
    index('carrier_invoices_live_carrier_id_idx').on(t.carrierId, t.id).where(sql`${t.deletionReason} = 0`),
  ],
);

/** The orders an invoice covers, each with its part of the invoice's gross. */
export const carrierInvoiceOrders = pgTable(
  'carrier_invoice_orders',
  {
    carrierInvoiceId: integer('carrier_invoice_id')
      .notNull()
      .references(() => carrierInvoices.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.carrierInvoiceId, t.orderId] }),
    index('carrier_invoice_orders_order_idx').on(t.orderId),
  ],
);

/**
 * Issue 38: the one payments ledger. A receipt ('in') is on one of our invoices; a payment ('out') on a carrier's
 * invoice or, as before invoices were kept, on an order's carrier. The former `invoice_payments` and
 * `carrier_payments` were moved in with their uuids (their history follows the uuid) and stay as views of it.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    /** in | out */
    direction: text('direction').notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    carrierInvoiceId: integer('carrier_invoice_id').references(() => carrierInvoices.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    carrierId: integer('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
    date: date('date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull().default('przelew'),
    note: text('note'),
    statementLineId: integer('statement_line_id'),
    transferLineId: integer('transfer_line_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId, t.date, t.id),
    index('payments_carrier_invoice_idx').on(t.carrierInvoiceId, t.date, t.id),
    index('payments_order_idx').on(t.orderId, t.id),
    index('payments_direction_date_idx').on(t.direction, t.date, t.id),
    index('payments_transfer_line_idx').on(t.transferLineId),
    // The foreign keys' SET NULL when a customer or a carrier is deleted (each read every payment without them).
    index('payments_customer_idx').on(t.customerId).where(sql`${t.customerId} IS NOT NULL`),
    index('payments_carrier_idx').on(t.carrierId).where(sql`${t.carrierId} IS NOT NULL`),
  ],
);

/** A batch of transfers ('paczka przelewów'); exported, it is locked and its file is kept (the same bytes again). */
export const transferBatches = pgTable(
  'transfer_batches',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    /** przygotowana | wyeksportowana | oplacona | anulowana */
    status: text('status').notNull().default('przygotowana'),
    executionDate: date('execution_date', { mode: 'string' }).notNull(),
    refused: jsonb('refused').notNull().default([]).$type<{ invoice: string; code: string; message: string }[]>(),
    elixirFile: text('elixir_file'),
    pain001File: text('pain001_file'),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('transfer_batches_created_idx').on(t.createdAt, t.id)],
);

/** One transfer of a batch: one carrier, one account, one currency, one or more of its invoices. */
export const transferLines = pgTable(
  'transfer_lines',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => transferBatches.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'restrict' }),
    account: text('account').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    title: text('title').notNull(),
    mpp: boolean('mpp').notNull().default(false),
    vatAmount: bigint('vat_amount', { mode: 'number' }).notNull().default(0),
    /** confirmed | unconfirmed | overridden | not_required | foreign */
    whitelistStatus: text('whitelist_status').notNull(),
    whitelistRequestId: text('whitelist_request_id'),
    overrideReason: text('override_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('transfer_lines_batch_idx').on(t.batchId, t.position),
    // The foreign key's RESTRICT when a carrier is deleted.
    index('transfer_lines_carrier_idx').on(t.carrierId),
    index('transfer_lines_open_idx').on(t.account, t.amount).where(sql`${t.paidAt} IS NULL`),
  ],
);

export const transferLineInvoices = pgTable(
  'transfer_line_invoices',
  {
    lineId: integer('line_id')
      .notNull()
      .references(() => transferLines.id, { onDelete: 'cascade' }),
    carrierInvoiceId: integer('carrier_invoice_id')
      .notNull()
      .references(() => carrierInvoices.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lineId, t.carrierInvoiceId] }),
    index('transfer_line_invoices_invoice_idx').on(t.carrierInvoiceId),
  ],
);

/**
 * Issue 35: the open money per side, currency and day, kept by statement triggers (migration cashflow_day_totals) as
 * net changes: 'in' our VAT invoices not paid with something due, by payment date; 'out' the carriers' live VAT
 * invoices with something due, by due date (null while waiting for documents), held and in a batch apart. 'Przepływy'
 * and the totals of 'Do zapłaty''s views read these few rows per day instead of summing every open invoice.
 */
export const cashflowDayTotals = pgTable(
  'cashflow_day_totals',
  {
    side: text('side').notNull(),
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }),
    held: boolean('held').notNull().default(false),
    inBatch: boolean('in_batch').notNull().default(false),
    n: integer('n').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('cashflow_day_totals_idx').on(t.side, t.day)],
);
