import { documentFileName, formatWallClock, type OrderParty, orderMessages } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { orderDocument } from '../../documents/orderDocument.ts';
import { renderPdf } from '../../documents/pdf.ts';
import { fieldViolation } from '../../http/errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
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

/**
 * Queues the order document (PDF) for the party and marks it sent, in the caller's transaction:
 * the flag and the queued mail stand or fall together; the outbox delivers it when it can.
 */
export async function queueOrderMail(tx: DbOrTx, record: OrderRecord, party: OrderParty, carrierLink?: string) {
  const to = recipientOf(record, party);
  const company = await readAllSettings(tx);
  const pdf = await renderPdf(orderDocument(record, party, company));
  const o = record.order;
  const what = party === 'carrier' ? 'Zlecenie transportowe' : 'Potwierdzenie zlecenia';
  const route = `${o.loadingCity ?? ''} → ${o.unloadingCity ?? ''}`;
  await enqueueMail(tx, {
    to,
    subject: `${what} nr ${o.number} (${route}, załadunek ${formatWallClock(o.loadingDate)})`,
    text:
      `Dzień dobry,\n\nw załączniku przesyłamy ${what.toLowerCase()} nr ${o.number} na trasie ${route}.\n` +
      `${party === 'carrier' ? 'Prosimy o potwierdzenie przyjęcia zlecenia do realizacji.\n' : ''}` +
      (carrierLink
        ? `\nPrzyjęcie zlecenia, dane kierowcy i pojazdu, załadunek, rozładunek, CMR i fakturę zgłosisz tutaj:\n${carrierLink}\n`
        : '') +
      '\n' +
      `Pozdrawiamy,\n${company.companyName ?? ''}\n${company.companyPhone ?? ''} ${company.companyEmail ?? ''}\n`,
    attachments: [{ filename: documentFileName(o.number, party, 'pdf'), contentType: 'application/pdf', content: pdf }],
  });
  const now = new Date();
  await tx
    .update(orders)
    .set(
      party === 'customer'
        ? { mailSentToCustomer: true, mailSentToCustomerAt: now, mailSentToCustomerAddress: to }
        : { mailSentToCarrier: true, mailSentToCarrierAt: now, mailSentToCarrierAddress: to },
    )
    .where(eq(orders.id, o.id));
}
