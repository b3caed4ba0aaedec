import { eq, getTableColumns, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { carriers, customers, orders, queries, users } from '../../db/schema/index.ts';
import type { ListParams } from '../../http/filters.ts';
import { iri } from '../../http/hydra.ts';
import { listStatements, runList } from '../../http/listing.ts';
import type { Projection } from '../../http/properties.ts';
import { isoOrNull } from '../queries/repository.ts';

export const orderOwner = alias(users, 'order_owner');
const orderCreator = alias(users, 'order_creator');
const orderChanger = alias(users, 'order_changer');

const partyColumns = (t: typeof customers | typeof carriers) => ({
  uuid: t.uuid,
  companyName: t.companyName,
  name: t.name,
  nip: t.nip,
  phonePrefix: t.phonePrefix,
  phone: t.phone,
  email: t.email,
  streetAddress: t.streetAddress,
  postalCode: t.postalCode,
  city: t.city,
  country: t.country,
  language: t.language,
});

const ownerColumns = {
  uuid: orderOwner.uuid,
  name: orderOwner.name,
  login: orderOwner.login,
  email: orderOwner.email,
  phone: orderOwner.phone,
};
const creatorColumns = { uuid: orderCreator.uuid, name: orderCreator.name, login: orderCreator.login };
const changerColumns = { uuid: orderChanger.uuid, name: orderChanger.name, login: orderChanger.login };
/** The query the order came from (or became), read for its number: 'Z zapytania nr {id}'. */
const orderQuery = alias(queries, 'order_query');

/** An order with the names the table shows and the parties its documents need. */
export function selectOrders(db: DbOrTx, extra: Record<string, SQL> = {}) {
  return db
    .select({
      ...extra,
      order: getTableColumns(orders),
      customer: partyColumns(customers),
      carrier: partyColumns(carriers),
      owner: ownerColumns,
      creator: creatorColumns,
      changer: changerColumns,
      query: { id: orderQuery.id },
    })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(carriers, eq(carriers.id, orders.carrierId))
    .leftJoin(orderOwner, eq(orderOwner.id, orders.userId))
    .leftJoin(orderCreator, eq(orderCreator.id, orders.createdById))
    .leftJoin(orderChanger, eq(orderChanger.id, orders.changedById))
    .leftJoin(orderQuery, eq(orderQuery.uuid, orders.queryUuid));
}

const ORDER_COLUMNS = getTableColumns(orders);
type OrderColumn = keyof typeof ORDER_COLUMNS;
/** Members of the order JSON read from a column of another name (see toOrderJson). */
const RENAMED: Record<string, OrderColumn> = {
  createdDate: 'createdAt',
  query: 'queryUuid',
  chosenOffer: 'chosenOfferUuid',
  loadingPlaceLatitude: 'loadingLatitude',
  loadingPlaceLongitude: 'loadingLongitude',
  unloadingPlaceLatitude: 'unloadingLatitude',
  unloadingPlaceLongitude: 'unloadingLongitude',
};
/** The embedded records by their JSON name, and the prefix their filters and sorts use. */
const RELATIONS = {
  customer: {
    key: 'customer',
    table: customers,
    columns: partyColumns(customers),
    on: eq(customers.id, orders.customerId),
  },
  carrier: { key: 'carrier', table: carriers, columns: partyColumns(carriers), on: eq(carriers.id, orders.carrierId) },
  user: { key: 'owner', table: orderOwner, columns: ownerColumns, on: eq(orderOwner.id, orders.userId) },
  createdBy: {
    key: 'creator',
    table: orderCreator,
    columns: creatorColumns,
    on: eq(orderCreator.id, orders.createdById),
  },
  changedBy: {
    key: 'changer',
    table: orderChanger,
    columns: changerColumns,
    on: eq(orderChanger.id, orders.changedById),
  },
} as const;
const ALWAYS_NAMES = new Set(['@id', '@type', 'id', 'uuid']);

/**
 * The orders of a list that asked for a few members (API Platform's `properties[]`, the loadings calendar): only
 * their columns, and only the joins they or the list's filters and sorts need. Null when a member is not known here
 * (the whole row is read then, as without a projection).
 */
function narrowSelect(db: DbOrTx, projection: Projection, params: ListParams) {
  const columns: Partial<Record<OrderColumn, (typeof ORDER_COLUMNS)[OrderColumn]>> = {
    id: ORDER_COLUMNS.id,
    uuid: ORDER_COLUMNS.uuid,
  };
  const relations = new Set<keyof typeof RELATIONS>();
  for (const name of projection.top) {
    if (ALWAYS_NAMES.has(name)) continue;
    if (name in RELATIONS) relations.add(name as keyof typeof RELATIONS);
    else if (Object.hasOwn(RENAMED, name)) {
      const column = RENAMED[name] as OrderColumn;
      columns[column] = ORDER_COLUMNS[column];
    } else if (Object.hasOwn(ORDER_COLUMNS, name)) columns[name as OrderColumn] = ORDER_COLUMNS[name as OrderColumn];
    else return null;
  }
  const used = [...params.present, ...params.sortedBy];
  for (const name of Object.keys(RELATIONS) as (keyof typeof RELATIONS)[]) {
    if (used.some((k) => k === name || k.startsWith(`${name}.`))) relations.add(name);
  }
  const selection: Record<string, unknown> = { order: columns };
  for (const name of relations) selection[RELATIONS[name].key] = RELATIONS[name].columns;
  let query = db
    .select(selection as { order: typeof columns })
    .from(orders)
    .$dynamic();
  for (const name of relations) query = query.leftJoin(RELATIONS[name].table, RELATIONS[name].on);
  return query;
}

/**
 * The orders an export writes: the table's columns only, from the same tables and aliases as the list (so that its
 * filters apply), in the shape of an OrderRecord. A third of selectOrders' columns: reading a row costs the driver
 * per column, and an export reads every row.
 */
export function selectOrdersForExport(db: DbOrTx, extra: Record<string, SQL> = {}) {
  const o = orders;
  const party = (t: typeof customers | typeof carriers) => ({ uuid: t.uuid, companyName: t.companyName, name: t.name });
  return db
    .select({
      ...extra,
      order: {
        id: o.id,
        uuid: o.uuid,
        number: o.number,
        status: o.status,
        cargo: o.cargo,
        cargoLength: o.cargoLength,
        cargoWidth: o.cargoWidth,
        cargoHeight: o.cargoHeight,
        cargoWeight: o.cargoWeight,
        loadingPostalCode: o.loadingPostalCode,
        loadingCity: o.loadingCity,
        loadingCountry: o.loadingCountry,
        loadingDate: o.loadingDate,
        unloadingPostalCode: o.unloadingPostalCode,
        unloadingCity: o.unloadingCity,
        unloadingCountry: o.unloadingCountry,
        unloadingDate: o.unloadingDate,
        distance: o.distance,
        customerPrice: o.customerPrice,
        customerPriceCurrency: o.customerPriceCurrency,
        carrierPrice: o.carrierPrice,
        carrierPriceCurrency: o.carrierPriceCurrency,
        margin: o.margin,
        marginPercent: o.marginPercent,
        loadingType: o.loadingType,
        customerPaid: o.customerPaid,
        additionalInfo: o.additionalInfo,
        createdAt: o.createdAt,
      },
      customer: party(customers),
      carrier: party(carriers),
      owner: { uuid: orderOwner.uuid, name: orderOwner.name },
    })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(carriers, eq(carriers.id, orders.carrierId))
    .leftJoin(orderOwner, eq(orderOwner.id, orders.userId));
}

export type OrderExportRecord = Awaited<ReturnType<ReturnType<typeof selectOrdersForExport>['execute']>>[number];

export type OrderRecord = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

/** The page and the total of the orders table; the count joins a party or the owner only when filtered by it. */
const COUNT_JOINS = [
  { prefix: 'customer', table: customers, on: eq(customers.id, orders.customerId) },
  { prefix: 'carrier', table: carriers, on: eq(carriers.id, orders.carrierId) },
  { prefix: 'user', table: orderOwner, on: eq(orderOwner.id, orders.userId) },
];

const ORDER_COUNT = { from: orders, joins: COUNT_JOINS, keptCounts: 'orders' };

export function orderListStatements(db: DbOrTx, params: ListParams) {
  return listStatements(db, params, selectOrders(db).$dynamic(), ORDER_COUNT);
}

/** Columns the order JSON leaves out (see toOrderJson): a projection naming one gets nothing for it. */
const HIDDEN = new Set([
  'userId',
  'createdById',
  'changedById',
  'customerId',
  'carrierId',
  'createdAt',
  'queryUuid',
  'chosenOfferUuid',
  'customerPricePln',
  'carrierPricePln',
  'carrierInvoicePaymentDate',
  'carrierPaymentDue',
  'customerCompanyName',
  'carrierCompanyName',
  'ownerName',
]);
const RESOURCE_OF: Record<keyof typeof RELATIONS, string> = {
  customer: 'customers',
  carrier: 'carriers',
  user: 'users',
  createdBy: 'users',
  changedBy: 'users',
};
/**
 * A timestamp as toOrderJson writes it (toISOString: milliseconds, truncated, 'Z'). Not to_char, which costs 3.5 µs a
 * call (13 ms of a calendar month's 40): the ISO text of the UTC timestamp (DateStyle ISO, set per session in
 * db/client.ts) with its fraction padded to three digits costs a fifth of that.
 */
export const isoSql = (column: SQLWrapper) => {
  const text = sql`replace((date_trunc('milliseconds', ${column}) AT TIME ZONE 'UTC')::text, ' ', 'T')`;
  return sql`(rpad(CASE WHEN length(${text}) = 19 THEN ${text} || '.' ELSE ${text} END, 23, '0') || 'Z')`;
};
const STRAIGHT = new Set([
  'PgSerial',
  'PgText',
  'PgInteger',
  'PgBoolean',
  'PgBigInt53',
  'PgDoublePrecision',
  'PgDateString',
]);
/** A column's value as the JSON of toOrderJson has it, or null when PostgreSQL's JSON would differ. */
function jsonValueSql(column: AnyPgColumn): SQL | null {
  if (column.columnType === 'PgTimestampString' || column.columnType === 'PgTimestamp') return isoSql(column);
  if (column.columnType === 'PgUUID') return sql`${column}::text`;
  return STRAIGHT.has(column.columnType) ? sql`${column}` : null;
}
const str = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);
/**
 * A JSON object of named values, compact and in the order given (row_to_json of a one-row select: json_build_object
 * would put spaces around every colon). Names are the projection's, checked by http/properties.ts, or fixed ones.
 */
