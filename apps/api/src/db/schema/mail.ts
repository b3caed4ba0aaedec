import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export type MailAttachment = { filename: string; contentType: string; contentBase64: string };
/** An attachment made when the mail is sent (e.g. an invoice's PDF with the positions added after queuing). */
export type MailAttachmentRef = { kind: string; ref: string };

/** Every e-mail goes through here first: a failing mail server delays mail, never loses it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    messageId: text('message_id').notNull().unique(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    attachmentRefs: jsonb('attachment_refs').$type<MailAttachmentRef[]>().notNull().default(sql`'[]'::jsonb`),
    /** What to record once a mail server accepted the message (an order marked sent to its customer). */
    onSent: jsonb('on_sent').$type<MailAttachmentRef>(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
);
