import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { mailOutbox } from './mail.ts';
import { orders } from './orders.ts';
import { customers } from './parties.ts';
import { users } from './users.ts';

/**
 * The customer's tracking link of an order (issue 37), built as the carrier's (portal_links): the token kept as its
 * SHA-256 and sealed with the app's key so the mails carry the same link; revoking clears both. What the office sees:
 * when it was sent, first opened, last viewed.
 */
export const customerLinks = pgTable('customer_links', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').unique(),
  tokenSealed: text('token_sealed'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
  lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
  views: integer('views').notNull().default(0),
  /** 'Widoczny dla klienta' of the order confirmation PDF (the page's and the panel's); a row without a token keeps it. */
  orderPdfVisible: boolean('order_pdf_visible').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each milestone mailed to an order's customer once: the primary key is the guard (two instances, an event reported
 * twice: the second insert does nothing and queues nothing). `kept`: no mail server, the message went to the folder.
 */
export const customerMilestones = pgTable(
  'customer_milestones',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    milestone: text('milestone').notNull(),
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    to: text('to'),
    kept: boolean('kept').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.milestone] }),
    index('customer_milestones_mail_idx').on(t.mailId).where(sql`${t.mailId} IS NOT NULL`),
  ],
);

/** A person of a customer with a panel login: a users row with ROLE_CUSTOMER, bound here to one customer record. */
export const panelUsers = pgTable(
  'panel_users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    passwordSetAt: timestamp('password_set_at', { withTimezone: true }),
  },
  (t) => [
    index('panel_users_customer_idx').on(t.customerId, t.id),
    index('panel_users_customer_active_idx').on(t.customerId).where(sql`${t.active}`),
    index('panel_users_created_by_idx').on(t.createdById).where(sql`${t.createdById} IS NOT NULL`),
  ],
);

/** A one-time link to set the password: 72 hours, single-use, kept as its hash. */
export const panelInvitations = pgTable(
  'panel_invitations',
  {
    id: serial('id').primaryKey(),
    panelUserId: integer('panel_user_id')
      .notNull()
      .references(() => panelUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('panel_invitations_token_uq').on(t.tokenHash),
    index('panel_invitations_user_idx').on(t.panelUserId),
  ],
);
