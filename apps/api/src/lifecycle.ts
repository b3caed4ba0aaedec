import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from './db/client.ts';

/** Longer than a request or a message takes; shorter than a service manager waits before it kills (systemd 90 s). */
const SHUTDOWN_TIMEOUT_MS = 25_000;

/**
 * SIGTERM/SIGINT, in this order: no new backup starts (one in progress finishes), the server stops taking requests
 * and finishes those in flight, the outbox worker stops after its current message (app.close runs its onClose hook),
 * then the database closes. Resolves false when that takes longer than the timeout.
 */
export async function gracefulShutdown({
  app,
  database,
  backups,
  log,
  timeoutMs = SHUTDOWN_TIMEOUT_MS,
}: {
  app: FastifyInstance;
  database: Pick<Database, 'close'>;
  backups?: { stop(): Promise<void> };
  log: FastifyBaseLogger;
  timeoutMs?: number;
}): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  const work = (async () => {
    await backups?.stop();
    // A keep-alive connection whose request finishes after the close began would otherwise stay open for its idle
    // timeout (72 s): close each as soon as it is idle.
    const sweep = setInterval(() => app.server.closeIdleConnections?.(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(sweep);
    }
    await database.close();
    return true as const;
  })();
  try {
    const clean = await Promise.race([work, timeout]);
    if (clean) log.info('stopped');
    else log.error(`not stopped within ${timeoutMs / 1000} s: exiting anyway`);
    return clean;
  } catch (error) {
    log.error({ error: error instanceof Error ? error.message : error }, 'shutdown failed');
    return false;
  } finally {
    clearTimeout(timer);
  }
}