export const jsonObject = (members: { name: string; value: SQL }[], alias: string) =>
  sql`(SELECT row_to_json(${sql.raw(alias)}) FROM (SELECT ${sql.join(
    members.map((m) => sql`${m.value} AS ${sql.raw(`"${m.name.replace(/"/g, '')}"`)}`),
    sql`, `,
  )}) ${sql.raw(alias)})`;

/**
 * A projected list written as JSON by PostgreSQL (the loadings calendar: thousands of orders with a dozen members),
 * the same members in the same order as toOrderJson and `project` give; null when a member asks for what only the
 * JavaScript path knows (then listOrders reads rows).
 */
function projectedJsonSelect(db: DbOrTx, projection: Projection, params: ListParams) {
  const pairs: { name: string; value: SQL }[] = [];
  const relations = new Set<keyof typeof RELATIONS>();
  for (const name of projection.top) {
    let value: SQL | null = null;
    if (name === '@id') value = sql`'/api/orders/' || ${orders.uuid}`;
    else if (name === '@type') value = sql`'Order'::text`;
    else if (Object.hasOwn(RELATIONS, name)) {
      const relationName = name as keyof typeof RELATIONS;
      const relation = RELATIONS[relationName];
      const inner = projection.nested.get(name);
      if (!inner) return null;
      const members: { name: string; value: SQL }[] = [];
      for (const member of inner) {
        if (member === '@id') {
          members.push({
            name: '@id',
            value: sql`${str(`/api/${RESOURCE_OF[relationName]}/`)} || ${relation.table.uuid}`,
          });
        } else if (Object.hasOwn(relation.columns, member)) {
          const v = jsonValueSql(relation.columns[member as keyof typeof relation.columns] as AnyPgColumn);
          if (!v) return null;
          members.push({ name: member, value: v });
        }
      }
      relations.add(relationName);
      value = sql`CASE WHEN ${relation.table.uuid} IS NULL THEN NULL ELSE ${jsonObject(members, 'n')} END`;
    } else if (name === 'query') {
      value = sql`CASE WHEN ${orders.queryUuid} IS NULL THEN NULL ELSE '/api/queries/' || ${orders.queryUuid} END`;
    } else if (name === 'chosenOffer') {
      value = sql`CASE WHEN ${orders.chosenOfferUuid} IS NULL THEN NULL ELSE '/api/offers/' || ${orders.chosenOfferUuid} END`;
    } else if (name === 'etaStatus') {
      // Issue 39: the kept ETA's status, by the primary key of order_etas.
      value = sql`(SELECT e.status FROM order_etas e WHERE e.order_id = ${orders.id})`;
    } else if (name === 'createdDate') value = isoSql(orders.createdAt);
    else if (Object.hasOwn(RENAMED, name)) value = jsonValueSql(ORDER_COLUMNS[RENAMED[name] as OrderColumn]);
    else if (HIDDEN.has(name)) continue;
    else if (Object.hasOwn(ORDER_COLUMNS, name)) value = jsonValueSql(ORDER_COLUMNS[name as OrderColumn]);
    else return null;
    if (!value) return null;
    pairs.push({ name, value });
  }
  const used = [...params.present, ...params.sortedBy];
  for (const name of Object.keys(RELATIONS) as (keyof typeof RELATIONS)[]) {
    if (used.some((k) => k === name || k.startsWith(`${name}.`))) relations.add(name);
  }
  let query = db
    .select({ item: sql<string>`${jsonObject(pairs, 'j')}::text` })
    .from(orders)
    .$dynamic();
  for (const name of relations) query = query.leftJoin(RELATIONS[name].table, RELATIONS[name].on);
  return query;
}

