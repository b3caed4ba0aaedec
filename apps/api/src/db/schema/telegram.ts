import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tasks } from './tasks.ts';
import { users } from './users.ts';

/**
 * Every Telegram message goes through here: reminders, assignment and offer notices, link replies and test messages.
 * The row is the outbox (leased while being sent, like mail_outbox) and the log the /telegram page shows.
 */
export const telegramMessages = pgTable(
  'telegram_messages',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    /** reminder | assignment | offer | link | test */
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    chatId: text('chat_id').notNull(),
    /** The message as sent (Telegram HTML). */
    html: text('html').notNull(),
    /** One plain line for the log. */
    summary: text('summary').notNull(),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** A reminder's contact date: one reminder per task and contact date. */
    contactDate: timestamp('contact_date', { withTimezone: true, mode: 'string' }),
    /** pending | sending | sent | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('telegram_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('telegram_messages_sending_idx').on(t.lockedUntil).where(sql`${t.status} = 'sending'`),
    index('telegram_messages_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('telegram_messages_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The log's filters by status and kind, newest first.
    index('telegram_messages_status_log_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('telegram_messages_kind_log_idx').on(t.kind, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('telegram_messages_reminder_uq').on(t.taskId, t.contactDate).where(sql`${t.kind} = 'reminder'`),
  ],
);

/** The bot: the admin's token (encrypted), where getUpdates left off and who is reading them now. One row, id 1. */
export const telegramBot = pgTable('telegram_bot', {
  id: integer('id').primaryKey(),
  tokenCiphertext: text('token_ciphertext'),
  updateOffset: bigint('update_offset', { mode: 'number' }).notNull().default(0),
  /** The bot the offset belongs to (update ids are per bot): another token starts from 0. */
  updateBotId: text('update_bot_id'),
  pollLockedUntil: timestamp('poll_locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time codes of `t.me/{bot}?start={code}` links, stored hashed. */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('telegram_link_codes_user_idx').on(t.userId)],
);
