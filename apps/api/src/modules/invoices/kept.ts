import { sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import type { ListParams } from '../../http/filters.ts';

/**
 * Issue 35: the invoices screens' usual view — one type (or every one) and whole months of issue, nothing else — has
 * its total and its sums per currency kept in invoice_month_totals (migration money_kept_values), so that they are a
 * sum of a few rows rather than a count of the month's (or every) invoice. Any other filter is counted as before.
 */
export type KeptInvoiceView = {
  /** undefined: every type (`type=` given empty). */
  type: string | undefined;
  /** First days of the first and the last month (inclusive); undefined: unbounded. */
  from: string | undefined;
  to: string | undefined;
};

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** Parameters that choose a page or its order, not which invoices. */
const PAGING = new Set(['page', 'itemsPerPage', 'pagination', 'partial']);
/** Change rows beyond which a reader folds the kept totals into one row per key. */
const FOLD_AFTER = 200;

const isFirstOfMonth = (d: string) => DATE_RE.test(d) && d.endsWith('-01') && validDay(d);
const validDay = (d: string) => {
  const date = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === d;
};
/** The last day of its month. */
const isLastOfMonth = (d: string) => {
  if (!DATE_RE.test(d) || !validDay(d)) return false;
  const next = new Date(`${d}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.getUTCDate() === 1;
};

/** The view the kept totals answer, or null (then the list counts, as every other list does). */
export function keptInvoiceView(params: ListParams): KeptInvoiceView | null {
  const raw = params.raw;
  if (!raw) return null;
  for (const name of params.present) if (name !== 'type' && name !== 'createdDate') return null;
  let type: string | undefined = 'vat';
  let from: string | undefined;
  let to: string | undefined;
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || PAGING.has(key) || key.startsWith('order[')) continue;
    if (typeof value !== 'string') return null;
    const v = value.trim();
    if (key === 'type') type = v === '' ? undefined : v;
    else if (key === 'createdDate[after]' || key === 'createdDate[gte]') {
      if (v === '') continue;
      if (!isFirstOfMonth(v) || from !== undefined) return null;
      from = v;
    } else if (key === 'createdDate[before]' || key === 'createdDate[lte]') {
      if (v === '') continue;
      if (!isLastOfMonth(v) || to !== undefined) return null;
      to = `${v.slice(0, 7)}-01`;
    } else if (params.present.has(key) || key.startsWith('createdDate') || key === 'type[]') {
      // Another form of a known filter (`type[]=`, `createdDate[strictly_after]=`): counted.
      return null;
    }
  }
  return { type, from, to };
}

const whereOf = (view: KeptInvoiceView) =>
  sql.join(
    [
      sql`TRUE`,
      ...(view.type === undefined ? [] : [sql`type = ${view.type}`]),
      ...(view.from === undefined ? [] : [sql`month >= ${view.from}::date`]),
      ...(view.to === undefined ? [] : [sql`month <= ${view.to}::date`]),
    ],
    sql` AND `,
  );

type Sums = { currency: string; count: number; totalNet: number; totalVat: number; totalGross: number };

/** The view's sums per currency (the currencies it has invoices in), and folds the change rows when they pile up. */
export async function keptInvoiceSums(db: DbOrTx, view: KeptInvoiceView): Promise<Sums[]> {
  const rows = await selectRows<{
    currency: string;
    n: string | number;
    net: string | number;
    vat: string | number;
    gross: string | number;
    rows: number;
  }>(
    db,
    sql`SELECT currency, sum(n) AS n, sum(total_net) AS net, sum(total_vat) AS vat, sum(total_gross) AS gross,
          count(*)::int AS rows
        FROM invoice_month_totals WHERE ${whereOf(view)} GROUP BY currency ORDER BY currency`,
  );
  if (rows.reduce((s, r) => s + r.rows, 0) > FOLD_AFTER) await foldInvoiceMonthTotals(db);
  return rows
    .filter((r) => Number(r.n) > 0)
    .map((r) => ({
      currency: r.currency,
      count: Number(r.n),
      totalNet: Number(r.net),
      totalVat: Number(r.vat),
      totalGross: Number(r.gross),
    }));
}

export async function keptInvoiceTotal(db: DbOrTx, view: KeptInvoiceView): Promise<number> {
  return (await keptInvoiceSums(db, view)).reduce((s, r) => s + r.count, 0);
}

/**
 * One row per key in one statement (as status_counts is folded): a write committing meanwhile adds a row this statement
 * does not see, and so keeps.
 */
export async function foldInvoiceMonthTotals(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    WITH folded AS (DELETE FROM invoice_month_totals RETURNING *)
    INSERT INTO invoice_month_totals (type, currency, month, n, total_net, total_vat, total_gross)
      SELECT type, currency, month, sum(n), sum(total_net), sum(total_vat), sum(total_gross) FROM folded
      GROUP BY type, currency, month
      HAVING sum(n) <> 0 OR sum(total_net) <> 0 OR sum(total_vat) <> 0 OR sum(total_gross) <> 0`);
}
