import { ocpWarnings, PAGE_SIZES } from '@spedycja/domain';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { carriers, offers, orders, queries } from '../../db/schema/index.ts';
import type { FilterSpec } from '../../http/filters.ts';
import { iri } from '../../http/hydra.ts';
import { warsawDay } from '../../warsawDay.ts';

export const offerFilters: FilterSpec = {
  fields: {
    // The query and the carrier asked of their own tables, the offer's keys compared with their ids
    // (offers_query_idx, offers_carrier_idx; http/filters.ts joinedCondition).
    'query.uuid': {
      column: queries.uuid,
      type: 'uuid',
      search: 'exact',
      joined: { foreignKey: offers.queryId, table: queries, id: queries.id },
    },
    'carrier.uuid': {
      column: carriers.uuid,
      type: 'uuid',
      search: 'exact',
      joined: { foreignKey: offers.carrierId, table: carriers, id: carriers.id },
    },
    active: { column: offers.active, type: 'bool', search: 'exact' },
    currency: { column: offers.currency, type: 'string', search: 'exact' },
    price: { column: offers.price, type: 'int', range: true, order: true },
    createdDate: { column: offers.createdAt, type: 'timestamp', date: true, order: true },
  },
  defaults: { active: 'true' },
  defaultOrder: [sql`${offers.createdAt} DESC`],
  tiebreaker: offers.id,
  itemsPerPage: PAGE_SIZES.default,
};

export function selectOffers(db: DbOrTx) {
  return db
    .select({
      offer: getTableColumns(offers),
      queryUuid: queries.uuid,
      queryUnloadingDate: queries.unloadingDate,
      // The order whose conversion took this offer (orders_chosen_offer_idx); one at most, a query converts once.
      chosenBy: sql<
        string | null
      >`(SELECT ${orders.uuid}::text FROM ${orders} WHERE ${orders.chosenOfferUuid} = ${offers.uuid} ORDER BY ${orders.id} LIMIT 1)`,
      carrier: {
        uuid: carriers.uuid,
        companyName: carriers.companyName,
        name: carriers.name,
        phonePrefix: carriers.phonePrefix,
        phone: carriers.phone,
        email: carriers.email,
        ocpValidTo: carriers.ocpValidTo,
        ocpSum: carriers.ocpSum,
        ocpSumCurrency: carriers.ocpSumCurrency,
        rating: carriers.rating,
        onTimeRate: carriers.onTimeRate,
      },
    })
    .from(offers)
    .innerJoin(queries, eq(queries.id, offers.queryId))
    .leftJoin(carriers, eq(carriers.id, offers.carrierId));
}
type OfferRecord = Awaited<ReturnType<ReturnType<typeof selectOffers>['execute']>>[number];

const offerWarnings = (
  carrier: { ocpValidTo: string | null; ocpSum: number | null; ocpSumCurrency: string | null },
  unloadingDate: string | null,
) =>
  ocpWarnings(
    { ...carrier, ocpSumCurrency: carrier.ocpSumCurrency ?? 'pln' },
    { unloadingDate, cargoValue: null, cargoValueCurrency: 'pln', euroExchangeRate: null },
    warsawDay(),
  );

export function toOfferJson({ offer: o, queryUuid, queryUnloadingDate, chosenBy, carrier }: OfferRecord) {
  return {
    '@id': iri('offers', o.uuid),
    '@type': 'Offer',
    id: o.id,
    uuid: o.uuid,
    version: o.version,
    query: iri('queries', queryUuid),
    carrier: carrier?.uuid
      ? {
          '@id': iri('carriers', carrier.uuid),
          ...carrier,
          // Kept in hundredths (modules/carrierRecord): 4.25 on the wire, as the carriers list has it.
          rating: carrier.rating === null ? null : carrier.rating / 100,
        }
      : null,
    // The carrier's OCP against the query's unloading day, as an order for this offer would be warned.
    warnings: carrier?.uuid ? offerWarnings(carrier, queryUnloadingDate) : [],
    acquiredBy: o.acquiredBy,
    currency: o.currency,
    price: o.price,
    email: o.email,
    phonePrefix: o.phonePrefix,
    phone: o.phone,
    active: o.active,
    /** The order made of the query with this offer's carrier and price (its IRI), or null. */
    chosenBy: chosenBy ? iri('orders', chosenBy) : null,
    createdDate: o.createdAt.toISOString(),
  };
}
