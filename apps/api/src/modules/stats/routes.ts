import { APP_TIMEZONE, type Stats, type StatsFigures, statsMessages } from '@spedycja/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, type DbOrTx, selectRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { adminOnly } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { iri, uuidFromIri } from '../../http/hydra.ts';

/**
 * GET /api/stats (admins): queries, orders, conversions, revenue, cost and margin of a date range, per month and per
 * user. Every figure is summed by PostgreSQL over the whole database (grouped by month and owner, a few hundred rows at
 * most), from the partial covering indexes orders_stats_idx and queries_stats_idx.
 *
 * What counts: orders by their loading date (a wall-clock date, see wallClockOf), not deleted and 'aktywne' or
 * 'zakonczone' (a cancelled order earns nothing, a converted one became a query); queries by their creation in Warsaw,
 * not deleted. A conversion is a query of the range that became an order (the query 'zamienione', linked both ways,
 * the order counting). Money: the generated PLN columns (EUR at the order's rate); the margin and its percent only over
 * orders with both prices, so that an order still without a carrier price does not look like pure profit.
 */

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_MONTHS = 120;

function parseDay(value: unknown, name: string): string {
  if (value === undefined || value === '') throw badRequest(statsMessages.missingDates);
  if (typeof value !== 'string' || !DAY_RE.test(value)) throw badRequest(statsMessages.invalidDate(name));
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value || value < '1900') {
    throw badRequest(statsMessages.invalidDate(name));
  }
  return value;
}

/** The months of a range, 'YYYY-MM', first to last. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) return months;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

export type StatsRange = { from: string; to: string; userUuid?: string };

export function parseStatsQuery(query: Record<string, unknown>): StatsRange {
  const from = parseDay(query.from, 'from');
  const to = parseDay(query.to, 'to');
  if (from > to) throw badRequest(statsMessages.reversedDates);
  if (monthsOf(from, to).length > MAX_MONTHS) throw badRequest(statsMessages.rangeTooLong);
  const user = query.user;
  if (user === undefined || user === '') return { from, to };
  const uuid = typeof user === 'string' ? uuidFromIri(user, 'users') : null;
  if (!uuid) throw badRequest(statsMessages.invalidUser);
  return { from, to, userUuid: uuid };
}

const ZERO = (): StatsFigures => ({ queries: 0, orders: 0, conversions: 0, revenue: 0, cost: 0, margin: 0 });
const add = (target: StatsFigures, row: Partial<Record<keyof StatsFigures, number>>) => {
  for (const key of Object.keys(target) as (keyof StatsFigures)[]) target[key] += row[key] ?? 0;
};
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10000) / whole) : null);

type OrderGroup = {
  month: string;
  user_id: number | null;
  orders: string;
  revenue: string | null;
  cost: string | null;
  margin: string | null;
  margin_revenue: string | null;
};
type QueryGroup = { month: string; user_id: number | null; queries: string; conversions: string };

export async function computeStats(db: DbOrTx, range: StatsRange): Promise<Stats> {
  let userId: number | null = null;
  if (range.userUuid) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.uuid, range.userUuid));
    // An unknown user has no queries and no orders.
    userId = row?.id ?? -1;
  }
  const byOwner = (column: string) => (userId === null ? sql`` : sql` AND ${sql.raw(column)} = ${userId}`);
  // Loading dates are wall-clock times kept as UTC: a day is its UTC day. Creation times are instants: Warsaw's day.
  const ordersSql = sql`
    SELECT to_char(o.loading_date AT TIME ZONE 'UTC', 'YYYY-MM') AS month, o.user_id,
           count(*) AS orders, sum(o.customer_price_pln) AS revenue, sum(o.carrier_price_pln) AS cost,
           sum(o.margin) AS margin, sum(o.customer_price_pln) FILTER (WHERE o.margin IS NOT NULL) AS margin_revenue
    FROM orders o
    WHERE o.deletion_reason = 0 AND o.status IN ('aktywne', 'zakonczone')
      AND o.loading_date >= (${range.from}::date)::timestamp AT TIME ZONE 'UTC'
      AND o.loading_date < (${range.to}::date + 1)::timestamp AT TIME ZONE 'UTC'${byOwner('o.user_id')}
    GROUP BY 1, 2`;
  const zone = sql.raw(`'${APP_TIMEZONE}'`);
  const queriesSql = sql`
    SELECT to_char(q.created_at AT TIME ZONE ${zone}, 'YYYY-MM') AS month, q.user_id, count(*) AS queries,
           count(*) FILTER (WHERE q.status = 'zamienione' AND EXISTS (
             SELECT 1 FROM orders o WHERE o.uuid = q.order_uuid AND o.query_uuid = q.uuid
               AND o.deletion_reason = 0 AND o.status IN ('aktywne', 'zakonczone'))) AS conversions
    FROM queries q
    WHERE q.deletion_reason = 0
      AND q.created_at >= (${range.from}::date)::timestamp AT TIME ZONE ${zone}
      AND q.created_at < (${range.to}::date + 1)::timestamp AT TIME ZONE ${zone}${byOwner('q.user_id')}
    GROUP BY 1, 2`;
  const [orderGroups, queryGroups] = await Promise.all([
    selectRows<OrderGroup>(db, ordersSql),
    selectRows<QueryGroup>(db, queriesSql),
  ]);

  const total = ZERO();
  let marginRevenue = 0;
  const months = new Map(monthsOf(range.from, range.to).map((m) => [m, ZERO()]));
  const perUser = new Map<number | null, StatsFigures>();
  const userFigures = (id: number | null) => {
    let figures = perUser.get(id);
    if (!figures) {
      figures = ZERO();
      perUser.set(id, figures);
    }
    return figures;
  };
  for (const g of orderGroups) {
    const row = {
      orders: Number(g.orders),
      revenue: Number(g.revenue ?? 0),
      cost: Number(g.cost ?? 0),
      margin: Number(g.margin ?? 0),
    };
    marginRevenue += Number(g.margin_revenue ?? 0);
    add(total, row);
    const month = months.get(g.month);
    if (month) add(month, row);
    add(userFigures(g.user_id), row);
  }
  for (const g of queryGroups) {
    const row = { queries: Number(g.queries), conversions: Number(g.conversions) };
    add(total, row);
    const month = months.get(g.month);
    if (month) add(month, row);
    add(userFigures(g.user_id), row);
  }

  const ids = [...perUser.keys()].filter((id): id is number => id !== null);
  const names =
    ids.length === 0
      ? []
      : await selectRows<{ id: number; uuid: string; name: string }>(
          db,
          sql`SELECT id, uuid, name FROM users WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
  const byId = new Map(names.map((u) => [u.id, u]));
  const byUser = [...perUser.entries()]
    .map(([id, figures]) => {
      const u = id === null ? undefined : byId.get(id);
      return { user: u ? { '@id': iri('users', u.uuid), uuid: u.uuid, name: u.name } : null, ...figures };
    })
    .sort((a, b) => (a.user?.name ?? '\uffff').localeCompare(b.user?.name ?? '\uffff', 'pl'));

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

export async function statsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/stats',
    {
      config: adminOnly,
      schema: {
        tags: ['Stats'],
        summary: 'Queries, orders, conversion, revenue, cost and margin of a date range (PLN hundredths)',
        querystring: z.record(z.string(), z.unknown()),
      },
    },
    async (request) => computeStats(db, parseStatsQuery(request.query)),
  );
}
