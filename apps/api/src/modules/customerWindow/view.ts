import type { EtaStatus } from '@spedycja/domain';
import { type CustomerMilestone, trackLanguageOf, trackStatusOf } from '@spedycja/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import {
  customerLinks,
  customerMilestones,
  customers,
  invoices,
  orderDocuments,
  orderEtas,
  orders,
  portalLinks,
} from '../../db/schema/index.ts';
import { nearestTown } from '../../integrations/geo/gazetteer.ts';
import { isoOrNull } from '../queries/repository.ts';
import { todayDateSql } from '../receivables/filters.ts';
import { readAllSettings } from '../settings/company.ts';

/**
 * What a customer sees of an order (issue 37), on the tracking page and in the panel: built from named fields only —
 * never the carrier, its price, the margin, the internal notes or the owner. The tests check its keys against
 * CUSTOMER_DENIED_KEYS.
 */

export type InvoiceStatus = 'zaplacona' | 'czesciowo' | 'niezaplacona' | 'po_terminie';

/** The payment status of an invoice as the receivables module's rule (paymentStatusSql), as one SQL expression. */
export const invoiceStatusSql = sql<InvoiceStatus>`CASE WHEN ${invoices.paid} THEN 'zaplacona'
  WHEN ${invoices.paymentDate} < ${todayDateSql} THEN 'po_terminie'
  WHEN ${invoices.paidAmount} > 0 THEN 'czesciowo' ELSE 'niezaplacona' END`;

export const customerInvoiceColumns = {
  uuid: invoices.uuid,
  type: invoices.type,
  number: invoices.number,
  createdDate: invoices.createdDate,
  paymentDate: invoices.paymentDate,
  currency: invoices.currency,
  totalGross: invoices.totalGross,
  paidAmount: invoices.paidAmount,
  dueAmount: invoices.dueAmount,
  status: invoiceStatusSql,
};

type InvoiceLine = {
  uuid: string;
  type: string;
  number: string;
  createdDate: string | null;
  paymentDate: string | null;
  currency: string;
  totalGross: number;
  paidAmount: number;
  dueAmount: number;
  status: InvoiceStatus;
};
export const customerInvoiceJson = (row: InvoiceLine) => ({
  uuid: row.uuid,
  type: row.type,
  number: row.number,
  createdDate: row.createdDate,
  paymentDate: row.paymentDate,
  currency: row.currency,
  totalGross: Number(row.totalGross),
  paidAmount: Number(row.paidAmount),
  dueAmount: Number(row.dueAmount),
  status: row.status,
});

/** The settings' default, or the customer's own choice, of whether the page shows the vehicle and the driver. */
export async function showsVehicle(db: DbOrTx, own: boolean | null): Promise<boolean> {
  if (own !== null) return own;
  const settings = await readAllSettings(db);
  return settings.customerTrackShowVehicle === 'tak';
}

const firstName = (name: string | null) => name?.trim().split(/\s+/)[0] ?? null;

/**
 * The order as its customer sees it. `documentUrl` turns a document's (or invoice's) uuid into the address it is
 * downloaded from (the tracking link's, or the panel's).
 */
