import { APP_TIMEZONE, type Stats, type StatsFigures, type StatsUserRef } from '@spedycja/domain';
import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { iri } from '../../http/hydra.ts';
import { monthsOf, nextDay, type StatsRange, splitRange } from './range.ts';

/**
 * The figures of GET /api/stats. What counts: orders by their loading date (a wall-clock date, see wallClockOf), not
 * deleted and 'aktywne' or 'zakonczone' (a cancelled order earns nothing, a converted one became a query); queries by
 * their creation in Warsaw, not deleted. A conversion is a query of the range that became an order (the query
 * 'zamienione', linked both ways, the order counting). Money: the generated PLN columns (EUR at the order's rate); the
 * margin and its percent only over orders with both prices, so that an order still without a carrier price does not
 * look like pure profit.
 */

/** Polish alphabetical order (one collator: localeCompare with a locale builds one per call). */
const byName = new Intl.Collator('pl');

const ZERO = (): StatsFigures => ({ queries: 0, orders: 0, conversions: 0, revenue: 0, cost: 0, margin: 0 });
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10000) / whole) : null);

/** Sums of one month and owner, or of one month (user_id null, `byMonth`) or one owner (month null, `byUser`). */
type Group = {
  month: string | null;
  user_id: number | null;
  orders: string | number;
  revenue: string | number | null;
  cost: string | number | null;
  margin: string | number | null;
  margin_revenue: string | number | null;
  queries: string | number;
  conversions: string | number;
  /** The owner's, read with stats_monthly's per-owner sums. */
  user_uuid?: string | null;
  user_name?: string | null;
};

/** The figures of the days [start, end) from the rows themselves, per month and owner. */
function rawGroups(db: DbOrTx, start: string, end: string, userId: number | null) {
  const byOwner = (column: string) => (userId === null ? sql`` : sql` AND ${sql.raw(column)} = ${userId}`);
  const zone = sql.raw(`'${APP_TIMEZONE}'`);
  // Loading dates are wall-clock times kept as UTC: a day is its UTC day. Creation times are instants: Warsaw's day.
  return selectRows<Group>(
    db,
    sql`
    SELECT month, user_id, sum(orders) AS orders, sum(revenue) AS revenue, sum(cost) AS cost, sum(margin) AS margin,
           sum(margin_revenue) AS margin_revenue, sum(queries) AS queries, sum(conversions) AS conversions
    FROM (
      SELECT to_char(o.loading_date AT TIME ZONE 'UTC', 'YYYY-MM') AS month, o.user_id,
             count(*) AS orders, sum(o.customer_price_pln) AS revenue, sum(o.carrier_price_pln) AS cost,
             sum(o.margin) AS margin, sum(o.customer_price_pln) FILTER (WHERE o.margin IS NOT NULL) AS margin_revenue,
             0 AS queries, 0 AS conversions
      FROM orders o
      WHERE o.deletion_reason = 0 AND o.status IN ('aktywne', 'zakonczone')
        AND o.loading_date >= (${start}::date)::timestamp AT TIME ZONE 'UTC'
        AND o.loading_date < (${end}::date)::timestamp AT TIME ZONE 'UTC'${byOwner('o.user_id')}
      GROUP BY 1, 2
      UNION ALL
      SELECT to_char(q.created_at AT TIME ZONE ${zone}, 'YYYY-MM'), q.user_id, 0, 0, 0, 0, 0, count(*),
             count(*) FILTER (WHERE q.status = 'zamienione' AND EXISTS (
               SELECT 1 FROM orders o WHERE o.uuid = q.order_uuid AND o.query_uuid = q.uuid
                 AND o.deletion_reason = 0 AND o.status IN ('aktywne', 'zakonczone')))
      FROM queries q
      WHERE q.deletion_reason = 0
        AND q.created_at >= (${start}::date)::timestamp AT TIME ZONE ${zone}
        AND q.created_at < (${end}::date)::timestamp AT TIME ZONE ${zone}${byOwner('q.user_id')}
      GROUP BY 1, 2
    ) g
    GROUP BY 1, 2`,
  );
}

