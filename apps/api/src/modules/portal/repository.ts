import {
  type DOCUMENT_CONTENT_TYPES,
  DOCUMENTS_PER_ORDER,
  type DocumentKind,
  type PortalEventType,
  portalMessages,
} from '@spedycja/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import { carrierInvoices, orderDocuments, orders, portalEvents, portalLinks, users } from '../../db/schema/index.ts';
import { orderDocument } from '../../documents/orderDocument.ts';
import { AppError } from '../../http/errors.ts';
import { iri } from '../../http/hydra.ts';
import { findOrder } from '../orders/repository.ts';
import { isoOrNull } from '../queries/repository.ts';
import { readAllSettings } from '../settings/company.ts';
import { escapeHtml } from '../telegram/compose.ts';
import { enqueueTelegram } from '../telegram/repository.ts';
import type { PortalLinkRow } from './token.ts';

export type DocumentRow = typeof orderDocuments.$inferSelect;
type ContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The type of a file from its first bytes (never from its name or the type the browser claimed), or null. */
export function sniffContentType(data: Buffer): ContentType | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.subarray(4, 8).toString('latin1') === 'ftyp' && HEIC_BRANDS.has(data.subarray(8, 12).toString('latin1')))
    return 'image/heic';
  return null;
}

const EXTENSIONS: Record<ContentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
};

/**
 * The name a file is kept and served under: the client's name without any path, control or quoting characters,
 * at most 120 characters, with the extension of its real type. It is only ever a label: the bytes live under their hash.
 */
export function safeFileName(name: string | undefined, type: ContentType): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()
    ?.normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"<>|:*?;]/gu, '')
    .replace(/^\.+/, '')
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .slice(0, 110);
  return `${base || 'dokument'}.${EXTENSIONS[type]}`;
}

/** One line of the timeline; a carrier's action also notifies the order's owner (badge and Telegram) in the same transaction. */
export async function recordPortalEvent(
  tx: DbOrTx,
  event: {
    orderId: number;
    type: PortalEventType;
    /** 'system': the app itself (issue 39: an ETA turning late), which notifies as a carrier's action does. */
    actor: 'carrier' | 'staff' | 'system';
    userId?: number | null;
    detail?: Record<string, unknown>;
  },
): Promise<boolean> {
  const [owner] =
    event.actor !== 'staff'
      ? await tx
          .select({ id: users.id, chatId: users.telegramUserId, number: orders.number })
          .from(orders)
          .leftJoin(users, eq(users.id, orders.userId))
          .where(eq(orders.id, event.orderId))
      : [];
  await tx.insert(portalEvents).values({
    orderId: event.orderId,
    type: event.type,
    actor: event.actor,
    userId: event.userId ?? null,
    detail: event.detail ?? {},
    notifyUserId: owner?.id ?? null,
  });
  if (!owner?.id || !owner.chatId) return false;
  const what = portalMessages.eventTypes[event.type];
  const extra = typeof event.detail?.summary === 'string' ? `: ${event.detail.summary}` : '';
  await enqueueTelegram(tx, {
    kind: 'portal',
    userId: owner.id,
    chatId: owner.chatId,
    html: `<b>Zlecenie ${escapeHtml(owner.number)}</b>\n${escapeHtml(what + extra)}`,
    summary: `${owner.number}: ${what}`,
  });
  return true;
}

export function toDocumentJson(row: DocumentRow & { addedByName?: string | null }) {
  return {
    '@id': iri('documents', row.uuid),
    '@type': 'OrderDocument',
    uuid: row.uuid,
    kind: row.kind as DocumentKind,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    addedBy: row.source === 'carrier' ? null : (row.addedByName ?? null),
    addedAt: row.addedAt.toISOString(),
    source: row.source as 'carrier' | 'staff',
    /** Issue 37: 'Widoczny dla klienta'. */
    visibleToCustomer: row.visibleToCustomer,
    /** Issue 38: an invoice's number, issue date and gross (grosze) as the carrier typed them with the file. */
    invoiceFigures:
      row.kind === 'invoice'
        ? { number: row.invoiceNumber, issueDate: row.invoiceIssueDate, grossAmount: row.invoiceGrossAmount }
        : null,
  };
}

export async function listDocuments(db: DbOrTx, orderId: number) {
  const rows = await db
    .select({ doc: orderDocuments, addedByName: users.name, carrierInvoiceUuid: carrierInvoices.uuid })
    .from(orderDocuments)
    .leftJoin(users, eq(users.id, orderDocuments.addedById))
    .leftJoin(
      carrierInvoices,
      and(eq(carrierInvoices.portalDocumentId, orderDocuments.id), eq(carrierInvoices.deletionReason, 0)),
    )
    .where(and(eq(orderDocuments.orderId, orderId), isNull(orderDocuments.deletedAt)))
    .orderBy(asc(orderDocuments.id));
  // Issue 38: the carrier invoice the office made of the file ('Potwierdź fakturę' while there is none).
  return rows.map((r) =>
    Object.assign(toDocumentJson(Object.assign({}, r.doc, { addedByName: r.addedByName })), {
      carrierInvoice: r.carrierInvoiceUuid ? iri('carrier_invoices', r.carrierInvoiceUuid) : null,
    }),
  );
}

/**
 * Records an uploaded file whose bytes are already in the store. The order's row is locked first, so that two uploads
 * at once cannot both pass the count of 30.
 */