export async function customerOrderView(db: DbOrTx, orderId: number, documentUrl: (uuid: string) => string) {
  const [row] = await db
    .select({
      order: {
        uuid: orders.uuid,
        number: orders.number,
        status: orders.status,
        cargo: orders.cargo,
        cargoWeight: orders.cargoWeight,
        loadingCity: orders.loadingCity,
        loadingPostalCode: orders.loadingPostalCode,
        loadingCountry: orders.loadingCountry,
        loadingStreetAddress: orders.loadingStreetAddress,
        loadingDate: orders.loadingDate,
        unloadingCity: orders.unloadingCity,
        unloadingPostalCode: orders.unloadingPostalCode,
        unloadingCountry: orders.unloadingCountry,
        unloadingStreetAddress: orders.unloadingStreetAddress,
        unloadingDate: orders.unloadingDate,
        loadingFinished: orders.loadingFinished,
        unloadingFinished: orders.unloadingFinished,
        driverName: orders.driverName,
        driverPhonePrefix: orders.driverPhonePrefix,
        driverPhone: orders.driverPhone,
        truck: orders.truck,
        trailer: orders.trailer,
      },
      language: customers.language,
      trackShowVehicle: customers.trackShowVehicle,
      carrierLoadedAt: portalLinks.loadedAt,
      carrierUnloadedAt: portalLinks.unloadedAt,
      vehicleAt: portalLinks.vehicleAt,
      orderPdfVisible: customerLinks.orderPdfVisible,
    })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(portalLinks, eq(portalLinks.orderId, orders.id))
    .leftJoin(customerLinks, eq(customerLinks.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const o = row.order;
  const milestones = await db
    .select({ milestone: customerMilestones.milestone, at: customerMilestones.createdAt })
    .from(customerMilestones)
    .where(eq(customerMilestones.orderId, orderId));
  const reachedAt = (m: CustomerMilestone) => milestones.find((x) => x.milestone === m)?.at.toISOString() ?? null;
  // The carrier's report (wall-clock at the place), else the time the office confirmed it.
  const loadedAt = isoOrNull(row.carrierLoadedAt) ?? (o.loadingFinished ? reachedAt('loaded') : null);
  const unloadedAt = isoOrNull(row.carrierUnloadedAt) ?? (o.unloadingFinished ? reachedAt('unloaded') : null);
  const loaded = o.loadingFinished || row.carrierLoadedAt !== null;
  const unloaded = o.unloadingFinished || row.carrierUnloadedAt !== null;
  const vehicleGiven = row.vehicleAt !== null || Boolean(o.truck);
  const status = trackStatusOf({
    finished: o.status === 'zakonczone',
    unloaded,
    loaded,
    loadedAt,
    vehicle: vehicleGiven,
  });
  const timeline = [
    ...(loadedAt
      ? [{ type: 'loaded', at: loadedAt, by: row.carrierLoadedAt ? ('carrier' as const) : ('office' as const) }]
      : []),
    ...(unloadedAt
      ? [{ type: 'unloaded', at: unloadedAt, by: row.carrierUnloadedAt ? ('carrier' as const) : ('office' as const) }]
      : []),
  ];
  const vehicle =
    (await showsVehicle(db, row.trackShowVehicle)) && vehicleGiven
      ? {
          truckPlate: o.truck,
          trailerPlate: o.trailer,
          driverFirstName: firstName(o.driverName),
          driverPhone: o.driverPhone ? `+${o.driverPhonePrefix} ${o.driverPhone}` : null,
        }
      : null;
  const docs = await db
    .select({
      uuid: orderDocuments.uuid,
      kind: orderDocuments.kind,
      fileName: orderDocuments.fileName,
      contentType: orderDocuments.contentType,
      size: orderDocuments.size,
      releasedAt: orderDocuments.releasedAt,
      addedAt: orderDocuments.addedAt,
    })
    .from(orderDocuments)
    .where(
      and(
        eq(orderDocuments.orderId, orderId),
        isNull(orderDocuments.deletedAt),
        eq(orderDocuments.visibleToCustomer, true),
      ),
    )
    .orderBy(asc(orderDocuments.id));
  const invoiceRows = await db
    .select(customerInvoiceColumns)
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.id));
  const company = await readAllSettings(db);
  return {
    number: o.number,
    language: trackLanguageOf(row.language),
    status,
    route: {
      loading: {
        streetAddress: o.loadingStreetAddress,
        postalCode: o.loadingPostalCode,
        city: o.loadingCity,
        country: o.loadingCountry,
        date: isoOrNull(o.loadingDate),
      },
      unloading: {
        streetAddress: o.unloadingStreetAddress,
        postalCode: o.unloadingPostalCode,
        city: o.unloadingCity,
        country: o.unloadingCountry,
        date: isoOrNull(o.unloadingDate),
      },
    },
    cargo: o.cargo,
    cargoWeight: o.cargoWeight,
    // Issue 39: the truck's whereabouts as the nearest town and the ETA to its next stop — never the trail.
    whereabouts: await whereaboutsOf(db, orderId),
    timeline,
    vehicle,
    documents: [
      // The order confirmation, as it was sent to the customer, unless the office hid it ('Widoczny dla klienta').
      ...(row.orderPdfVisible === false
        ? []
        : [
            {
              uuid: o.uuid,
              kind: 'order',
              fileName: `zlecenie-${o.number.replace(/[^\w.-]+/g, '-')}.pdf`,
              contentType: 'application/pdf',
              url: documentUrl(o.uuid),
            },
          ]),
      ...docs.map((d) => ({
        uuid: d.uuid,
        kind: d.kind,
        fileName: d.fileName,
        contentType: d.contentType,
        url: documentUrl(d.uuid),
      })),
    ],
    invoices: invoiceRows.map((i) =>
      Object.assign(customerInvoiceJson(i as InvoiceLine), { url: documentUrl(i.uuid as string) }),
    ),
    brokerage: {
      name: company.companyName ?? null,
      phone: company.companyPhone ?? null,
      email: company.companyEmail ?? null,
    },
  };
}

export type CustomerOrderView = NonNullable<Awaited<ReturnType<typeof customerOrderView>>>;

/** What the office sees of the customer's link: sent, first opened, last viewed, the milestones and their mails. */
export async function customerLinkState(db: DbOrTx, orderId: number) {
  const [link] = await db.select().from(customerLinks).where(eq(customerLinks.orderId, orderId));
  const mails = await selectRows<{
    milestone: string;
    at: Date | string;
    to: string | null;
    kept: boolean;
    mail_status: string | null;
  }>(
    db,
    sql`SELECT m.milestone, m.created_at AS at, m."to", m.kept, o.status AS mail_status
        FROM customer_milestones m LEFT JOIN mail_outbox o ON o.id = m.mail_id
        WHERE m.order_id = ${orderId} ORDER BY m.created_at, m.milestone`,
  );
  const iso = (v: Date | null | undefined) => (v ? v.toISOString() : null);
  return {
    active: Boolean(link?.tokenHash),
    sentAt: iso(link?.sentAt),
    revokedAt: iso(link?.revokedAt),
    firstOpenedAt: iso(link?.firstOpenedAt),
    lastViewedAt: iso(link?.lastViewedAt),
    views: link?.views ?? 0,
    orderPdfVisible: link?.orderPdfVisible ?? true,
    milestones: mails.map((m) => ({
      milestone: m.milestone,
      at: new Date(m.at).toISOString(),
      to: m.to,
      mail: m.to === null ? 'none' : m.kept ? 'kept' : m.mail_status === 'sent' ? 'sent' : 'queued',
    })),
  };
}

/** The last position's nearest town, its time, and the kept ETA of a running order; null without a position. */
async function whereaboutsOf(db: DbOrTx, orderId: number) {
  const [kept] = await db.select().from(orderEtas).where(eq(orderEtas.orderId, orderId));
  if (!kept) return null;
  const town = nearestTown({ lat: kept.lat, lon: kept.lon });
  return {
    town: town ? town.name : null,
    country: town ? town.country : null,
    at: new Date(kept.positionAt).toISOString(),
    eta: { at: new Date(kept.etaAt).toISOString(), status: kept.status as EtaStatus },
  };
}
