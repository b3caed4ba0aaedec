import { formatDate, formatMoney, type Invoice, invoiceMessages, paymentTermLabels } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoices, type MailAttachmentRef } from '../../db/schema/index.ts';
import { type InvoiceQr, invoiceFileName, invoiceTitle, renderInvoicePdf } from '../../documents/invoicePdf.ts';
import { fieldViolation } from '../../http/errors.ts';
import { enqueueMail, type Outbox } from '../../mail/outbox.ts';
import { readAllSettings } from '../settings/company.ts';
import { findInvoiceByUuid } from './repository.ts';

export const INVOICE_PDF_ATTACHMENT = 'invoicePdf';

/**
 * Queues the invoice's e-mail to the buyer and marks it sent, in the caller's transaction (the flag and the mail
 * stand or fall together). The PDF is not made here: the outbox renders it when it sends, so that positions the
 * original client adds after 'add and send' are on it. No buyer e-mail is a 422 and nothing is marked.
 */
export async function queueInvoiceMail(tx: DbOrTx, invoice: Invoice, extra: MailAttachmentRef[] = []) {
  if (!invoice.customerEmail) throw fieldViolation('customerEmail', invoiceMessages.noEmail);
  const company = await readAllSettings(tx);
  const due = invoice.paymentDate
    ? formatDate(invoice.paymentDate)
    : (paymentTermLabels[invoice.paymentDateString as keyof typeof paymentTermLabels] ?? null);
  const title = invoiceTitle(invoice);
  await enqueueMail(tx, {
    to: invoice.customerEmail,
    subject: `${title} – ${invoice.vendorName}`,
    text:
      `Dzień dobry,\n\nw załączniku przesyłamy: ${title.charAt(0).toLowerCase()}${title.slice(1)} ` +
      `z dnia ${formatDate(invoice.createdDate)}.\n` +
      (invoice.invoicePositions.length > 0
        ? `Kwota: ${formatMoney(invoice.totalGross, invoice.currency)}${due ? `, termin płatności: ${due}` : ''}.\n`
        : '') +
      `\nPozdrawiamy,\n${company.companyName ?? invoice.vendorName}\n${company.companyPhone ?? ''} ${company.companyEmail ?? ''}\n`,
    // Issue 37: 'Dołącz CMR' adds the order's released CMRs (made when the mail goes, from the files store).
    renderedAttachments: [{ kind: INVOICE_PDF_ATTACHMENT, ref: invoice.uuid }, ...extra],
  });
  await tx.update(invoices).set({ invoiceSent: true }).where(eq(invoices.id, invoice.id));
}

/** The outbox's renderer of an invoice PDF; an invoice whose positions are not in yet waits for the next attempt. */
export function registerInvoiceAttachment(
  outbox: Outbox,
  db: DbOrTx,
  qrOf: (invoice: Invoice) => Promise<InvoiceQr | null>,
) {
  outbox.registerAttachment(INVOICE_PDF_ATTACHMENT, async (uuid) => {
    const invoice = await findInvoiceByUuid(db, uuid);
    if (!invoice) throw new Error(`invoice ${uuid} not found`);
    if (invoice.invoicePositions.length === 0) throw new Error(`invoice ${invoice.number} has no positions yet`);
    return {
      filename: invoiceFileName(invoice, 'pdf'),
      contentType: 'application/pdf',
      content: await renderInvoicePdf(invoice, await qrOf(invoice)),
    };
  });
}
