import { type SQL, sql } from 'drizzle-orm';
import { orderEtas, orders } from '../../db/schema/index.ts';
import { scattered } from '../../http/filters.ts';

/**
 * The orders table's filter `eta` (issue 39): `opoznione` is an order whose kept ETA is past its stop's window
 * ('opóźnienie'), `zagrozone` one with less than 30 minutes left; several values are alternatives. EXISTS on the kept
 * row by order id: the late ones are a partial index (order_etas_late_idx).
 */
export const ETA_FILTERS = { opoznione: 'opoznienie', zagrozone: 'zagrozone' } as const;

export function etaFilter(value: string): SQL | undefined {
  const wanted = value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v);
  if (wanted.length === 0) return undefined;
  const statuses = wanted.map((v) =>
    Object.hasOwn(ETA_FILTERS, v) ? ETA_FILTERS[v as keyof typeof ETA_FILTERS] : null,
  );
  // An unknown value matches nothing rather than everything.
  if (statuses.some((s) => s === null)) return sql`false`;
  const list = sql.join(
    (statuses as string[]).map((s) => sql`${s}`),
    sql`, `,
  );
  // Its orders lie anywhere along a list's order: a page is read the bounded way (http/listing.ts).
  return scattered(
    sql`EXISTS (SELECT 1 FROM ${orderEtas} e WHERE e.order_id = ${orders.id} AND e.status IN (${list}))`,
  );
}
