import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    login: text('login').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull().default(sql`ARRAY['ROLE_USER']::text[]`),
    phonePrefix: text('phone_prefix').notNull().default('48'),
    phone: text('phone'),
    email: text('email'),
    telegramUserId: text('telegram_user_id'),
    /** Telegram notices the user wants besides task reminders (the /telegram page's switches). */
    telegramOnAssignment: boolean('telegram_on_assignment').notNull().default(true),
    telegramOnOfferVerified: boolean('telegram_on_offer_verified').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by the database on every change (the ETag; If-Match refuses an older one). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // Logins are unique regardless of case: 'Jan' and 'jan' are the same person.
    uniqueIndex('users_login_lower_uq').using('btree', sql`lower(${t.login})`),
    // The users list's default order (name, then id) and its sortable columns.
    index('users_name_idx').on(t.name.nullsFirst(), t.id),
    index('users_login_sort_idx').on(t.login.nullsFirst(), t.id),
    index('users_email_sort_idx').on(t.email.nullsFirst(), t.id),
    index('users_created_sort_idx').on(t.createdAt.nullsFirst(), t.id),
    // The text filters 'name' and 'roles' (ILIKE a fragment anywhere) and the other lists' 'user.name' (the same,
    // accents aside): their matches found without reading every user, when the first rows of the order do not hold a
    // page (http/listing.ts). f_roles_text: migration 0075.
    index('users_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_name_unaccent_trgm').using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
    index('users_roles_trgm').using('gin', sql`f_roles_text(${t.roles}) gin_trgm_ops`),
  ],
);
