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

/** The order's link, declined or unanswered for longer than the setting. */
const notAcceptedLink = sql`FROM ${portalLinks} l WHERE l.order_id = ${orders.id}
  AND l.accepted_at IS NULL AND l.token_hash IS NOT NULL
  AND (l.declined_at IS NOT NULL OR l.sent_at < now() - make_interval(hours => ${acceptanceHours}))`;
const unloadedOnLink = sql`FROM ${portalLinks} l WHERE l.order_id = ${orders.id} AND l.unloaded_at IS NOT NULL`;
const cmrIn = sql`FROM ${orderDocuments} d WHERE d.order_id = ${orders.id} AND d.kind = 'cmr' AND d.deleted_at IS NULL`;

const notAccepted = sql`EXISTS (SELECT 1 ${notAcceptedLink})`;
const noCmrAfterUnloading = sql`(${orders.unloadingFinished} OR EXISTS (SELECT 1 ${unloadedOnLink}))
  AND NOT EXISTS (SELECT 1 ${cmrIn})`;

// The same, asked per order (http/filters.ts `probes`): for the bounded walk, where a semi-join would read every
// link (or every CMR) before the walk's first order.
const probe = (from: SQL) => sql`coalesce((SELECT true ${from} LIMIT 1), false)`;
const PROBES: Record<string, SQL> = {
  nieprzyjete: probe(notAcceptedLink),
  brakCmr: sql`(${orders.unloadingFinished} OR ${probe(unloadedOnLink)}) AND NOT ${probe(cmrIn)}`,
};

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
  const probes = wanted.map((v) => PROBES[v] as SQL);
  return scattered(sql`(${sql.join(parts as SQL[], sql` AND `)})`, sql`(${sql.join(probes, sql` AND `)})`);
}
