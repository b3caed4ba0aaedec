import { documentFileName, formatWallClock, mailMessages, type OrderParty, orderMessages } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { writeHistoryLine } from '../../db/history.ts';
import { outsideRequest } from '../../db/requestTx.ts';
import { orders } from '../../db/schema/index.ts';
import { orderDocument } from '../../documents/orderDocument.ts';
import { renderPdf } from '../../documents/pdf.ts';
import { fieldViolation } from '../../http/errors.ts';
import { enqueueMail, type Outbox } from '../../mail/outbox.ts';
import { readAllSettings } from '../settings/company.ts';
import type { OrderRecord } from './repository.ts';

const field = { customer: 'sendMailToCustomer', carrier: 'sendMailToCarrier' } as const;

/** The party's e-mail, or a clear 422 when there is none (nothing is queued or marked sent). */
export function recipientOf(record: OrderRecord, party: OrderParty): string {
  const who = party === 'customer' ? record.customer : record.carrier;
  if (!who?.uuid)
    throw fieldViolation(field[party], party === 'customer' ? orderMessages.noCustomer : orderMessages.noCarrier);
  if (!who.email) {
    throw fieldViolation(
      field[party],
      party === 'customer' ? orderMessages.noCustomerEmail : orderMessages.noCarrierEmail,
    );
  }
  return who.email;
}

/** The outbox's kind of 'order accepted by the mail server' marks; its ref is '<order id>:<party>:<address>'. */
export const ORDER_SENT_MARK = 'order-sent';

/**
 * Marks the order sent to the party, when a mail server accepted the message (not when it only went to the folder).
 */
export function registerOrderSentMark(outbox: Outbox, db: DbOrTx) {
  outbox.onSent(ORDER_SENT_MARK, async (ref) => {
    const [id, party, ...address] = ref.split(':');
    const to = address.join(':');
    const now = new Date();
    // The outbox runs after the request that queued the mail: write to the database, not to that finished transaction.
    await outsideRequest(async () => {
      const [marked] = await db
        .update(orders)
        .set(
          party === 'customer'
            ? { mailSentToCustomer: true, mailSentToCustomerAt: now, mailSentToCustomerAddress: to }
            : { mailSentToCarrier: true, mailSentToCarrierAt: now, mailSentToCarrierAddress: to },
        )
        .where(eq(orders.id, Number(id)))
        .returning({ uuid: orders.uuid });
      // No request's user here, so the trigger writes none: the line is the system's.
      if (marked) {
        const prefix = party === 'customer' ? 'mailSentToCustomer' : 'mailSentToCarrier';
        await writeHistoryLine(db, {
          resource: 'orders',
          recordUuid: marked.uuid,
          action: 'send',
          changes: [
            { field: prefix, from: false, to: true },
            { field: `${prefix}Address`, from: null, to },
          ],
        });
      }
    });
  });
}

/**
 * Queues the order document (PDF) for the party in the caller's transaction. The order becomes 'sent' only when a
 * mail server accepts the message (registerOrderSentMark, which writes the history line of the send); without one
 * (`keptInFolder`) it is kept in the folder, marks nothing, and the order's history says it was kept.
 */
export async function queueOrderMail(
  tx: DbOrTx,
  record: OrderRecord,
  party: OrderParty,
  link?: string,
  keptInFolder = false,
): Promise<number> {
  const to = recipientOf(record, party);
  const company = await readAllSettings(tx);
  const pdf = await renderPdf(orderDocument(record, party, company));
  const o = record.order;
  const what = party === 'carrier' ? 'Zlecenie transportowe' : 'Potwierdzenie zlecenia';
  const route = `${o.loadingCity ?? ''} → ${o.unloadingCity ?? ''}`;
  const mailId = await enqueueMail(tx, {
    to,
    subject: `${what} nr ${o.number} (${route}, załadunek ${formatWallClock(o.loadingDate)})`,
    text:
      `Dzień dobry,\n\nw załączniku przesyłamy ${what.toLowerCase()} nr ${o.number} na trasie ${route}.\n` +
      `${party === 'carrier' ? 'Prosimy o potwierdzenie przyjęcia zlecenia do realizacji.\n' : ''}` +
      (link && party === 'carrier'
        ? `\nPrzyjęcie zlecenia, dane kierowcy i pojazdu, załadunek, rozładunek, CMR i fakturę zgłosisz tutaj:\n${link}\n`
        : '') +
      (link && party === 'customer' ? `\nStatus zlecenia, dokumenty (CMR) i faktury:\n${link}\n` : '') +
      '\n' +
      `Pozdrawiamy,\n${company.companyName ?? ''}\n${company.companyPhone ?? ''} ${company.companyEmail ?? ''}\n`,
    attachments: [{ filename: documentFileName(o.number, party, 'pdf'), contentType: 'application/pdf', content: pdf }],
    onSent: { kind: ORDER_SENT_MARK, ref: `${o.id}:${party}:${to}` },
  });
  if (keptInFolder) {
    await writeHistoryLine(tx, {
      resource: 'orders',
      recordUuid: o.uuid,
      action: 'send',
      changes: [
        {
          field: party === 'customer' ? 'mailToCustomer' : 'mailToCarrier',
          from: null,
          to: mailMessages.keptInFolderHistory(to),
        },
      ],
    });
  }
  return mailId;
}
