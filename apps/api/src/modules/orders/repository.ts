import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { carriers, customers, orders, users } from '../../db/schema/index.ts';
import type { ListParams } from '../../http/filters.ts';
import { iri } from '../../http/hydra.ts';
import { listStatements, runList } from '../../http/listing.ts';
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

/** An order with the names the table shows and the parties its documents need. */
export function selectOrders(db: DbOrTx, extra: Record<string, SQL> = {}) {
  return db
    .select({
      ...extra,
      order: getTableColumns(orders),
      customer: partyColumns(customers),
      carrier: partyColumns(carriers),
      owner: {
        uuid: orderOwner.uuid,
        name: orderOwner.name,
        login: orderOwner.login,
        email: orderOwner.email,
        phone: orderOwner.phone,
      },
      creator: { uuid: orderCreator.uuid, name: orderCreator.name, login: orderCreator.login },
      changer: { uuid: orderChanger.uuid, name: orderChanger.name, login: orderChanger.login },
    })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(carriers, eq(carriers.id, orders.carrierId))
    .leftJoin(orderOwner, eq(orderOwner.id, orders.userId))
    .leftJoin(orderCreator, eq(orderCreator.id, orders.createdById))
    .leftJoin(orderChanger, eq(orderChanger.id, orders.changedById));
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
export function orderListStatements(db: DbOrTx, params: ListParams) {
  return listStatements(db, params, selectOrders(db).$dynamic(), {
    from: orders,
    joins: [
      { prefix: 'customer', table: customers, on: eq(customers.id, orders.customerId) },
      { prefix: 'carrier', table: carriers, on: eq(carriers.id, orders.carrierId) },
      { prefix: 'user', table: orderOwner, on: eq(orderOwner.id, orders.userId) },
    ],
  });
}

export const listOrders = (db: DbOrTx, params: ListParams) => runList(orderListStatements(db, params), params);

export async function findOrder(db: DbOrTx, where: SQL) {
  const [row] = await selectOrders(db).where(where);
  return row;
}

const ref = <T extends { uuid: string | null }>(resource: string, value: T | null) =>
  value?.uuid ? { '@id': iri(resource, value.uuid), ...value } : null;

export function toOrderJson({ order: o, customer, carrier, owner, creator, changer }: OrderRecord) {
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
    customerPricePln,
    carrierPricePln,
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
    mailSentToCustomerAt: o.mailSentToCustomerAt?.toISOString() ?? null,
    mailSentToCarrierAt: o.mailSentToCarrierAt?.toISOString() ?? null,
    createdDate: createdAt.toISOString(),
  };
}
