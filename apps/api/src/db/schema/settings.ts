import { integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';

export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  key: text('key').notNull().unique(),
  value: text('value'),
  /** Bumped by the database on every change (the ETag; If-Match refuses an older one). */
  version: integer('version').notNull().default(1),
});