/** A projected list as JSON text per order (see projectedJsonSelect), or null when it must be read as rows. */
export async function listOrdersAsJson(
  db: DbOrTx,
  params: ListParams,
  projection: Projection,
): Promise<{ items: string[]; total: number } | null> {
  const select = projectedJsonSelect(db, projection, params);
  if (!select) return null;
  const { rows, total } = await runList(listStatements(db, params, select, ORDER_COUNT), params);
  return { items: rows.map((r) => r.item), total };
}

/** The orders of a list; with a projection (`properties[]`), read narrowly (see narrowSelect). */
export async function listOrders(
  db: DbOrTx,
  params: ListParams,
  projection: Projection | null = null,
): Promise<{ rows: OrderRecord[]; total: number }> {
  const narrow = projection ? narrowSelect(db, projection, params) : null;
  if (!narrow) return runList(orderListStatements(db, params), params);
  const statements = listStatements(db, params, narrow, ORDER_COUNT);
  // The members not read are absent; the projection leaves them out of the answer.
  return (await runList(statements, params)) as unknown as { rows: OrderRecord[]; total: number };
}

export async function findOrder(db: DbOrTx, where: SQL) {
  const [row] = await selectOrders(db).where(where);
  return row;
}

const ref = <T extends { uuid: string | null }>(resource: string, value: T | null) =>
  value?.uuid ? { '@id': iri(resource, value.uuid), ...value } : null;

