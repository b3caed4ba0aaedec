import type { PaymentSide, PaymentTotal } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import type { ListParams } from '../../http/filters.ts';

/**
 * Issue 35: the cockpit's default views (a side and a state, no other filter) read their total and their sums per
 * currency from payment_day_totals (the open orders per side, currency and payment day, kept by triggers on orders),
 * a few rows per day, instead of summing every open order. 'overdue' is the days before today in Warsaw (payment
 * dates are whole days kept as UTC midnights, so a date is before today's midnight exactly when its day is before
 * today), 'due' the others and the orders without a date.
 */
export type KeptPaymentView = {
  side: PaymentSide;
  state: 'overdue' | 'due' | 'all';
  /** `currency=` (one or more): the kept rows of those currencies. */
  currencies: readonly string[] | undefined;
  /**
   * `paymentDate[after|before|strictly_after|strictly_before]=` given as whole days: the kept days within them (a
   * payment date is a whole day kept as UTC midnight, so `after=D` is the days from D, `before=D` those up to D
   * included, as the list's own filter reads them); an order without a date is in none.
   */
  days: readonly { op: DayBound; day: string }[];
};

type DayBound = 'after' | 'before' | 'strictly_after' | 'strictly_before';
const DAY_BOUND_RE = /^paymentDate\[(after|before|strictly_after|strictly_before)\]$/;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (d: string) => {
  const date = new Date(`${d}T00:00:00Z`);
  return DAY_RE.test(d) && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === d;
};

/** The whole days asked of the payment date, or null when it was asked otherwise (a time, a list of values). */
function dayBounds(params: ListParams): KeptPaymentView['days'] | null {
  if (!params.present.has('paymentDate')) return [];
  const days: { op: DayBound; day: string }[] = [];
  for (const [key, value] of Object.entries(params.raw ?? {})) {
    if (!key.startsWith('paymentDate')) continue;
    const bound = DAY_BOUND_RE.exec(key)?.[1] as DayBound | undefined;
    if (!bound || typeof value !== 'string' || !validDay(value.trim())) return null;
    days.push({ op: bound, day: value.trim() });
  }
  return days.length > 0 ? days : null;
}

/** Change rows beyond which a reader folds the side's rows into one per currency and day. */
const FOLD_AFTER = 200;

export function keptPaymentView(side: PaymentSide, params: ListParams): KeptPaymentView | null {
  for (const name of params.present) {
    if (name !== 'side' && name !== 'state' && name !== 'currency' && name !== 'paymentDate') return null;
  }
  const days = dayBounds(params);
  if (days === null) return null;
  let currencies: readonly string[] | undefined;
  if (params.present.has('currency')) {
    const given = params.equals.get('currency');
    if (!given) return null;
    const values = given.filter((v) => v !== '');
    currencies = values.length > 0 ? values : undefined;
  }
  const state = params.equals.get('state')?.[0] ?? '';
  if (state === '' || state === 'all') return { side, state: 'all', currencies, days };
  if (state === 'overdue' || state === 'due') return { side, state, currencies, days };
  return null;
}

const today = sql`(now() AT TIME ZONE 'Europe/Warsaw')::date`;

export async function keptPaymentTotals(
  db: DbOrTx,
  view: KeptPaymentView,
): Promise<{ total: number; totals: PaymentTotal[] }> {
  const inState =
    view.state === 'overdue'
      ? sql`day < ${today}`
      : view.state === 'due'
        ? sql`(day IS NULL OR day >= ${today})`
        : sql`TRUE`;
  const compare = { after: sql`>=`, before: sql`<=`, strictly_after: sql`>`, strictly_before: sql`<` };
  const inDays = view.days.map(({ op, day }) => sql` AND day IS NOT NULL AND day ${compare[op]} ${day}::date`);
  const inView = sql`${inState}${sql.join(inDays, sql``)}`;
  const rows = await selectRows<{
    currency: string;
    n: string | number | null;
    amount: string | number | null;
    rows: number;
    keys: number;
  }>(
    db,
    sql`SELECT currency, sum(n) FILTER (WHERE ${inView}) AS n, sum(amount) FILTER (WHERE ${inView}) AS amount,
          count(*)::int AS rows, count(DISTINCT coalesce(day, '-infinity'::date))::int AS keys
        FROM payment_day_totals WHERE side = ${view.side} GROUP BY currency ORDER BY currency`,
  );
  const extra = rows.reduce((s, r) => s + r.rows - r.keys, 0);
  if (extra > FOLD_AFTER) await foldPaymentDayTotals(db, view.side);
  const totals = rows
    .filter((r) => view.currencies === undefined || view.currencies.includes(r.currency))
    .filter((r) => Number(r.n ?? 0) > 0)
    .map((r) => ({ currency: r.currency, amount: Number(r.amount ?? 0), count: Number(r.n) }));
  return { total: totals.reduce((s, t) => s + t.count, 0), totals };
}

/** One row per currency and day, in one statement (a write committing meanwhile keeps its own row). */
export async function foldPaymentDayTotals(db: DbOrTx, side: PaymentSide): Promise<void> {
  await db.execute(sql`
    WITH folded AS (DELETE FROM payment_day_totals WHERE side = ${side} RETURNING currency, day, n, amount)
    INSERT INTO payment_day_totals (side, currency, day, n, amount)
      SELECT ${side}, currency, day, sum(n), sum(amount) FROM folded GROUP BY currency, day
      HAVING sum(n) <> 0 OR sum(amount) <> 0`);
}
