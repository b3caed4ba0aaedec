import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { recentRequests } from '../db/schema/index.ts';

/**
 * A double click sends the same POST twice. The second one, from the same user with the same body
 * within a few seconds, gets the first one's answer instead of creating a second record. The
 * fingerprints live in the database, so this holds across app instances. Failed requests are
 * forgotten at once, so that a corrected retry goes through.
 */

const WINDOW_SECONDS = 5;
const WAIT_MS = 4000;
const EXCLUDED = new Set(['/api/login', '/api/token/refresh', '/api/logout', '/api/public/offers/verify']);

declare module 'fastify' {
  interface FastifyRequest {
    fingerprint?: string;
  }
}

function fingerprintOf(request: FastifyRequest): string | undefined {
  if (request.method !== 'POST' || !request.url.startsWith('/api/')) return undefined;
  const path = request.url.split('?')[0] ?? '';
  if (EXCLUDED.has(path)) return undefined;
  const who = request.user?.uuid ?? `ip:${request.ip}`;
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return createHash('sha256').update(`${who}\n${request.url}\n${body}`).digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const dedupePlugin = fp<{ db: Db }>(async (app: FastifyInstance, { db }) => {
  app.decorateRequest('fingerprint', undefined);

  app.addHook('preHandler', async (request, reply) => {
    const fingerprint = fingerprintOf(request);
    if (!fingerprint) return;
    // Old fingerprints make room; this one is claimed if nobody holds it.
    await db
      .delete(recentRequests)
      .where(
        and(
          eq(recentRequests.fingerprint, fingerprint),
          lt(recentRequests.createdAt, sql`now() - make_interval(secs => ${WINDOW_SECONDS})`),
        ),
      );
    const claimed = await db
      .insert(recentRequests)
      .values({ fingerprint })
      .onConflictDoNothing()
      .returning({ fingerprint: recentRequests.fingerprint });
    if (claimed.length > 0) {
      request.fingerprint = fingerprint;
      return;
    }
    // The same request is in flight or just answered: wait for its answer and give the same one.
    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline) {
      const [first] = await db.select().from(recentRequests).where(eq(recentRequests.fingerprint, fingerprint));
      if (!first) break;
      if (first.status !== null) {
        return reply
          .code(first.status)
          .header('x-duplicate-request', '1')
          .type(first.contentType ?? 'application/json')
          .send(first.body ?? '');
      }
      await sleep(50);
    }
    request.fingerprint = fingerprint;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const fingerprint = request.fingerprint;
    if (!fingerprint) return payload;
    if (
      reply.statusCode >= 200 &&
      reply.statusCode < 300 &&
      (typeof payload === 'string' || payload === null || payload === undefined)
    ) {
      await db
        .update(recentRequests)
        .set({
          status: reply.statusCode,
          contentType: String(reply.getHeader('content-type') ?? 'application/json'),
          body: (payload as string | null) ?? '',
        })
        .where(eq(recentRequests.fingerprint, fingerprint));
    } else {
      await db.delete(recentRequests).where(eq(recentRequests.fingerprint, fingerprint));
    }
    return payload;
  });
});