export function toOrderJson({ order: o, customer, carrier, owner, creator, changer, query }: OrderRecord) {
  const {
    id,
    uuid,
    userId,
    createdById,
    changedById,
    customerId,
    carrierId,
    createdAt,
    queryUuid,
    chosenOfferUuid,
    customerPricePln,
    carrierPricePln,
    carrierInvoicePaymentDate,
    carrierPaymentDue,
    // The names kept for the list's sorts: the order shows its customer, carrier and owner themselves.
    customerCompanyName,
    carrierCompanyName,
    ownerName,
    ...fields
  } = o;
  return {
    '@id': iri('orders', uuid),
    '@type': 'Order',
    id,
    uuid,
    ...fields,
    loadingDate: isoOrNull(o.loadingDate),
    unloadingDate: isoOrNull(o.unloadingDate),
    customerDateOfPayment: isoOrNull(o.customerDateOfPayment),
    carrierDateOfPayment: isoOrNull(o.carrierDateOfPayment),
    loadingPlaceLatitude: o.loadingLatitude,
    loadingPlaceLongitude: o.loadingLongitude,
    unloadingPlaceLatitude: o.unloadingLatitude,
    unloadingPlaceLongitude: o.unloadingLongitude,
    user: ref('users', owner),
    createdBy: ref('users', creator),
    changedBy: ref('users', changer),
    customer: ref('customers', customer),
    carrier: ref('carriers', carrier),
    query: queryUuid ? iri('queries', queryUuid) : null,
    // The query's number, shown as 'Z zapytania nr {id}' (a projection asking for it reads the whole row).
    queryId: query?.id ?? null,
    chosenOffer: chosenOfferUuid ? iri('offers', chosenOfferUuid) : null,
    mailSentToCustomerAt: o.mailSentToCustomerAt?.toISOString() ?? null,
    mailSentToCarrierAt: o.mailSentToCarrierAt?.toISOString() ?? null,
    // Absent from a narrow read (a projection without it).
    createdDate: createdAt?.toISOString(),
  };
}
