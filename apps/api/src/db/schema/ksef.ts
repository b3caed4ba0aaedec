import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invoices } from './invoices.ts';
import { orders } from './orders.ts';

/**
 * The KSeF connection (one row, id 1). Not in `settings`: every user reads those, and the token is a secret. The
 * token is kept encrypted (AES-256-GCM, the key from APP_SECRET or the data folder), with its last 4 characters apart.
 */
export const ksefConfig = pgTable('ksef_config', {
  id: integer('id').primaryKey(),
  environment: text('environment').notNull().default('TEST'),
  tokenCipher: text('token_cipher'),
  tokenLast4: text('token_last4'),
  autoSend: boolean('auto_send').notNull().default(false),
  syncHourly: boolean('sync_hourly').notNull().default(false),
  /** The incremental fetch's high-water mark (PermanentStorage date of the last complete window). */
  syncFrom: timestamp('sync_from', { withTimezone: true, mode: 'string' }),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true, mode: 'string' }),
});

export type KsefErrorInfo = { code: number | null; message: string; details?: string[] };

/**
 * Invoices on their way to KSeF: a durable queue like the mail outbox (leased claims, back-off). A row keeps the
 * exact XML sent (its hash is KOD I's) and where it went (session, invoice reference), so that a worker that died
 * between sending and reading the status asks KSeF about that invoice before sending anything again.
 */
export const ksefOutbox = pgTable(
  'ksef_outbox',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** pending (to send or to poll), done (accepted), failed (rejected). */
    status: text('status').notNull().default('pending'),
    offline: boolean('offline').notNull().default(false),
    xml: text('xml').notNull(),
    hash: text('hash').notNull(),
    sessionRef: text('session_ref'),
    invoiceRef: text('invoice_ref'),
    /** Set just before the invoice is posted: from then on a retry must first ask KSeF. */
    postedAt: timestamp('posted_at', { withTimezone: true }),
    upo: text('upo'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** 'add and send': the customer's e-mail goes once KSeF has accepted. */
    mailAfter: boolean('mail_after').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('ksef_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('ksef_outbox_invoice_idx').on(t.invoiceId, t.id),
  ],
);

/** Carriers' invoices fetched from KSeF (our NIP as the buyer), each once. */
export const receivedInvoices = pgTable(
  'received_invoices',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    ksefNumber: text('ksef_number').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    sellerNip: text('seller_nip').notNull(),
    sellerName: text('seller_name'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    paymentDate: date('payment_date', { mode: 'string' }),
    netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
    vatAmount: bigint('vat_amount', { mode: 'number' }).notNull(),
    grossAmount: bigint('gross_amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    xml: text('xml').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    permanentStorageDate: timestamp('permanent_storage_date', { withTimezone: true, mode: 'string' }),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('received_invoices_ksef_number_uq').on(t.ksefNumber),
    // Issue 35: the sortable columns NULLS FIRST, as `order[x]=asc` sorts (the default, newest first, reads it backwards).
    index('received_invoices_issue_idx').on(t.issueDate.nullsFirst(), t.id),
    index('received_invoices_gross_idx').on(t.grossAmount.nullsFirst(), t.id),
    // A currency's invoices in the default order, counted from the index alone: a row holds the invoice's XML (five
    // rows a page), so 10,001 of them read from the table were 2,000 pages (8–27 ms at 347,000 invoices).
    index('received_invoices_currency_idx').on(t.currency, t.issueDate.nullsFirst(), t.id),
    // The filters that match anywhere in the value (the seller's NIP as typed, the invoice's number).
    index('received_invoices_seller_nip_trgm').using('gin', sql`${t.sellerNip} gin_trgm_ops`),
    index('received_invoices_number_trgm').using('gin', sql`${t.invoiceNumber} gin_trgm_ops`),
    index('received_invoices_seller_idx').on(t.sellerNip, t.issueDate),
    index('received_invoices_order_idx').on(t.orderId),
    index('received_invoices_unmatched_idx').on(t.issueDate.nullsFirst(), t.id).where(sql`${t.orderId} IS NULL`),
  ],
);
