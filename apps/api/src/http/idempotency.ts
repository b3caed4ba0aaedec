import { createHash } from 'node:crypto';
import { apiMessages } from '@spedycja/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { type OpenTransaction, openTransaction, type RequestStore, requestContext } from '../db/requestTx.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError, problem } from './errors.ts';
import { HISTORY_ACTIONS } from './versions.ts';

/**
 * The request transaction (db/requestTx.ts) and, inside it, the Idempotency-Key header (IETF draft 'The
 * Idempotency-Key HTTP Header Field').
 *
 * A write carrying a key first inserts the key row (owner, key, method, path, body hash) in its own transaction, then
 * runs, and its answer is stored in the same row before the commit: the write, the key and the answer commit
 * together, and only then is the answer sent. A concurrent repeat blocks on the key's primary key until the first
 * commits, then finds the stored answer and gets it with `Idempotent-Replayed: true`; the same key with another
 * method, path or body is a 422. There is no crash window: a process killed before the commit leaves neither the
 * record nor the key (the client heard nothing and sends again, which runs), after it leaves both with the answer.
 * A write failing with a 5xx rolls back with its key, so a retry runs. Without a key every write runs.
 */

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const KEY_TTL_HOURS = 24;
const CLEANUP_MS = 60 * 60 * 1000;
/** Printable ASCII, as a structured-field string; a UUID is what the web app sends. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
/** Answer headers worth replaying. */
const KEPT_HEADERS = ['content-type', 'location', 'etag'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's writes run in transactions of their own, not in one of the request: it waits on an outside service
     * and on the background worker that shares its state (Telegram), which on the embedded database (one
     * transaction at a time) would wait for the request's transaction in turn.
     */
    ownTransactions?: boolean;
    /**
     * Work before the request's transaction opens: asking an outside service (NBP) whose answer the handler needs,
     * so that no transaction (on the embedded database, everyone's) is held while it answers.
     */
    beforeTransaction?: (request: FastifyRequest) => Promise<void>;
    /**
     * A public route whose writes still follow the house rule (the carrier's link): it runs in the request's
     * transaction, and its Idempotency-Key belongs to what this returns (the link), not to the caller's address,
     * which a phone changes between two tries.
     */
    idempotencyOwner?: (request: FastifyRequest) => string;
  }
  interface FastifyRequest {
    transaction?: OpenTransaction & { store: RequestStore; key?: { owner: string; key: string } };
  }
}

