import { type Invoice, interestMessages } from '@spedycja/domain';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { interestNotes, invoices } from '../../db/schema/index.ts';
import { iri } from '../../http/hydra.ts';
import { findInvoice } from '../invoices/repository.ts';

type Row = typeof interestNotes.$inferSelect;
export type InterestNote = Row & { invoice: Invoice };

export const toInterestNoteJson = (note: InterestNote) => ({
  '@id': iri('interest_notes', note.uuid),
  '@type': 'InterestNote' as const,
  uuid: note.uuid,
  number: note.number,
  invoice: iri('invoices', note.invoice.uuid),
  invoiceNumber: note.invoice.number,
  createdDate: note.createdDate,
  until: note.untilDate,
  currency: note.currency,
  daysLate: note.daysLate,
  interest: note.interest,
  periods: note.periods,
  compensationEur: note.compensationEur,
  compensationAmount: note.compensationAmount,
  compensationRate: note.compensationRate,
  compensationTable: note.compensationTable,
  compensationRateDate: note.compensationRateDate,
  /** Set when the note has no compensation: it needs NBP's EUR rate, which NBP did not give (Polish, for the user). */
  warning: note.compensationAmount == null ? interestMessages.compensationWithoutNbp : null,
  createdAt: note.createdAt.toISOString(),
  version: note.version,
});

export async function findInterestNotes(db: DbOrTx, where: SQL): Promise<InterestNote[]> {
  const rows = await db.select().from(interestNotes).where(where).orderBy(desc(interestNotes.id));
  const result: InterestNote[] = [];
  // An invoice's notes share their invoice: it is read once, not once per note.
  const invoiceOf = new Map<number, Awaited<ReturnType<typeof findInvoice>>>();
  for (const row of rows) {
    if (!invoiceOf.has(row.invoiceId))
      invoiceOf.set(row.invoiceId, await findInvoice(db, eq(invoices.id, row.invoiceId)));
    const invoice = invoiceOf.get(row.invoiceId);
    if (invoice) result.push({ ...row, invoice });
  }
  return result;
}
