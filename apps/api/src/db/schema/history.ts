import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type HistoryChange = { field: string; from: unknown; to: unknown };

/**
 * Every change of the editable records (queries, orders, customers, carriers, tasks, offers, invoices, users,
 * settings), written by the database's triggers in the transaction of the change itself (see the migration): who
 * (the request's user, set per transaction), what (create, update, delete, restore, conversion, confirmation, send…)
 * and each field's old and new value. Passwords and tokens are never taken.
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The table's name: 'queries', 'orders', … */
    resource: text('resource').notNull(),
    recordUuid: uuid('record_uuid').notNull(),
    action: text('action').notNull(),
    userUuid: uuid('user_uuid'),
    userName: text('user_name'),
    /** Column names as in the database; the API turns them into the resource's field names. */
    changes: jsonb('changes').$type<HistoryChange[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('record_history_record_idx').on(t.recordUuid, t.id.desc())],
);