export async function insertDocument(
  tx: DbOrTx,
  values: Omit<typeof orderDocuments.$inferInsert, 'id' | 'uuid' | 'addedAt'>,
): Promise<DocumentRow> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, values.orderId)).for('update');
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, values.orderId), isNull(orderDocuments.deletedAt)));
  if ((count?.n ?? 0) >= DOCUMENTS_PER_ORDER) throw new AppError(409, 'too_many_files', portalMessages.tooManyFiles);
  const [row] = await tx.insert(orderDocuments).values(values).returning();
  return row as DocumentRow;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** What the link has recorded: acceptance, vehicle, the carrier's loading and unloading reports. */
export function linkState(link: PortalLinkRow | undefined) {
  return {
    sentAt: iso(link?.sentAt ?? null),
    revokedAt: iso(link?.revokedAt ?? null),
    active: Boolean(link?.tokenHash),
    acceptedAt: iso(link?.acceptedAt ?? null),
    declinedAt: iso(link?.declinedAt ?? null),
    declineReason: link?.declineReason ?? null,
    vehicleAt: iso(link?.vehicleAt ?? null),
    vehicleNote: link?.vehicleNote ?? null,
    loadedAt: isoOrNull(link?.loadedAt ?? null),
    unloadedAt: isoOrNull(link?.unloadedAt ?? null),
  };
}

/**
 * The order as the carrier sees it: its transport order document (the same model the PDF is drawn from: places,
 * dates, cargo, the carrier's price and payment term, the clauses) and the link's state. Never the customer, the
 * customer's price or the internal notes: this is built from the carrier's document and named fields only.
 */
export async function carrierView(db: DbOrTx, link: PortalLinkRow) {
  const record = await findOrder(db, eq(orders.id, link.orderId));
  if (!record) return null;
  const company = await readAllSettings(db);
  const o = record.order;
  const language = record.carrier?.language ?? 'Polski';
  return {
    number: o.number,
    language: language === 'Polski' ? 'pl' : 'en',
    document: orderDocument(record, 'carrier', company),
    loadingDate: isoOrNull(o.loadingDate),
    unloadingDate: isoOrNull(o.unloadingDate),
    carrierPrice: o.carrierPrice,
    carrierPriceCurrency: o.carrierPriceCurrency,
    loadingFinished: o.loadingFinished,
    unloadingFinished: o.unloadingFinished,
    vehicle: {
      driverName: o.driverName,
      driverPhone: o.driverPhone,
      truckPlate: o.truck,
      trailerPlate: o.trailer,
      note: link.vehicleNote,
    },
    state: linkState(link),
    documents: (await listDocuments(db, o.id)).map(({ addedBy: _addedBy, ...d }) => d),
    brokerage: { name: company.companyName ?? null, phone: company.companyPhone ?? null },
  };
}

export async function linkOfOrder(db: DbOrTx, orderId: number) {
  const [link] = await db.select().from(portalLinks).where(eq(portalLinks.orderId, orderId));
  return link;
}

export async function eventsOfOrder(db: DbOrTx, orderId: number) {
  const rows = await db
    .select({ event: portalEvents, userName: users.name })
    .from(portalEvents)
    .leftJoin(users, eq(users.id, portalEvents.userId))
    .where(eq(portalEvents.orderId, orderId))
    .orderBy(asc(portalEvents.id));
  return rows.map(({ event, userName }) => ({
    id: event.id,
    type: event.type as PortalEventType,
    actor: event.actor as 'carrier' | 'staff',
    user: userName ?? null,
    detail: event.detail,
    at: event.createdAt.toISOString(),
  }));
}

export type PortalMarks = {
  sent: boolean;
  accepted: boolean;
  declined: boolean;
  driver: boolean;
  loaded: boolean;
  unloaded: boolean;
  cmr: boolean;
  invoice: boolean;
};

/**
 * The orders table's small marks for a page of orders, in one statement: accepted, driver given, loaded, unloaded (as
 * reported by the carrier or confirmed), CMR in, invoice in (a file, or the carrier's KSeF invoice matched).
 */
export async function marksOf(db: DbOrTx, uuids: string[]): Promise<Record<string, PortalMarks>> {
  if (uuids.length === 0) return {};
  const rows = await selectRows<PortalMarks & { uuid: string }>(
    db,
    sql`SELECT o.uuid,
          l.sent_at IS NOT NULL AS sent,
          l.accepted_at IS NOT NULL AS accepted,
          l.declined_at IS NOT NULL AS declined,
          (l.vehicle_at IS NOT NULL OR o.driver_name IS NOT NULL) AS driver,
          (o.loading_finished OR l.loaded_at IS NOT NULL) AS loaded,
          (o.unloading_finished OR l.unloaded_at IS NOT NULL) AS unloaded,
          EXISTS (SELECT 1 FROM order_documents d WHERE d.order_id = o.id AND d.kind = 'cmr' AND d.deleted_at IS NULL) AS cmr,
          (EXISTS (SELECT 1 FROM order_documents d WHERE d.order_id = o.id AND d.kind = 'invoice' AND d.deleted_at IS NULL)
            OR EXISTS (SELECT 1 FROM received_invoices r WHERE r.order_id = o.id)) AS invoice
        FROM orders o LEFT JOIN portal_links l ON l.order_id = o.id
        WHERE o.uuid IN (${sql.join(
          uuids.map((u) => sql`${u}::uuid`),
          sql`, `,
        )})`,
  );
  return Object.fromEntries(
    rows.map(({ uuid, ...marks }) => [
      uuid,
      Object.fromEntries(
        Object.entries(marks).map(([k, v]) => [k, v === true || (v as unknown) === 't']),
      ) as PortalMarks,
    ]),
  );
}
