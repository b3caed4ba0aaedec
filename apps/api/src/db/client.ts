import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import { type DataDirLock, lockDataDir } from './lock.ts';
import { namingClient } from './preparedStatements.ts';
import * as schema from './schema/index.ts';
import { noteStatement } from './writes.ts';

export type Schema = typeof schema;
/** The one database type the app codes against: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite in a data folder: this process's hold on it (db/lock.ts). */
  lock?: DataDirLock;
  /** PGlite: a consistent copy of its data folder as a gzipped tarball (the embedded database's backup). */
  dumpDataDir?(): Promise<Blob>;
};

export type OpenDbOptions = {
  /** postgres://… for PostgreSQL; without it PGlite is opened. */
  url?: string;
  /** PGlite data folder; 'memory://' (or undefined) keeps it in memory. */
  dataDir?: string;
  /** PGlite: start from this data folder tarball (tests copy one migrated database instead of migrating each). */
  loadDataDir?: Blob;
  poolSize?: number;
};

/**
 * Joins are planned in the order they are written. Every list reads its own table and looks its references up by
 * primary key (LEFT JOINs), which is already the best order; weighing every other order of five or six tables cost
 * 3–4 ms of planning per list request.
 */
const JOIN_COLLAPSE_LIMIT = 1;

/** Every statement passes here: which tables it writes (db/writes.ts) decides which counted totals are forgotten. */
const writeObserver = {
  logQuery: (query: string, params: unknown[]) => {
    noteStatement(query);
    statementTap?.(query, params);
  },
};

/** The bench's tap: every statement with its values (it replays and EXPLAINs a list's SQL). None in the app. */
let statementTap: ((query: string, params: unknown[]) => void) | undefined;
export function tapStatements(tap: ((query: string, params: unknown[]) => void) | undefined): void {
  statementTap = tap;
}

/** The app's PostgreSQL sessions carry this name. */
export const APPLICATION_NAME = 'spedycja';

export type RawQuery = (text: string) => Promise<{ rows: unknown[] }>;

const APPLIED = `SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`;

/**
 * Migrates, then vacuums and analyzes each table a migration rewrote (it has pages, none of them known all-visible:
 * ALTER TABLE … ADD COLUMN … STORED writes a new table with an empty visibility map). Until then every index-only scan
 * reads the table too (the pickers' walk: 12,000 heap reads instead of none), the planner has no statistics on the new
 * columns, and autovacuum does not come: a rewrite is neither inserts nor dead rows. VACUUM cannot run inside the
 * migrations' transaction, hence afterwards, and only when this start applied a migration.
 */
export async function migrateAndTidy(query: RawQuery, migrate: () => Promise<void>): Promise<void> {
  const appliedBefore = await query(APPLIED).then(
    (r) => (r.rows[0] as { n: number }).n,
    () => 0, // a new database: no migrations table yet
  );
  await migrate();
  const appliedAfter = ((await query(APPLIED)).rows[0] as { n: number }).n;
  if (appliedAfter === appliedBefore) return;
  const { rows } = await query(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relpages > 0 AND c.relallvisible = 0 ORDER BY 1`,
  );
  for (const { relname } of rows as { relname: string }[]) {
    await query(`VACUUM (ANALYZE) public."${relname.replaceAll('"', '""')}"`);
  }
}

export async function openDb(options: OpenDbOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

/** The extensions the migrations create (search); PostgreSQL servers ship them in contrib. */
export const pgliteExtensions = { pg_trgm, unaccent };

/**
 * PGlite's WebAssembly and its file bundle, read and compiled once per process: PGlite compiles them again for each
 * database it opens otherwise (the API tests open about a hundred, each 0.5–1 s faster this way). Undefined (PGlite
 * finds its own) when the package's files are not where its entry point is.
 */
type PgliteRuntime = Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>>;
// The API's TypeScript libraries type WebAssembly as a namespace only; Node has it as a global.
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteRuntime['pgliteWasmModule']> };
};
let pgliteRuntime: Promise<PgliteRuntime | undefined> | undefined;
function loadPgliteRuntime() {
  pgliteRuntime ??= (async () => {
    try {
      const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
      const [code, data] = await Promise.all([
        readFile(path.join(dist, 'pglite.wasm')),
        readFile(path.join(dist, 'pglite.data')),
      ]);
      return { pgliteWasmModule: await wasm.compile(code), fsBundle: new Blob([data]) };
    } catch {
      return undefined;
    }
  })();
  return pgliteRuntime;
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  let location = 'memory://';
  let lock: DataDirLock | undefined;
  if (dataDir && dataDir !== 'memory://') {
    mkdirSync(dataDir, { recursive: true });
    // Throws DataDirInUseError, before anything is opened, when another process has the folder.
    lock = lockDataDir(dataDir);
    location = path.join(dataDir, 'pgdata');
    mkdirSync(location, { recursive: true });
  }
  let client: PGlite;
  try {
    client = await PGlite.create(location, {
      extensions: pgliteExtensions,
      loadDataDir,
      ...(await loadPgliteRuntime()),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  // Dates travel as UTC on both databases (a date without a time is midnight UTC).
  await client.exec(`SET TIME ZONE 'UTC'; SET DateStyle = 'ISO'; SET join_collapse_limit = ${JOIN_COLLAPSE_LIMIT}`);
  const db = drizzlePglite(client, { schema, logger: writeObserver }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () =>
      migrateAndTidy(
        (text) => client.query(text),
        () => migratePglite(db as never, { migrationsFolder }),
      ),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
    lock,
    // Inside a transaction of its own, so no other is half-done in the copy (PGlite runs one at a time); after a
    // checkpoint, so the copy needs no WAL replay when it is restored.
    dumpDataDir: () =>
      client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return client.dumpDataDir('gzip');
      }),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Sessions speak UTC and ISO dates, whatever the server's TimeZone and DateStyle. random_page_cost 1.1 (SSD storage) lets the planner prefer index lookups, e.g. the trigram search,
  // over a sequential scan whose per-row LIKE it underestimates. JIT off: compiling costs more (tens of ms) than the short
  // queries of a list page ever gain from it.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // `npm run restore` refuses a database that the app still uses; this is how it sees the app's sessions.
    application_name: APPLICATION_NAME,
    options: `-c random_page_cost=1.1 -c timezone=UTC -c datestyle=ISO -c jit=off -c join_collapse_limit=${JOIN_COLLAPSE_LIMIT}`,
    // Long reads sent again and again go as named statements, parsed once per connection (preparedStatements.ts).
    Client: namingClient(),
  });
  // An idle connection the server closes (a restart, a terminated backend) is dropped from the pool and replaced on
  // the next query; unhandled, the pool's 'error' event would stop the process.
  pool.on('error', (error) => console.warn(`PostgreSQL: an idle connection was closed (${error.message})`));
  // Fail fast on a wrong URL rather than on the first request.
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema, logger: writeObserver }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Several app instances may start together: one migrates, the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        await migrateAndTidy(
          (text) => client.query(text),
          () => migratePg(drizzlePg(client, { schema }), { migrationsFolder }),
        );
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Rows of a raw statement; both drivers answer with `{ rows }`. */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
