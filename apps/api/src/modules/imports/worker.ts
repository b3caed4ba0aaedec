import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { dataImports } from '../../db/schema/index.ts';
import type { Registers } from '../verification/registers.ts';
import { runChunk } from './service.ts';
import { verifyNext } from './verify.ts';

/** Rows between two ANALYZEs of the tables an import fills, once it is past the first few thousand. */
const ANALYZE_EVERY = 10_000;

export type ImportWorker = {
  start(): void;
  /** Stops after the chunk in hand; the import it ran is let go at once for the next process to take up. */
  stop(): Promise<void>;
  /** Looks for work now (a run was just asked for). */
  nudge(): void;
  /** Resolves once no import is running (tests). */
  idle(): Promise<void>;
};

export type ImportWorkerOptions = {
  db: Db;
  log: FastifyBaseLogger;
  chunk?: number;
  /** How long a worker holds an import between chunks: another process takes over an import left longer. */
  leaseMs?: number;
  pollMs?: number;
  /** The GUS, VIES and white-list clients for 'Zweryfikuj zaimportowanych' (none: the queue waits). */
  registers?: Registers;
  /** The pause between two parties' checks (the registers' pace). */
  verifyPauseMs?: number;
};

/**
 * Runs the imports asked for, chunk by chunk, in the background (issue 36). Its state is the database's: an import
 * in state 'running' is claimed with a lease (renewed by each chunk's transaction) by one process at a time, so a
 * restart, or another instance, takes it up where it stopped; each chunk's rows and their outcomes commit together,
 * so nothing is written twice.
 */
export function createImportWorker({
  db,
  log,
  chunk = 1000,
  leaseMs = 60_000,
  pollMs = 5_000,
  registers,
  verifyPauseMs = 1_000,
}: ImportWorkerOptions): ImportWorker {
  let stopping = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let again = false;
  const waiters: (() => void)[] = [];

  const claim = async (): Promise<number | undefined> => {
    const [row] = await selectRows<{ id: number }>(
      db,
      sql`UPDATE data_imports SET locked_until = now() + make_interval(secs => ${leaseMs / 1000})
          WHERE id = (SELECT id FROM data_imports WHERE state = 'running'
                        AND (locked_until IS NULL OR locked_until < now())
                      ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id`,
    );
    return row?.id;
  };

  /** An import whose verification queue is due, claimed as a run is. */
  const claimVerification = async (): Promise<number | undefined> => {
    const [row] = await selectRows<{ id: number }>(
      db,
      sql`UPDATE data_imports SET locked_until = now() + make_interval(secs => ${leaseMs / 1000})
          WHERE id = (SELECT id FROM data_imports WHERE verify_state = 'queued'
                        AND (verify_next_at IS NULL OR verify_next_at <= now())
                        AND (locked_until IS NULL OR locked_until < now())
                      ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id`,
    );
    return row?.id;
  };

  const verifyPass = async () => {
    if (!registers) return;
    for (;;) {
      if (stopping) return;
      const id = await claimVerification();
      if (id === undefined) return;
      try {
        for (;;) {
          if (stopping) break;
          const [imp] = await db.select().from(dataImports).where(sql`id = ${id}`);
          if (!imp) break;
          const step = await verifyNext(db, registers, imp);
          if (step !== 'more') break;
          await db.execute(
            sql`UPDATE data_imports SET locked_until = now() + make_interval(secs => ${leaseMs / 1000}) WHERE id = ${id}`,
          );
          if (verifyPauseMs > 0) await new Promise((resolve) => setTimeout(resolve, verifyPauseMs));
        }
      } catch (error) {
        log.error(
          { error: error instanceof Error ? error.message : error, importId: id },
          'import verification failed',
        );
        await db.execute(sql`UPDATE data_imports SET verify_next_at = now() + interval '5 minutes' WHERE id = ${id}`);
      } finally {
        await db.execute(sql`UPDATE data_imports SET locked_until = NULL WHERE id = ${id}`).catch(() => {});
      }
    }
  };

  /**
   * The planner's figures of the tables an import fills, taken again as it goes (after 500, 1,000, 2,000, 4,000
   * rows, then every 10,000, and at the end). Autovacuum's ANALYZE comes a minute or more later, and meanwhile the
   * lists plan for the table as it was: the orders page over 5,000 imported orders into an empty table took 240 ms
   * (p95) until an ANALYZE, 50 ms after it. ANALYZE reads a fixed sample, so each costs the same at any size.
   */
  const analyze = async (tables: string[]) => {
    for (const table of tables) await db.execute(sql`ANALYZE ${sql.identifier(table)}`);
  };

  const pass = async () => {
    await runPass();
    await verifyPass();
  };

  const runPass = async () => {
    for (;;) {
      if (stopping) return;
      const id = await claim();
      if (id === undefined) return;
      try {
        const [imp] = await db.select({ kind: dataImports.kind }).from(dataImports).where(sql`id = ${id}`);
        // The table the rows go to as it fills; at the end, with the parties an orders' import created.
        const filled = imp?.kind ?? 'customers';
        const tables = filled === 'orders' ? ['orders', 'customers', 'carriers'] : [filled];
        let written = 0;
        let nextAnalyze = chunk;
        let after = 0;
        for (;;) {
          if (stopping) break;
          const last = await runChunk(db, id, chunk, leaseMs, after);
          if (last === false) {
            await analyze(tables);
            break;
          }
          after = last;
          written += chunk;
          if (written >= nextAnalyze) {
            await analyze([filled]);
            nextAnalyze = written + Math.min(written, ANALYZE_EVERY);
          }
          // Let the requests in between chunks (one PGlite connection is everyone's).
          await new Promise((resolve) => setImmediate(resolve));
        }
      } catch (error) {
        log.error({ error: error instanceof Error ? error.message : error, importId: id }, 'import chunk failed');
        await db.execute(sql`UPDATE data_imports SET state = 'failed', locked_until = NULL WHERE id = ${id}`);
      } finally {
        if (stopping)
          await db.execute(sql`UPDATE data_imports SET locked_until = NULL WHERE id = ${id}`).catch(() => {});
      }
    }
  };

  const anyRunning = async () =>
    (
      await selectRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM data_imports WHERE state = 'running'
              OR (verify_state = 'queued' AND (verify_next_at IS NULL OR verify_next_at <= now()))`,
      )
    )[0]?.n ?? 0;

  const kick = () => {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (error) {
          log.error({ error: error instanceof Error ? error.message : error }, 'import worker failed');
        }
      } while (again && !stopping);
    })().finally(() => {
      running = undefined;
      for (const w of waiters.splice(0)) w();
    });
  };

  return {
    start() {
      stopping = false;
      kick();
      timer = setInterval(kick, pollMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await running;
    },
    nudge: kick,
    async idle() {
      for (let i = 0; i < 2000; i++) {
        kick();
        if (running) await new Promise<void>((resolve) => waiters.push(resolve));
        if ((await anyRunning()) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('imports still running');
    },
  };
}
