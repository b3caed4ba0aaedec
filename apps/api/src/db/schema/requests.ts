import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Recent POSTs by fingerprint, so that a double click gets the first answer instead of a second record. */
export const recentRequests = pgTable('recent_requests', {
  fingerprint: text('fingerprint').primaryKey(),
  status: integer('status'),
  contentType: text('content_type'),
  body: text('body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
