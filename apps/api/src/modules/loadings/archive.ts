import { APP_TIMEZONE, CONVERTED_STATUS, LOADINGS_ARCHIVE_PAGE_SIZE } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index.ts';
import { type FilterSpec, sortKey } from '../../http/filters.ts';
import { orderFilters, scatteredNumberFilter } from '../orders/filters.ts';

const o = orders;

/**
 * Today's midnight on the wall clock, in the form loading and unloading dates are kept (a wall-clock time as if it
 * were UTC): an unloading dated before it has its day behind it.
 */
export const wallClockToday = sql`(date_trunc('day', now() AT TIME ZONE ${sql.raw(`'${APP_TIMEZONE}'`)}) AT TIME ZONE 'UTC')`;

/** A finished loading: its unloading confirmed, or its unloading day over. */
export const archivedCondition = sql`(${o.unloadingFinished} OR ${o.unloadingDate} < ${wallClockToday})`;

/**
 * The archive of finished loadings: the orders table's filters (number, customer, carrier, dates), on live orders
 * that are finished loadings, the latest unloading first. The page's ids are read first from `orders_archive_order_idx`
 * alone (it holds the status and the unloading's mark): the orders still to be unloaded, at the head of that order
 * (8,333 of them at 1,000,000 rows), are skipped in the index instead of being read from the table (migration 0076).
 */
export const archiveFilters: FilterSpec = {
  ...orderFilters,
  // In unloading order a number's start is scattered: walked, not read from the orders' number indexes (whose order is
  // the id's).
  custom: { ...orderFilters.custom, number: scatteredNumberFilter },
  base: () => sql`${o.deletionReason} = 0 AND ${o.status} <> ${CONVERTED_STATUS} AND ${archivedCondition}`,
  defaultOrder: [sortKey(o.unloadingDate, 'desc', 'last')],
  orderWhen: undefined,
  itemsPerPage: LOADINGS_ARCHIVE_PAGE_SIZE,
  idsFirst: true,
};
