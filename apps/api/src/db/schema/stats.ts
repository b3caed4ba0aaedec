import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * The statistics' running sums per month and owner (user_id 0: no owner), kept by triggers on orders and queries in
 * the transaction of each change (migration 0023), so that a year's figures are read from a few hundred rows rather
 * than summed over a year of orders. Orders count in the month of their loading date (UTC day), queries in the month
 * of their creation in Warsaw; a conversion in the month of its query.
 */
export const statsMonthly = pgTable(
  'stats_monthly',
  {
    month: date('month', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull().default(0),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    margin: bigint('margin', { mode: 'number' }).notNull().default(0),
    /** The revenue of the orders that have a margin (both prices): what marginPercent divides by. */
    marginRevenue: bigint('margin_revenue', { mode: 'number' }).notNull().default(0),
    queries: bigint('queries', { mode: 'number' }).notNull().default(0),
    conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.userId] })],
);
