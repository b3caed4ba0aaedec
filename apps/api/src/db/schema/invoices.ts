import { sql } from 'drizzle-orm';
import {
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
import { orders } from './orders.ts';
import { customers } from './parties.ts';

/**
 * Invoices: ProForma, VAT and corrective. The seller's and the buyer's data are copied onto the invoice (a document
 * keeps what it said); the totals are sums of the positions, kept on the row by the server in the transaction that
 * changes a position, so that lists, month sums and statistics read them without the positions.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    type: text('type').notNull(),
    number: text('number').notNull(),
    /** YYYYMM·10⁶ + n of the number, so that `order[number]` sorts 2/11/2026 before 10/11/2026 by an index. */
    numberSort: bigint('number_sort', { mode: 'number' }).notNull(),
    createdDate: date('created_date', { mode: 'string' }).notNull(),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    paymentDate: date('payment_date', { mode: 'string' }),
    paymentDateString: text('payment_date_string'),
    paymentMethod: text('payment_method').notNull().default('przelew'),
    currency: text('currency').notNull().default('pln'),
    description: text('description'),
    vendorName: text('vendor_name').notNull(),
    vendorNip: text('vendor_nip').notNull(),
    vendorStreetAddress: text('vendor_street_address').notNull(),
    vendorPostalCode: text('vendor_postal_code').notNull(),
    vendorCity: text('vendor_city').notNull(),
    vendorBankAccount: text('vendor_bank_account'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    customerName: text('customer_name').notNull(),
    customerNip: text('customer_nip').notNull(),
    customerStreetAddress: text('customer_street_address').notNull(),
    customerPostalCode: text('customer_postal_code').notNull(),
    customerCity: text('customer_city').notNull(),
    customerCountry: text('customer_country').notNull().default('PL'),
    customerEmail: text('customer_email'),
    correctionReason: text('correction_reason'),
    correctedDocumentNumber: text('corrected_document_number'),
    correctedDocumentDate: date('corrected_document_date', { mode: 'string' }),
    correctedInvoiceId: integer('corrected_invoice_id'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    orderProFormaId: integer('order_pro_forma_id').references(() => orders.id, { onDelete: 'restrict' }),
    invoiceSent: boolean('invoice_sent').notNull().default(false),
    paid: boolean('paid').notNull().default(false),
    paidDate: date('paid_date', { mode: 'string' }),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    /** An EUR invoice's rate in ten-thousandths of a złoty (NBP's four decimals), its source, table and date. */
    exchangeRate: integer('exchange_rate'),
    exchangeRateSource: text('exchange_rate_source'),
    exchangeRateTable: text('exchange_rate_table'),
    exchangeRateDate: date('exchange_rate_date', { mode: 'string' }),
    totalNet: bigint('total_net', { mode: 'number' }).notNull().default(0),
    totalVat: bigint('total_vat', { mode: 'number' }).notNull().default(0),
    totalGross: bigint('total_gross', { mode: 'number' }).notNull().default(0),
    /**
     * Issue 26: the payments booked on the invoice (live ones), and what is still due: for a VAT invoice its gross with
     * its corrections' differences less everything paid on them; a corrective's own is settled through the invoice it
     * corrects (0). Kept by the server in the transaction that books a payment or changes the totals.
     */
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    dueAmount: bigint('due_amount', { mode: 'number' }).notNull().default(0),
    /** KSeF: none, queued, sending, accepted, rejected, offline; the number, when accepted, and KSeF's error. */
    ksefStatus: text('ksef_status').notNull().default('none'),
    ksefNumber: text('ksef_number'),
    ksefAcceptedAt: timestamp('ksef_accepted_at', { withTimezone: true, mode: 'string' }),
    ksefError: jsonb('ksef_error').$type<{ code: number | null; message: string; details?: string[] }>(),
    /** SHA-256 (Base64) of the exact XML sent or issued offline: KOD I's link. */
    ksefHash: text('ksef_hash'),
    /** When an offline invoice was issued (its deadline follows from it). */
    ksefOfflineAt: timestamp('ksef_offline_at', { withTimezone: true, mode: 'string' }),
    createdById: integer('created_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by the database on every change (the ETag; If-Match refuses an older one). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // A number is free or taken per type: the number typed by hand is checked against it, concurrent ones too.
    uniqueIndex('invoices_type_number_uq').on(t.type, t.number),
    // A month's list of one type (the screens' question), read in issue-date order either way.
    // Issue 35: each sortable column's order within a type, NULLS FIRST as `order[x]=asc` sorts (read backwards for
    // desc; the default order is newest first, the issue date's index read backwards).
    index('invoices_type_created_idx').on(t.type, t.createdDate.nullsFirst(), t.id),
    index('invoices_type_number_sort_idx').on(t.type, t.numberSort.nullsFirst(), t.id),
    index('invoices_type_payment_idx').on(t.type, t.paymentDate.nullsFirst(), t.id),
    index('invoices_type_sale_idx').on(t.type, t.saleDate.nullsFirst(), t.id),
    index('invoices_type_customer_name_idx').on(t.type, t.customerName.nullsFirst(), t.id),
    index('invoices_type_gross_idx').on(t.type, t.totalGross.nullsFirst(), t.id),
    index('invoices_type_paid_amount_idx').on(t.type, t.paidAmount.nullsFirst(), t.id),
    index('invoices_type_due_amount_idx').on(t.type, t.dueAmount.nullsFirst(), t.id),
    index('invoices_sale_date_idx').on(t.saleDate),
    // Issue 26: the open invoices (a payment status filter, the balances, the matching of a bank statement).
    index('invoices_unpaid_idx').on(t.type, t.paymentDate, t.id).where(sql`NOT ${t.paid}`),
    index('invoices_customer_unpaid_idx').on(t.customerId, t.paymentDate).where(sql`NOT ${t.paid}`),
    // Issue 35: the payment status filters (and paid=false) in the default order, newest first, among the open ones.
    // Migration 0081 makes it INCLUDE the payment date and the amount paid (drizzle's index builder cannot write it): a
    // status's page ids are read from it alone (invoices/filters.ts `idsFirst`).
    index('invoices_unpaid_created_idx').on(t.type, t.createdDate.nullsFirst(), t.id).where(sql`NOT ${t.paid}`),
    index('invoices_part_paid_created_idx')
      .on(t.type, t.createdDate.nullsFirst(), t.id)
      .where(sql`NOT ${t.paid} AND ${t.paidAmount} > 0`),
    // The number typed from its start (LIKE '1/10/%'): a range of this index.
    index('invoices_type_number_prefix_idx').on(t.type, t.number.op('text_pattern_ops')),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_order_pro_forma_idx').on(t.orderProFormaId),
    index('invoices_customer_idx').on(t.customerId),
    index('invoices_corrected_idx').on(t.correctedInvoiceId),
    index('invoices_ksef_status_idx').on(t.type, t.ksefStatus, t.createdDate.nullsFirst(), t.id),
    uniqueIndex('invoices_ksef_number_uq').on(t.ksefNumber).where(sql`${t.ksefNumber} IS NOT NULL`),
    // The original client asks a month as number=/MM/ (anywhere in the number).
    index('invoices_number_trgm').using('gin', sql`${t.number} gin_trgm_ops`),
    index('invoices_customer_name_trgm').using('gin', sql`f_unaccent(lower(${t.customerName})) gin_trgm_ops`),
    index('invoices_customer_nip_trgm').using('gin', sql`${t.customerNip} gin_trgm_ops`),
  ],
);

export const invoicePositions = pgTable(
  'invoice_positions',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** Order on the invoice (Lp.). */
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    amount: integer('amount').notNull(),
    unit: text('unit').notNull().default('km'),
    netto: bigint('netto', { mode: 'number' }).notNull(),
    nettoValue: bigint('netto_value', { mode: 'number' }).notNull(),
    vatRate: integer('vat_rate').notNull(),
    vatValue: bigint('vat_value', { mode: 'number' }).notNull(),
    bruttoValue: bigint('brutto_value', { mode: 'number' }).notNull(),
  },
  (t) => [index('invoice_positions_invoice_idx').on(t.invoiceId, t.position, t.id)],
);

/** Invoice numbers: one counter per type and month of issue, taken inside the creating transaction. */
export const invoiceNumberCounters = pgTable(
  'invoice_number_counters',
  {
    type: text('type').notNull(),
    period: text('period').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.type, t.period] })],
);

/**
 * Issue 35: the invoices' count and sums per type, currency and month of issue, kept by statement triggers (migration
 * money_kept_values) as net changes, as status_counts keeps the orders': the screens' usual view (a type and whole
 * months) reads its total and its month's sums from a few rows instead of the month's invoices. Folded into one row per
 * key now and then (modules/invoices/kept.ts).
 */
export const invoiceMonthTotals = pgTable(
  'invoice_month_totals',
  {
    type: text('type').notNull(),
    currency: text('currency').notNull(),
    /** The first day of the month of issue. */
    month: date('month', { mode: 'string' }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    totalNet: bigint('total_net', { mode: 'number' }).notNull(),
    totalVat: bigint('total_vat', { mode: 'number' }).notNull(),
    totalGross: bigint('total_gross', { mode: 'number' }).notNull(),
  },
  (t) => [index('invoice_month_totals_idx').on(t.type, t.month)],
);
