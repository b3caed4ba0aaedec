import {
  compensationEur,
  compensationRateDay,
  computeInterest,
  type InterestPreview,
  type Invoice,
  interestMessages,
  parseInterestRates,
} from '@spedycja/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import { payments as ledger } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { iri } from '../../http/hydra.ts';
import type { ExchangeRateService } from '../../integrations/nbp/types.ts';
import { readSetting } from '../settings/repository.ts';

/** Today as a Polish calendar day. */
export const todayInPoland = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' });

/** The rate table of the settings; an empty one is a 409 saying what to fill in. */
export async function interestRates(db: DbOrTx) {
  const rates = parseInterestRates((await readSetting(db, 'lateInterestRates')) ?? '');
  if (!rates || rates.length === 0) throw new AppError(409, 'interest_rates_missing', interestMessages.noRates);
  return rates;
}

/** An EUR rate the admin typed from NBP's table (NBP not answering): ten-thousandths of a złoty and the table. */
export type TypedRate = { rate: number; table: string };

/**
 * The interest on an invoice to `until` (or, paid in full, to the day of its last payment) and the art. 10
 * compensation in PLN at NBP's EUR mid rate of the last working day of the month before the due month: the rate the
 * admin typed, else NBP's (the client remembers a day's rate once read, so one read earlier still serves while NBP is
 * down). No rate leaves the compensation null: the statutory interest needs no NBP (its rates are the settings').
 */
export async function computeInvoiceInterest(
  db: DbOrTx,
  nbp: ExchangeRateService,
  invoice: Invoice,
  until: string,
  typed: TypedRate | null = null,
): Promise<InterestPreview> {
  if (invoice.type === 'proforma') throw new AppError(422, 'proforma', interestMessages.proforma);
  const dueDate = invoice.paymentDate;
  if (!dueDate || dueDate >= until) throw new AppError(422, 'not_overdue', interestMessages.notOverdue);
  const rates = await interestRates(db);
  const payments = await db
    .select({ date: ledger.date, amount: ledger.amount })
    .from(ledger)
    .where(and(eq(ledger.invoiceId, invoice.id), isNull(ledger.cancelledAt)))
    .orderBy(asc(ledger.date), asc(ledger.id));
  const gross = invoice.totalGross;
  let paidSum = 0;
  let paidDate: string | null = null;
  for (const p of payments) {
    paidSum += p.amount;
    if (paidSum >= gross && !paidDate) paidDate = p.date;
  }
  // Paid in time: nothing is due.
  if (paidDate && paidDate <= dueDate) throw new AppError(422, 'not_overdue', interestMessages.notOverdue);
  const { periods, total, daysLate } = computeInterest({ amount: gross, dueDate, payments, until, rates });

  const rate = typed ? { ...typed, date: null } : await nbp.eurBefore(compensationRateDay(dueDate)).catch(() => null);
  let compensation: InterestPreview['compensation'] = null;
  if (rate) {
    const grossPln = invoice.currency === 'eur' ? Math.round((gross * rate.rate) / 10_000) : gross;
    const eur = compensationEur(grossPln);
    compensation = {
      eur,
      rate: rate.rate,
      table: rate.table,
      rateDate: rate.date,
      amount: Math.round((eur * rate.rate) / 100),
    };
  }
  return {
    invoice: iri('invoices', invoice.uuid),
    number: invoice.number,
    currency: invoice.currency,
    gross,
    dueDate,
    until,
    paidDate,
    daysLate,
    periods,
    interest: total,
    compensation,
  };
}

/**
 * `NO/{n}/{MM}/{YYYY}`: n counted per month of the note's date in the invoice number counters (type
 * 'interest_note'); the counter row stays locked until the creating transaction ends, so concurrent notes queue and a
 * failed one gives its number back (as invoices' numbering does).
 */
export async function nextInterestNoteNumber(tx: DbOrTx, createdDate: string): Promise<string> {
  const year = createdDate.slice(0, 4);
  const month = createdDate.slice(5, 7);
  const [row] = await selectRows<{ last: number }>(
    tx,
    sql`INSERT INTO invoice_number_counters (type, period, last) VALUES ('interest_note', ${`${year}-${month}`}, 1)
        ON CONFLICT (type, period) DO UPDATE SET last = invoice_number_counters.last + 1
        RETURNING last`,
  );
  return `NO/${row?.last ?? 1}/${month}/${year}`;
}
