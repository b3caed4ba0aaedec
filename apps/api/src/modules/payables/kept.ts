import { APP_TIMEZONE, PAYABLES_VIEWS } from '@spedycja/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import type { ListParams } from '../../http/filters.ts';

/** Today in the office's time zone (as repository.ts's todayDateSql: payablesView compares the due date with it). */
const todayDateSql = sql.raw(`((now() AT TIME ZONE '${APP_TIMEZONE}')::date)`);

/** Change rows of a side (beyond one per currency, day, held and batch) after which a reader folds them. */
const FOLD_AFTER = 200;

/**
 * Issue 35: the 'Do zapłaty' views whose total and sums per currency cashflow_day_totals answers: nothing but the
 * view (`status`, as payablesView reads it), `currency=` and `inBatch=` given as plain values; null otherwise.
 */
export function keptPayablesView(params: ListParams): SQL | null {
  const conditions: SQL[] = [];
  for (const name of params.present) {
    // Any other filter, even given empty, is counted (the tests compare the two that way).
    if (name !== 'status' && name !== 'currency' && name !== 'inBatch') return null;
    const given = params.equals.get(name)?.filter((v) => v !== '');
    if (!given) return null;
    if (given.length === 0) continue;
    if (name === 'status') {
      // One comma-separated value, as payablesView splits it.
      const wanted = given
        .join(',')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      if (wanted.length === 0) continue;
      if (wanted.some((w) => !(PAYABLES_VIEWS as readonly string[]).includes(w))) return null;
      // payablesView's conditions on the kept columns (held, in_batch = batch_id IS NOT NULL, day = due_date).
      const parts = wanted.map((w) =>
        w === 'wstrzymane'
          ? sql`(held OR day IS NULL)`
          : w === 'po_terminie'
            ? sql`(NOT held AND NOT in_batch AND day < ${todayDateSql})`
            : sql`(NOT held AND NOT in_batch AND day >= ${todayDateSql})`,
      );
      conditions.push(sql`(${sql.join(parts, sql` OR `)})`);
    } else if (name === 'currency') {
      conditions.push(
        sql`currency IN (${sql.join(
          given.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      );
    } else if (name === 'inBatch' && given.length === 1 && (given[0] === 'true' || given[0] === 'false')) {
      conditions.push(given[0] === 'true' ? sql`in_batch` : sql`NOT in_batch`);
    } else return null;
  }
  return conditions.length ? sql.join(conditions, sql` AND `) : sql`TRUE`;
}

/** A kept view's open figures per currency (what is due and how many), as payablesTotals sums them. */
export async function keptPayablesTotals(db: DbOrTx, view: SQL) {
  await foldIfNeeded(db, 'out');
  const rows = await selectRows<{ currency: string; due: string | number; count: number }>(
    db,
    sql`SELECT currency, sum(amount) AS due, sum(n)::int AS count FROM cashflow_day_totals
        WHERE side = 'out' AND ${view} GROUP BY currency HAVING sum(n) <> 0 ORDER BY currency`,
  );
  return rows.map((r) => ({ currency: r.currency, amount: Number(r.due), count: r.count }));
}

/** 'Przepływy''s sums per side, currency and bucket (the overdue, those waiting for documents, each week's Monday). */
export async function keptCashflowRows(db: DbOrTx, today: string, end: string) {
  await foldIfNeeded(db, 'in');
  await foldIfNeeded(db, 'out');
  return selectRows<{ side: string; currency: string; bucket: string; amount: string | number }>(
    db,
    sql`SELECT side, currency,
          CASE WHEN day IS NULL THEN 'waiting' WHEN day < ${today}::date THEN 'overdue'
               ELSE to_char(date_trunc('week', day), 'YYYY-MM-DD') END AS bucket,
          sum(amount) AS amount
        FROM cashflow_day_totals
        WHERE ((side = 'in' AND day IS NOT NULL) OR side = 'out') AND (day IS NULL OR day < ${end}::date)
        GROUP BY 1, 2, 3 HAVING sum(n) <> 0`,
  );
}

async function foldIfNeeded(db: DbOrTx, side: 'in' | 'out') {
  const [row] = await selectRows<{ extra: number }>(
    db,
    sql`SELECT (count(*) - count(DISTINCT (currency, day, held, in_batch)))::int AS extra FROM cashflow_day_totals
        WHERE side = ${side}`,
  );
  if ((row?.extra ?? 0) <= FOLD_AFTER) return;
  // One statement: a write that commits meanwhile adds a row this one does not see (and so keeps).
  await db.execute(sql`
    WITH folded AS (DELETE FROM cashflow_day_totals WHERE side = ${side}
                    RETURNING currency, day, held, in_batch, n, amount)
    INSERT INTO cashflow_day_totals (side, currency, day, held, in_batch, n, amount)
      SELECT ${side}, currency, day, held, in_batch, sum(n), sum(amount) FROM folded
      GROUP BY currency, day, held, in_batch HAVING sum(n) <> 0 OR sum(amount) <> 0`);
}
