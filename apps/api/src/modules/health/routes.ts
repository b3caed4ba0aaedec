import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, selectRows } from '../../db/client.ts';
import { appVersion } from './version.ts';

/** A database that does not answer within this is as good as down for a load balancer. */
const DATABASE_TIMEOUT_MS = 3000;

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  /** Mail waiting to go out, and of it what failed at least once (SMTP down or refusing). */
  outbox: z.object({ pending: z.number().int(), failing: z.number().int() }).nullable(),
  version: z.string(),
});

async function outboxCounts(db: Db) {
  // Both counts read the pending rows only, through the outbox's partial index.
  const [row] = await selectRows<{ pending: number; failing: number }>(
    db,
    sql`SELECT count(*)::int AS pending, count(*) FILTER (WHERE last_error IS NOT NULL)::int AS failing
        FROM mail_outbox WHERE status = 'pending'`,
  );
  return { pending: row?.pending ?? 0, failing: row?.failing ?? 0 };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** GET /api/health: for load balancers and monitoring, no token; 503 when the database does not answer. */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { public: true },
      schema: { tags: ['Health'], security: [], response: { 200: healthSchema, 503: healthSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const outbox = await withTimeout(outboxCounts(db), DATABASE_TIMEOUT_MS);
        return { status: 'ok' as const, database: 'ok' as const, outbox, version: appVersion };
      } catch (error) {
        request.log.warn({ error: error instanceof Error ? error.message : error }, 'health: database unreachable');
        return reply.code(503).send({
          status: 'unavailable' as const,
          database: 'unreachable' as const,
          outbox: null,
          version: appVersion,
        });
      }
    },
  );
}
