import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { customers, queries, users } from '../../db/schema/index.ts';
import type { ListParams } from '../../http/filters.ts';
import { iri } from '../../http/hydra.ts';
import { listStatements, runList } from '../../http/listing.ts';

export const owner = alias(users, 'owner');
export const creator = alias(users, 'creator');

/** A query row with the names the table shows: customer, owner and creator. */
export function selectQueries(db: DbOrTx, extra: Record<string, SQL> = {}) {
  return db
    .select({
      ...extra,
      query: getTableColumns(queries),
      customer: {
        uuid: customers.uuid,
        companyName: customers.companyName,
        name: customers.name,
        nip: customers.nip,
        phonePrefix: customers.phonePrefix,
        phone: customers.phone,
        email: customers.email,
      },
      owner: { uuid: owner.uuid, name: owner.name, login: owner.login },
      creator: { uuid: creator.uuid, name: creator.name, login: creator.login },
    })
    .from(queries)
    .leftJoin(customers, eq(customers.id, queries.customerId))
    .leftJoin(owner, eq(owner.id, queries.userId))
    .leftJoin(creator, eq(creator.id, queries.createdById));
}

export type QueryRecord = Awaited<ReturnType<ReturnType<typeof selectQueries>['execute']>>[number];

/** The page and the total of the queries table; the count joins the customer or the owner only when filtered by it. */
export function queryListStatements(db: DbOrTx, params: ListParams) {
  return listStatements(db, params, selectQueries(db).$dynamic(), {
    keptCounts: 'queries',
    from: queries,
    joins: [
      { prefix: 'customer', table: customers, on: eq(customers.id, queries.customerId) },
      { prefix: 'user', table: owner, on: eq(owner.id, queries.userId) },
    ],
  });
}

export const listQueries = (db: DbOrTx, params: ListParams) => runList(queryListStatements(db, params), params);

export async function findQuery(db: DbOrTx, where: SQL) {
  const [row] = await selectQueries(db).where(where);
  return row;
}

const ref = (resource: string, value: { uuid: string | null } | null) =>
  value?.uuid ? { '@id': iri(resource, value.uuid), ...value } : null;

export function toQueryJson({ query: q, customer, owner: o, creator: c }: QueryRecord) {
  return {
    '@id': iri('queries', q.uuid),
    '@type': 'Query',
    id: q.id,
    uuid: q.uuid,
    version: q.version,
    status: q.status,
    user: ref('users', o),
    createdBy: ref('users', c),
    /** Issue 37: sent from the customer panel ('od klienta'); createdBy is the customer's person who sent it. */
    fromCustomer: q.panelUserId !== null,
    customer: ref('customers', customer),
    cargo: q.cargo,
    cargoLength: q.cargoLength,
    cargoWidth: q.cargoWidth,
    cargoHeight: q.cargoHeight,
    cargoWeight: q.cargoWeight,
    loadingStreetAddress: q.loadingStreetAddress,
    loadingPostalCode: q.loadingPostalCode,
    loadingCity: q.loadingCity,
    loadingCountry: q.loadingCountry,
    loadingDate: isoOrNull(q.loadingDate),
    unloadingStreetAddress: q.unloadingStreetAddress,
    unloadingPostalCode: q.unloadingPostalCode,
    unloadingCity: q.unloadingCity,
    unloadingCountry: q.unloadingCountry,
    unloadingDate: isoOrNull(q.unloadingDate),
    loadingType: q.loadingType,
    distance: q.distance,
    loadingPlaceLatitude: q.loadingLatitude,
    loadingPlaceLongitude: q.loadingLongitude,
    unloadingPlaceLatitude: q.unloadingLatitude,
    unloadingPlaceLongitude: q.unloadingLongitude,
    customerPrice: q.customerPrice,
    customerPriceSuggested: q.customerPriceSuggested,
    customerPriceCurrency: q.customerPriceCurrency,
    euroExchangeRate: q.euroExchangeRate,
    bestOffer: q.bestOffer,
    bestOfferCurrency: q.bestOfferCurrency,
    bestOfferMargin: q.bestOfferMargin,
    pendingOffers: q.pendingOffers,
    additionalInfo: q.additionalInfo,
    orderAdditionalInfo: q.orderAdditionalInfo,
    customerDateOfPayment: isoOrNull(q.customerDateOfPayment),
    customerDateOfPaymentString: q.customerDateOfPaymentString,
    order: q.orderUuid ? iri('orders', q.orderUuid) : null,
    createdDate: q.createdAt.toISOString(),
    deletionReason: q.deletionReason,
  };
}

/** Timestamps read in 'string' mode come as PostgreSQL text; the API speaks ISO 8601. */
/** PostgreSQL's text of a UTC timestamp (the sessions run in UTC): '2026-12-01 06:00:00.5+00'. */
const PG_UTC_RE = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

export function isoOrNull(value: string | null): string | null {
  if (!value) return null;
  // The usual case without building a Date: a list reads thousands of them.
  const utc = PG_UTC_RE.exec(value);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  const d = new Date(value.includes('T') ? value : value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

export const notDeleted = sql`${queries.deletionReason} = 0`;
