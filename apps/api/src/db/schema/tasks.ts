import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { queries } from './queries.ts';
import { users } from './users.ts';

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
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    deletionReason: integer('deletion_reason').notNull().default(0),
  },
  (t) => [
    index('tasks_list_idx').on(t.deletionReason, t.status, t.contactDate),
    index('tasks_query_idx').on(t.queryId),
    index('tasks_order_idx').on(t.orderId),
    // The drawer badge: a user's open, notifying tasks that are due.
    index('tasks_badge_idx')
      .on(t.userId, t.contactDate)
      .where(sql`${t.status} = 'niewykonane' AND ${t.drawerNotification} AND ${t.deletionReason} = 0`),
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
  (t) => [index('task_contact_tries_task_idx').on(t.taskId, t.date)],
);
