import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { adminOnly } from '../../http/auth.ts';
import { parseStatsQuery } from './range.ts';
import { computeStats } from './service.ts';

/**
 * GET /api/stats (admins): queries, orders, conversions, revenue, cost and margin of a date range, per month and per
 * user. Every figure is summed by PostgreSQL over the whole database (grouped by month and owner, a few hundred rows at
 * most), from the partial covering indexes orders_stats_idx and queries_stats_idx.
 */
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
