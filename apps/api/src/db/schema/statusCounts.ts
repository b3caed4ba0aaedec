import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * How many live (not deleted) orders and queries there are per status and loading country, kept by statement triggers (migrations 0037, 0040) so
 * that the lists' default views ('aktywne', 'wszystkie', with or without a loading country) read their total from a few rows instead of recounting
 * ~100,000 after every write. Rows are changes, not totals: a write inserts its net change per status (no row is
 * updated, so concurrent writes never wait for each other), and the reader sums them and folds them into one row per
 * status now and then (http/listing.ts).
 *
 * Also kept (migration kept_counts, issue 35): customers and carriers (every row, status 'wszystkie'), live tasks per
 * status, and active offers (status 'aktywne'), for those lists' unfiltered totals.
 */
export const statusCounts = pgTable(
  'status_counts',
  {
    tableName: text('table_name').notNull(),
    status: text('status').notNull(),
    /** The loading country (the lists' usual second filter); null for rows without one. */
    country: text('country'),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('status_counts_table_idx').on(t.tableName, t.status)],
);
