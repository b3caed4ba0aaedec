import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * A query's best offer: its lowest active offer, EUR compared with PLN through the
 * euroExchangeRate setting. Kept on the query row, recomputed in SQL by whoever changes offers.
 */
const bestOfferUpdate = (where: SQL) => sql`
  UPDATE queries SET (best_offer, best_offer_currency, best_offer_pln) = (
    SELECT o.price, o.currency, pln::int FROM (
      SELECT price, currency, id,
             CASE WHEN currency = 'eur'
                  THEN round(price::bigint * coalesce((SELECT value::int FROM settings WHERE key = 'euroExchangeRate'), 100) / 100.0)
                  ELSE price END AS pln
      FROM offers WHERE query_id = queries.id AND active) o
    ORDER BY o.pln, o.id
    LIMIT 1),
    -- Public offers waiting for the carrier's e-mail confirmation: shown, never counted as the best.
    pending_offers = (SELECT count(*)::int FROM offers WHERE query_id = queries.id AND NOT active)
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
