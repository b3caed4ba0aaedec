import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { carriers } from './parties.ts';
import { users } from './users.ts';

/**
 * The carrier's link of an order (issue 25): one row per order. The token is kept as its SHA-256 (looked up by it)
 * and sealed with the app's secret key (AES-256-GCM), so that sending the order again carries the same link.
 * Revoking clears both; the next send issues a new token. The link is bound to the carrier it was sent to.
 */
export const portalLinks = pgTable(
  'portal_links',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrierId: integer('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').unique(),
    tokenSealed: text('token_sealed'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    vehicleAt: timestamp('vehicle_at', { withTimezone: true }),
    vehicleNote: text('vehicle_note'),
    /** 'Załadowano' / 'Rozładowano' as the carrier reported them, for the dispatcher to confirm. */
    loadedAt: timestamp('loaded_at', { withTimezone: true, mode: 'string' }),
    unloadedAt: timestamp('unloaded_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The foreign key's SET NULL when a carrier is deleted.
    index('portal_links_carrier_idx').on(t.carrierId).where(sql`${t.carrierId} IS NOT NULL`),
    // The 'nie przyjęte' filter: sent, neither accepted nor declined.
    index('portal_links_unanswered_idx')
      .on(t.sentAt)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.declinedAt} IS NULL AND ${t.tokenHash} IS NOT NULL`),
    // The 'nieprzyjete' filter's matches on their own (portal/filters.ts; a list's page or total that its bounded walk
    // did not find): the links not accepted, with what decides the rest, read alone instead of a Seq Scan of every link.
    index('portal_links_not_accepted_idx')
      .on(t.orderId, t.declinedAt, t.sentAt)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.tokenHash} IS NOT NULL`),
  ],
);

/** The timeline of the carrier's link: what the carrier did and what the office did with the link. */
export const portalEvents = pgTable(
  'portal_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** sent | accepted | declined | vehicle | loaded | unloaded | document | invoice | revoked | documentDeleted */
    type: text('type').notNull(),
    /** carrier | staff */
    actor: text('actor').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** A carrier's action notifies the order's owner: the drawer badge counts it until they have seen it. */
    notifyUserId: integer('notify_user_id').references(() => users.id, { onDelete: 'set null' }),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('portal_events_order_idx').on(t.orderId, t.id),
    index('portal_events_unseen_idx').on(t.notifyUserId).where(sql`${t.seenAt} IS NULL`),
  ],
);

/**
 * The files of an order (CMR, delivery notes, invoices, others): metadata here, the bytes in the files store under
 * their SHA-256. A deleted record keeps its row (who, when, why); its bytes go after the next backup.
 */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** cmr | invoice | other */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** carrier | staff */
    source: text('source').notNull(),
    addedById: integer('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedById: integer('deleted_by_id').references(() => users.id, { onDelete: 'set null' }),
    deletionReason: text('deletion_reason'),
    /** Issue 37: 'Widoczny dla klienta' – on the customer's tracking page and in the panel. */
    visibleToCustomer: boolean('visible_to_customer').notNull().default(false),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** Issue 38: what the carrier typed with its invoice's PDF (the office confirms it as a carrier invoice). */
    invoiceNumber: text('invoice_number'),
    invoiceIssueDate: date('invoice_issue_date', { mode: 'string' }),
    invoiceGrossAmount: bigint('invoice_gross_amount', { mode: 'number' }),
  },
  (t) => [
    index('order_documents_order_idx').on(t.orderId, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('order_documents_sha_idx').on(t.sha256),
    // Issue 38, 'Do zapłaty': the carriers' invoice PDFs sent through their links, newest first, to confirm.
    index('order_documents_carrier_invoice_idx')
      .on(t.id)
      .where(sql`${t.kind} = 'invoice' AND ${t.source} = 'carrier' AND ${t.deletedAt} IS NULL`),
  ],
);
