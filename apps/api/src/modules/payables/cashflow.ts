import type { Cashflow } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import { addDays } from '../../integrations/nbp/types.ts';
import { warsawDay } from '../../warsawDay.ts';
import { keptCashflowRows } from './kept.ts';

/** The Monday of a day's week (weeks start on Monday, as the office's calendar). */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/**
 * Issue 38, 'Przepływy': per currency and week (Monday to Sunday, from this week on), what comes in (our open VAT
 * invoices by payment date) and what goes out (carriers' open invoices by due date); the overdue on either side and
 * the carriers' invoices still waiting for documents apart. Read from cashflow_day_totals (kept.ts): a few rows per
 * day, not every open invoice.
 */
export async function cashflow(
  db: DbOrTx,
  weeks: number,
  today = warsawDay(),
  read: typeof keptCashflowRows = keptCashflowRows,
): Promise<Cashflow[]> {
  const first = mondayOf(today);
  const end = addDays(first, weeks * 7);
  const rows = await read(db, today, end);
  const currencies = [...new Set(['pln', ...rows.map((r) => r.currency)])].sort();
  return currencies.map((currency) => {
    const of = (side: string, bucket: string) =>
      rows
        .filter((r) => r.side === side && r.currency === currency && r.bucket === bucket)
        .reduce((s, r) => s + Number(r.amount), 0);
    return {
      currency,
      overdueInflow: of('in', 'overdue'),
      overdueOutflow: of('out', 'overdue'),
      waitingForDocuments: of('out', 'waiting'),
      weeks: Array.from({ length: weeks }, (_, i) => {
        const from = addDays(first, i * 7);
        const inflow = of('in', from);
        const outflow = of('out', from);
        return { week: from, from, to: addDays(from, 6), inflow, outflow, difference: inflow - outflow };
      }),
    };
  });
}

/** The same sums from the open invoices themselves (as 'Przepływy' read them before issue 35): the tests' truth. */
export function countedCashflowRows(db: DbOrTx, today: string, end: string) {
  return selectRows<{ side: string; currency: string; bucket: string; amount: string | number }>(
    db,
    sql`SELECT 'in' AS side, currency,
          CASE WHEN payment_date < ${today}::date THEN 'overdue'
               ELSE to_char(date_trunc('week', payment_date), 'YYYY-MM-DD') END AS bucket,
          sum(due_amount) AS amount
        FROM invoices
        WHERE NOT paid AND type = 'vat' AND due_amount > 0 AND payment_date IS NOT NULL AND payment_date < ${end}::date
        GROUP BY 1, 2, 3
      UNION ALL
        SELECT 'out', currency,
          CASE WHEN due_date IS NULL THEN 'waiting' WHEN due_date < ${today}::date THEN 'overdue'
               ELSE to_char(date_trunc('week', due_date), 'YYYY-MM-DD') END,
          sum(due_amount)
        FROM carrier_invoices
        WHERE due_amount > 0 AND deletion_reason = 0 AND type = 'vat' AND (due_date IS NULL OR due_date < ${end}::date)
        GROUP BY 1, 2, 3`,
  );
}
