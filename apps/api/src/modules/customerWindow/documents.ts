import { createHash } from 'node:crypto';
import { customerWindowMessages, documentFileName } from '@spedycja/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { customerLinks, invoices, orderDocuments, orders } from '../../db/schema/index.ts';
import { invoiceFileName, renderInvoicePdf } from '../../documents/invoicePdf.ts';
import { orderDocument } from '../../documents/orderDocument.ts';
import { renderPdf } from '../../documents/pdf.ts';
import type { FileStore } from '../../files/store.ts';
import { fieldViolation, notFound } from '../../http/errors.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { findInvoiceByUuid } from '../invoices/repository.ts';
import type { KsefService } from '../ksef/service.ts';
import { findOrder } from '../orders/repository.ts';
import { sendDocumentContent } from '../portal/service.ts';
import { readAllSettings } from '../settings/company.ts';

/** The invitation's link is valid this long. */
export const INVITATION_HOURS = 72;
export const hashInvitation = (token: string) => createHash('sha256').update(`invite:${token}`).digest('hex');

/** A file for the customer: a PDF made now (an invoice, the order confirmation), as an attachment that is never sniffed. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', 'application/pdf')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(pdf);
}

/**
 * A document of one order for its customer, by uuid: a file marked 'Widoczny dla klienta', an invoice of the order, or
 * the order's own confirmation (the order's uuid). Anything else, of this order or another, is a 404.
 */
export async function sendCustomerDocument(
  deps: { db: DbOrTx; store: FileStore; ksef: KsefService },
  reply: FastifyReply,
  orderId: number,
  uuid: string,
) {
  const { db, store, ksef } = deps;
  const [doc] = await db
    .select()
    .from(orderDocuments)
    .where(
      and(
        eq(orderDocuments.uuid, uuid),
        eq(orderDocuments.orderId, orderId),
        isNull(orderDocuments.deletedAt),
        eq(orderDocuments.visibleToCustomer, true),
      ),
    );
  if (doc) return sendDocumentContent(reply, store, doc, false);
  const [invoice] = await db
    .select({ uuid: invoices.uuid })
    .from(invoices)
    .where(and(eq(invoices.uuid, uuid), eq(invoices.orderId, orderId)));
  if (invoice) return sendInvoicePdf({ db, ksef }, reply, invoice.uuid);
  if (!(await orderPdfVisible(db, orderId))) throw notFound();
  const record = await findOrder(db, and(eq(orders.id, orderId), eq(orders.uuid, uuid)) as ReturnType<typeof eq>);
  if (!record) throw notFound();
  const pdf = await renderPdf(orderDocument(record, 'customer', await readAllSettings(db)));
  return sendPdf(reply, pdf, documentFileName(record.order.number, 'customer', 'pdf'));
}

/** The order confirmation's 'Widoczny dla klienta' (customer_links.order_pdf_visible; visible without a row). */
export async function orderPdfVisible(db: DbOrTx, orderId: number): Promise<boolean> {
  const [link] = await db
    .select({ visible: customerLinks.orderPdfVisible })
    .from(customerLinks)
    .where(eq(customerLinks.orderId, orderId));
  return link?.visible ?? true;
}

export async function sendInvoicePdf(deps: { db: DbOrTx; ksef: KsefService }, reply: FastifyReply, uuid: string) {
  const invoice = await findInvoiceByUuid(deps.db, uuid);
  if (!invoice) throw notFound();
  return sendPdf(
    reply,
    await renderInvoicePdf(invoice, await deps.ksef.qrOf(invoice)),
    invoiceFileName(invoice, 'pdf'),
  );
}

/** The outbox's kind of an order's file attached at sending time (its ref: the document's uuid). */
export const ORDER_DOCUMENT_ATTACHMENT = 'orderDocument';

/**
 * 'Dołącz CMR' on a VAT invoice's mail: the released CMRs of the invoice's order, as attachments made when the mail
 * goes. None released is a 422 (the office releases it first: 'Widoczny dla klienta').
 */
export async function releasedCmrAttachments(db: DbOrTx, invoiceId: number) {
  const rows = await db
    .select({ uuid: orderDocuments.uuid })
    .from(orderDocuments)
    .innerJoin(invoices, sql`${orderDocuments.orderId} IN (${invoices.orderId}, ${invoices.orderProFormaId})`)
    .where(
      and(
        eq(invoices.id, invoiceId),
        eq(orderDocuments.kind, 'cmr'),
        eq(orderDocuments.visibleToCustomer, true),
        isNull(orderDocuments.deletedAt),
      ),
    )
    .orderBy(orderDocuments.id);
  if (rows.length === 0) throw fieldViolation('attachCmr', customerWindowMessages.noReleasedCmr);
  return rows.map((r) => ({ kind: ORDER_DOCUMENT_ATTACHMENT, ref: r.uuid }));
}

/** The renderer of those attachments: the file as uploaded, from the store. */
export function registerOrderDocumentAttachment(outbox: Outbox, db: DbOrTx, store: FileStore) {
  outbox.registerAttachment(ORDER_DOCUMENT_ATTACHMENT, async (uuid) => {
    const [doc] = await db.select().from(orderDocuments).where(eq(orderDocuments.uuid, uuid));
    const content = doc ? await store.get(doc.sha256) : null;
    if (!doc || !content) throw new Error(`order document ${uuid} not found`);
    return { filename: doc.fileName, contentType: doc.contentType, content };
  });
}
