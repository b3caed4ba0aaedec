import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * A query's best offer: its lowest active offer, EUR compared with PLN through the
 * euroExchangeRate setting. Kept on the query row, recomputed in SQL by whoever changes offers.
 */
const bestOfferUpdate = (where: SQL) => sql`
  UPDATE queries SET (best_offer, best_offer_currency) = (
    SELECT o.price, o.currency FROM offers o
    WHERE o.query_id = queries.id AND o.active
    ORDER BY CASE WHEN o.currency = 'eur'
                  THEN o.price::bigint * coalesce((SELECT value::int FROM settings WHERE key = 'euroExchangeRate'), 100)
                  ELSE o.price::bigint * 100 END, o.id
    LIMIT 1)
  WHERE ${where}`;

export async function refreshBestOffer(db: DbOrTx, queryId: number) {
  await db.execute(bestOfferUpdate(sql`queries.id = ${queryId}`));
}

/** After the exchange rate changes, only queries with offers in both currencies can change. */
export async function refreshMixedCurrencyBestOffers(db: DbOrTx) {
  await db.execute(
    bestOfferUpdate(
      sql`queries.id IN (SELECT query_id FROM offers WHERE active GROUP BY query_id HAVING count(DISTINCT currency) > 1)`,
    ),
  );
}