const expired = () => lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEY_TTL_HOURS})`);

const bodyHash = (request: FastifyRequest) =>
  multipartHashes.get(request) ??
  createHash('sha256')
    .update(request.body === undefined ? '' : JSON.stringify(request.body))
    .digest('hex');

/**
 * A multipart body is not parsed into `request.body` (its route reads the parts itself, before the transaction), and
 * its raw bytes differ between two sends of the same file (the boundary is random): its fingerprint is made of the
 * parts as read — each field's name and value, each file's field, name and the SHA-256 of its bytes, in order — so
 * that the same key with another file is a 422 as with another JSON body, and the same file again is replayed.
 */
const multipartHashes = new WeakMap<FastifyRequest, string>();

export class MultipartFingerprint {
  private readonly hash = createHash('sha256').update('multipart\n');
  field(name: string, value: string): void {
    this.hash.update(`field\0${name}\0${value}\n`);
  }
  file(field: string, fileName: string, data: Buffer): void {
    this.hash.update(`file\0${field}\0${fileName}\0${createHash('sha256').update(data).digest('hex')}\n`);
  }
  /** Makes it the request's body hash for its Idempotency-Key (called once every part was read). */
  attach(request: FastifyRequest): void {
    multipartHashes.set(request, this.hash.digest('hex'));
  }
}

const pathOf = (request: FastifyRequest) => (request.url.split('?')[0] ?? '').replace(/\/+$/, '');

async function finishTransaction(request: FastifyRequest, commit: boolean) {
  const open = request.transaction;
  if (!open) return;
  request.transaction = undefined;
  open.store.tx = undefined;
  await open.finish(commit);
  if (commit) for (const work of open.store.afterCommit.splice(0)) work();
}

export const requestTransactionPlugin = fp<{ db: Db }>(async (app: FastifyInstance, { db }) => {
  app.decorateRequest('transaction', undefined);

  /** Opens the request's transaction and claims its key; false when the stored answer was replayed instead. */
  const prepare = async (request: FastifyRequest, reply: FastifyReply): Promise<RequestStore | false> => {
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (key !== undefined && !KEY_PATTERN.test(key)) {
      throw new AppError(400, 'bad_request', apiMessages.idempotencyKeyInvalid);
    }
    const open = await openTransaction(db);
    const store: RequestStore = { tx: open.tx, afterCommit: [] };
    request.transaction = { ...open, store };
    // Whose change it is, for the history the database writes (record_history), and what kind when not a plain edit.
    const user = request.user;
    if (user) {
      await open.tx.execute(
        sql`SELECT set_config('app.user_uuid', ${user.uuid}, true), set_config('app.user_name', ${user.name}, true),
                   set_config('app.action', ${HISTORY_ACTIONS[request.routeOptions.url ?? ''] ?? ''}, true)`,
      );
    }
    if (key === undefined) return store;

    const owner =
      request.routeOptions.config.idempotencyOwner?.(request) ?? request.user?.uuid ?? `anonymous:${request.ip}`;
    const method = request.method;
    const path = pathOf(request);
    const hash = bodyHash(request);
    const ours = and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key));
    // An expired key is free again.
    await open.tx.delete(idempotencyKeys).where(and(ours, expired()));
    // Waits here while another transaction holds the same key uncommitted.
    const claimed = await open.tx
      .insert(idempotencyKeys)
      .values({ owner, key, method, path, bodyHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.transaction.key = { owner, key };
      return store;
    }
    const [first] = await open.tx.select().from(idempotencyKeys).where(ours);
    await finishTransaction(request, false);
    if (!first || first.method !== method || first.path !== path || first.bodyHash !== hash) {
      throw new AppError(422, 'idempotency_key_reused', apiMessages.idempotencyKeyReused, [
        { propertyPath: 'Idempotency-Key', message: apiMessages.idempotencyKeyReused },
      ]);
    }
    for (const [name, value] of Object.entries(first.headers ?? {})) reply.header(name, value);
    reply
      .code(first.status ?? 200)
      .header('idempotent-replayed', 'true')
      .send(first.body ?? '');
    return false;
  };

  // A callback hook, the last before the handler: the handler runs inside `requestContext.run`, so every statement it
  // sends through the scoped db joins the transaction (an async hook's context would not reach the handler).
  app.addHook('preHandler', (request, reply, done) => {
    // The public routes (login, refresh, the carriers' offers) stay outside: they write little, and a login slowed
    // down on purpose must not hold a transaction (on the embedded database, everyone's) while it waits. The carrier's
    // link joins in (it names its key's owner).
    const route = request.routeOptions;
    if (
      !MUTATING.has(request.method) ||
      !request.url.startsWith('/api/') ||
      !route.url ||
      (route.config.public && !route.config.idempotencyOwner) ||
      route.config.ownTransactions
    ) {
      return done();
    }
    const before = route.config.beforeTransaction;
    (before ? before(request) : Promise.resolve())
      .then(() => prepare(request, reply))
      .then(
        (store) => {
          if (store) requestContext.run(store, done);
        },
        (error: unknown) => done(error as Error),
      );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const open = request.transaction;
    if (!open) return payload;
    const status = reply.statusCode;
    // Only an unexpected failure (500) undoes the request; its deliberate answers (4xx, a 502 naming the outside
    // service that failed) keep what it wrote, as each statement did before.
    const commit = status !== 500;
    const storable = typeof payload === 'string' || payload === null || payload === undefined;
    try {
      if (commit && open.key && storable) {
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        await open.tx
          .update(idempotencyKeys)
          .set({ status, headers, body: (payload as string | null) ?? '' })
          .where(and(eq(idempotencyKeys.owner, open.key.owner), eq(idempotencyKeys.key, open.key.key)))
          .catch(() => {
            // The transaction was already aborted by a failed statement the handler answered for (a duplicate):
            // nothing of it commits, the key included, so a retry runs again.
          });
      }
      await finishTransaction(request, commit);
      return payload;
    } catch (error) {
      // A refusal whose statement failed (a unique or foreign-key violation answered as 422/409) aborted the
      // transaction: nothing commits, which is what the refusal says.
      if (status >= 400) return payload;
      // The commit failed: nothing was written, and the client must not be told otherwise.
      request.log.error(error);
      reply.code(500).type('application/problem+json');
      return JSON.stringify(problem(500, apiMessages.internal));
    }
  });

  // An answer that never reached onSend (the connection broke) must not leave the transaction open.
  app.addHook('onResponse', async (request) => {
    if (request.transaction) await finishTransaction(request, false).catch(() => undefined);
  });

  // Expired keys are removed hourly (and at start); a lookup ignores them in between.
  const cleanup = () => void removeExpiredKeys(db).catch((error: unknown) => app.log.warn(error));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    cleanup();
    timer = setInterval(() => requestContext.exit(cleanup), CLEANUP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});

/** Removes the keys older than 24 hours now (the hourly cleanup; tests call it). */
export async function removeExpiredKeys(db: Db): Promise<number> {
  const removed = await db.delete(idempotencyKeys).where(expired()).returning({ key: idempotencyKeys.key });
  return removed.length;
}