/** The whole months [start, end) from stats_monthly: per month, and per owner (owner 0 is none). */
function monthlyGroups(db: DbOrTx, start: string, end: string, userId: number | null) {
  const byOwner = userId === null ? sql`` : sql` AND user_id = ${userId}`;
  const sums = sql`sum(orders) AS orders, sum(revenue) AS revenue, sum(cost) AS cost, sum(margin) AS margin,
    sum(margin_revenue) AS margin_revenue, sum(queries) AS queries, sum(conversions) AS conversions`;
  const range = sql`month >= ${start}::date AND month < ${end}::date${byOwner}`;
  // One pass with two grouping sets: per month (user_id is then NULL) and per owner (month NULL).
  return selectRows<Group>(
    db,
    sql`
    SELECT g.month, nullif(g.user_id, 0) AS user_id, g.orders, g.revenue, g.cost, g.margin, g.margin_revenue,
           g.queries, g.conversions, u.uuid AS user_uuid, u.name AS user_name
    FROM (
      SELECT to_char(month, 'YYYY-MM') AS month, user_id, ${sums} FROM stats_monthly WHERE ${range}
      GROUP BY GROUPING SETS ((month), (user_id))
    ) g
    LEFT JOIN users u ON u.id = g.user_id`,
  );
}

/** `fromRows`: every day from the orders and queries themselves, no stats_monthly (what the tests compare it with). */
export async function computeStats(db: DbOrTx, range: StatsRange, { fromRows = false } = {}): Promise<Stats> {
  let userId: number | null = null;
  if (range.userUuid) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.uuid, range.userUuid));
    // An unknown user has no queries and no orders.
    userId = row?.id ?? -1;
  }
  const { months: whole, edges } = fromRows
    ? { months: null, edges: [[range.from, nextDay(range.to)] as [string, string]] }
    : splitRange(range.from, range.to);
  const [monthly, ...raw] = await Promise.all([
    whole ? monthlyGroups(db, whole[0], whole[1], userId) : Promise.resolve([] as Group[]),
    ...edges.map(([start, end]) => rawGroups(db, start, end, userId)),
  ]);

  const total = ZERO();
  let marginRevenue = 0;
  const months = new Map(monthsOf(range.from, range.to).map((m) => [m, ZERO()]));
  // A year at a million orders has thousands of owners: summed in place, without an object per row.
  type UserEntry = StatsFigures & { user: StatsUserRef };
  const perUser = new Map<number | null, UserEntry>();
  const ownerEntry = (id: number | null) => {
    let entry = perUser.get(id);
    if (!entry) {
      entry = { user: null, ...ZERO() };
      perUser.set(id, entry);
    }
    return entry;
  };
  const addGroup = (target: StatsFigures, g: Group) => {
    target.orders += Number(g.orders);
    target.revenue += Number(g.revenue ?? 0);
    target.cost += Number(g.cost ?? 0);
    target.margin += Number(g.margin ?? 0);
    target.queries += Number(g.queries);
    target.conversions += Number(g.conversions);
  };
  const toMonth = (g: Group) => {
    addGroup(total, g);
    marginRevenue += Number(g.margin_revenue ?? 0);
    const month = months.get(g.month as string);
    if (month) addGroup(month, g);
  };
  const byId = new Map<number, { uuid: string; name: string }>();
  // stats_monthly answers per month (the total and byMonth) and per owner (byUser) apart; a raw group is both.
  for (const g of monthly) {
    if (g.month !== null) toMonth(g);
    else addGroup(ownerEntry(g.user_id), g);
    if (g.user_id !== null && g.user_uuid && g.user_name) byId.set(g.user_id, { uuid: g.user_uuid, name: g.user_name });
  }
  for (const g of raw.flat()) {
    toMonth(g);
    addGroup(ownerEntry(g.user_id), g);
  }
  // Owners without a figure in the range (a row that summed to nothing) are left out, as the raw sums leave them.
  for (const [id, e] of perUser) {
    if (!e.orders && !e.queries && !e.conversions && !e.revenue && !e.cost && !e.margin) perUser.delete(id);
  }

  const missing = [...perUser.keys()].filter((id): id is number => id !== null && !byId.has(id));
  if (missing.length > 0) {
    const names = await selectRows<{ id: number; uuid: string; name: string }>(
      db,
      sql`SELECT id, uuid, name FROM users WHERE id = ANY(${`{${missing.join(',')}}`}::int[])`,
    );
    for (const u of names) byId.set(u.id, u);
  }
  const byUser = [...perUser.entries()].map(([id, entry]) => {
    const u = id === null ? undefined : byId.get(id);
    if (u) entry.user = { '@id': iri('users', u.uuid), uuid: u.uuid, name: u.name };
    return entry;
  });
  byUser.sort((a, b) => byName.compare(a.user?.name ?? '\uffff', b.user?.name ?? '\uffff'));

  return {
    from: range.from,
    to: range.to,
    ...total,
    conversionRate: percent(total.conversions, total.queries),
    marginPercent: percent(total.margin, marginRevenue),
    byMonth: [...months.entries()].map(([month, figures]) => ({ month, ...figures })),
    byUser,
  };
}
