import { type SQL, sql } from 'drizzle-orm';
import { orderDocuments, orders, portalLinks, settings } from '../../db/schema/index.ts';
import { scattered } from '../../http/filters.ts';

/**
 * The orders table's filter `portal` (issue 25), in SQL:
 * - `nieprzyjete`: sent to the carrier through the link and not accepted — declined, or unanswered for longer than the
 *   `portalAcceptanceHours` setting (2 hours by default);
 * - `brakCmr`: unloaded (confirmed, or reported by the carrier) without a CMR among its files.
 */
export const PORTAL_FILTERS = ['nieprzyjete', 'brakCmr'] as const;

const acceptanceHours = sql`coalesce((SELECT nullif(${settings.value}, '')::int FROM ${settings}
  WHERE ${settings.key} = 'portalAcceptanceHours' AND ${settings.value} ~ '^[0-9]+$'), 2)`;

const notAccepted = sql`EXISTS (SELECT 1 FROM ${portalLinks} l WHERE l.order_id = ${orders.id}
  AND l.accepted_at IS NULL AND l.token_hash IS NOT NULL
  AND (l.declined_at IS NOT NULL OR l.sent_at < now() - make_interval(hours => ${acceptanceHours})))`;

const noCmrAfterUnloading = sql`(${orders.unloadingFinished}
    OR EXISTS (SELECT 1 FROM ${portalLinks} l WHERE l.order_id = ${orders.id} AND l.unloaded_at IS NOT NULL))
  AND NOT EXISTS (SELECT 1 FROM ${orderDocuments} d WHERE d.order_id = ${orders.id}
    AND d.kind = 'cmr' AND d.deleted_at IS NULL)`;

export function portalFilter(value: string): SQL | undefined {
  const wanted = value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v);
  const parts = wanted.map((v) => (v === 'nieprzyjete' ? notAccepted : v === 'brakCmr' ? noCmrAfterUnloading : null));
  if (parts.length === 0) return undefined;
  // An unknown value matches nothing rather than everything.
  if (parts.some((p) => p === null)) return sql`false`;
  // Its orders lie anywhere along a list's order: a page is read the bounded way (http/listing.ts).
  return scattered(sql`(${sql.join(parts as SQL[], sql` AND `)})`);
}
