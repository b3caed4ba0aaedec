import { AsyncLocalStorage } from 'node:async_hooks';
import { TransactionRollbackError } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * Every write request (POST, PUT, PATCH, DELETE under /api) runs in one database transaction: the record, its change
 * history, its idempotency key and the stored answer commit together or not at all, and the client hears back only
 * after the commit. The modules keep writing to `db`; the `db` they were given is `requestScoped(db)`, which sends
 * each statement to the transaction of the request it runs for (found through AsyncLocalStorage), and to the
 * database itself outside a request. A module's own `db.transaction(...)` becomes a savepoint inside it.
 */

export type RequestStore = {
  tx?: Tx;
  /** Work that must see the committed data (mail and Telegram nudges), run after the commit. */
  afterCommit: (() => void)[];
};

export const requestContext = new AsyncLocalStorage<RequestStore>();

const inTransaction = () => requestContext.getStore()?.tx;
/** Whether the caller runs inside a request's transaction. */
export const inRequestTransaction = () => inTransaction() !== undefined;

export function requestScoped(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const source = (inTransaction() ?? target) as unknown as Record<PropertyKey, unknown>;
      const value = source[property];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}

/** Runs `work` once the request's transaction committed (at once outside a request transaction). */
export function afterCommit(work: () => void): void {
  const store = requestContext.getStore();
  if (store?.tx) store.afterCommit.push(work);
  else work();
}

/** Background work (workers' ticks) must never join the transaction of the request that happened to start it. */
export const outsideRequest = <T>(work: () => T): T => requestContext.exit(work);

export type OpenTransaction = {
  tx: Tx;
  /** Commits (or rolls back) and resolves when the database has done so; a failed commit rejects. */
  finish(commit: boolean): Promise<void>;
};

/** A transaction held open across the hooks of one request (drizzle's transaction takes a callback). */
export function openTransaction(db: Db): Promise<OpenTransaction> {
  return new Promise((resolveOpen, rejectOpen) => {
    let decide: (commit: boolean) => void = () => undefined;
    const decided = new Promise<boolean>((resolve) => {
      decide = resolve;
    });
    let opened = false;
    const result = db
      .transaction(async (tx) => {
        opened = true;
        resolveOpen({
          tx,
          finish(commit) {
            decide(commit);
            return result;
          },
        });
        if (!(await decided)) tx.rollback();
      })
      .then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof TransactionRollbackError) return undefined;
          throw error;
        },
      );
    result.catch((error: unknown) => {
      if (!opened) rejectOpen(error);
    });
  });
}

/**
 * A statement whose failure the caller answers for (a unique clash turned into a 422 naming the other record) and then
 * reads on: inside the request's transaction it runs under a savepoint, so the failure does not abort the
 * transaction.
 */
export async function withSavepoint<T>(work: () => Promise<T>): Promise<T> {
  const tx = inTransaction();
  if (!tx) return work();
  return tx.transaction(() => work());
}
