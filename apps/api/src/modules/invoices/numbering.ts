import { and, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { type DbOrTx, selectRows, type Tx } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';

/** 'YYYY-MM-DD' of the issue date -> its year and month (the issue date is a Polish calendar day). */
function periodOf(createdDate: string) {
  return { year: createdDate.slice(0, 4), month: createdDate.slice(5, 7) };
}

/**
 * `{n}/{MM}/{YYYY}` sorts as YYYY·10⁸ + MM·10⁶ + n; a number typed in another form sorts at the start of its month.
 */
export function numberSortOf(number: string, createdDate: string): number {
  const match = /^(\d{1,6})\/(\d{2})\/(\d{4})$/.exec(number.trim());
  if (match) return Number(match[3]) * 100_000_000 + Number(match[2]) * 1_000_000 + Number(match[1]);
  const { year, month } = periodOf(createdDate);
  return Number(year) * 100_000_000 + Number(month) * 1_000_000;
}

export async function numberTaken(db: DbOrTx, type: string, number: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.type, type), eq(invoices.number, number), exceptId ? ne(invoices.id, exceptId) : undefined))
    .limit(1);
  return !!row;
}

/**
 * Invoice numbers are `{n}/{MM}/{YYYY}`, n counted from 1 per type and month of the issue date. The counter row is
 * locked by the upsert until the creating transaction ends (as the order counter is): concurrent invoices queue for
 * it, and a failed creation gives its number back. A number someone typed by hand is skipped.
 */
export async function nextInvoiceNumber(tx: Tx, type: string, createdDate: string): Promise<string> {
  const { year, month } = periodOf(createdDate);
  for (;;) {
    const [row] = await selectRows<{ last: number }>(
      tx,
      sql`INSERT INTO invoice_number_counters (type, period, last) VALUES (${type}, ${`${year}-${month}`}, 1)
          ON CONFLICT (type, period) DO UPDATE SET last = invoice_number_counters.last + 1
          RETURNING last`,
    );
    const number = `${row?.last ?? 1}/${month}/${year}`;
    if (!(await numberTaken(tx, type, number))) return number;
  }
}

/**
 * The month's latest invoice of a type issued after `createdDate`, or null: a new invoice dated back into a month
 * still takes the month's next number, so its number comes after that later-dated one (issue 34 warns of it).
 * Read through the (type, created_date, id) index.
 */
export async function laterInvoiceOfMonth(
  db: DbOrTx,
  type: string,
  createdDate: string,
): Promise<{ number: string; createdDate: string } | null> {
  const { year, month } = periodOf(createdDate);
  const monthEnd = new Date(Date.UTC(Number(year), Number(month), 0)).toISOString().slice(0, 10);
  const [row] = await db
    .select({ number: invoices.number, createdDate: invoices.createdDate })
    .from(invoices)
    .where(and(eq(invoices.type, type), gt(invoices.createdDate, createdDate), lte(invoices.createdDate, monthEnd)))
    .orderBy(desc(invoices.createdDate), desc(invoices.id))
    .limit(1);
  return row ?? null;
}
