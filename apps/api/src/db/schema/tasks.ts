import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { queries } from './queries.ts';
import { users } from './users.ts';

/** A task whose Telegram reminder for its current contact date is still to handle (the index and its query share it). */
export const TELEGRAM_DUE = (t: {
  status: AnyPgColumn;
  telegramNotification: AnyPgColumn;
  deletionReason: AnyPgColumn;
  telegramRemindedFor: AnyPgColumn;
  contactDate: AnyPgColumn;
}) =>
  sql`${t.status} = 'niewykonane' AND ${t.telegramNotification} AND ${t.deletionReason} = 0 AND ${t.telegramRemindedFor} IS DISTINCT FROM ${t.contactDate}`;

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    status: text('status').notNull().default('niewykonane'),
    phonePrefix: text('phone_prefix').notNull().default('48'),
    phone: text('phone'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    queryId: integer('query_id').references(() => queries.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    comment: text('comment'),
    contactDate: timestamp('contact_date', { withTimezone: true, mode: 'string' }).notNull(),
    telegramNotification: boolean('telegram_notification').notNull().default(false),
    drawerNotification: boolean('drawer_notification').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by the database on every change (the ETag; If-Match refuses an older one). */
    version: integer('version').notNull().default(1),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    deletionReason: integer('deletion_reason').notNull().default(0),
    /** The contact date whose Telegram reminder was handled; a new contact date makes the task due again. */
    telegramRemindedFor: timestamp('telegram_reminded_for', { withTimezone: true, mode: 'string' }),
    /**
     * The assignee's name, kept by the database from users.name (migration kept_counts): order[user.name] reads it
     * along an index instead of joining and sorting every task. Neither a change of the task nor in its history.
     */
    assigneeName: text('assignee_name'),
  },
  (t) => [
    index('tasks_list_idx').on(t.deletionReason, t.status, t.contactDate),
    // The list's default order (contact date, soonest first, then id) among live tasks: read in order, not sorted.
    // NULLS FIRST as order[contactDate] sorts (the column is never null), so that one index serves both directions.
    index('tasks_default_order_idx').on(t.contactDate.nullsFirst(), t.id).where(sql`${t.deletionReason} = 0`),
    // A status (the page opens on 'niewykonane'), in the same order.
    index('tasks_status_order_idx').on(t.status, t.contactDate.nullsFirst(), t.id).where(sql`${t.deletionReason} = 0`),
    // 'Moje zadania': one user's live tasks in the same order.
    index('tasks_user_order_idx').on(t.userId, t.contactDate.nullsFirst(), t.id).where(sql`${t.deletionReason} = 0`),
    index('tasks_created_sort_idx').on(t.createdAt.nullsFirst(), t.id).where(sql`${t.deletionReason} = 0`),
    index('tasks_assignee_sort_idx').on(t.assigneeName.nullsFirst(), t.id).where(sql`${t.deletionReason} = 0`),
    index('tasks_finished_sort_idx').on(t.finishedAt.nullsFirst(), t.id).where(sql`${t.deletionReason} = 0`),
    // The admin's deleted tasks, in the default order.
    index('tasks_deleted_order_idx').on(t.contactDate.nullsFirst(), t.id).where(sql`${t.deletionReason} > 0`),
    index('tasks_query_idx').on(t.queryId),
    index('tasks_order_idx').on(t.orderId),
    // The drawer badge: a user's open, notifying tasks that are due.
    index('tasks_badge_idx')
      .on(t.userId, t.contactDate)
      .where(sql`${t.status} = 'niewykonane' AND ${t.drawerNotification} AND ${t.deletionReason} = 0`),
    // Telegram reminders still to handle: only open, notifying tasks whose current contact date was not reminded.
    index('tasks_telegram_due_idx').on(t.contactDate).where(TELEGRAM_DUE(t)),
  ],
);

export const taskContactTries = pgTable(
  'task_contact_tries',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    date: timestamp('date', { withTimezone: true, mode: 'string' }).notNull(),
    status: text('status').notNull().default('nieudana'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('task_contact_tries_task_idx').on(t.taskId, t.date),
    // The attempts list without a task: the first 500 by date, read in order.
    index('task_contact_tries_date_idx').on(t.date, t.id),
  ],
);
