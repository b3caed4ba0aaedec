import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { APPLICATION_NAME, pgliteExtensions } from '../db/client.ts';
import { lockDataDir } from '../db/lock.ts';
import { type BackupKind, backupKindOf, runPgTool, takeBackup } from './backup.ts';

/**
 * `npm run restore -- FILE [--force]`: a backup into the configured database (PGlite in DATA_DIR, or DATABASE_URL).
 * The target must be empty; --force replaces what is there, and keeps it first: PGlite's folder is renamed, a
 * PostgreSQL database is backed up into BACKUP_DIR.
 */

/** A refusal the user can act on (printed without a stack). */
export class RestoreError extends Error {
  override name = 'RestoreError';
}

export type RestoreOptions = {
  file: string;
  force: boolean;
  dataDir: string;
  databaseUrl?: string;
  backupDir: string;
};

export type RestoreResult = { target: string; kept?: string };

const kindNames: Record<BackupKind, string> = { pglite: 'the embedded database (PGlite)', postgres: 'PostgreSQL' };

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  if (!existsSync(options.file)) throw new RestoreError(`No such file: ${options.file}`);
  const kind = backupKindOf(options.file);
  const target: BackupKind = options.databaseUrl ? 'postgres' : 'pglite';
  if (!kind) throw new RestoreError(`${options.file} is not a backup of this app (neither pg_dump nor PGlite).`);
  if (kind !== target) {
    throw new RestoreError(
      `${options.file} is a backup of ${kindNames[kind]}, but the configured database is ${kindNames[target]}` +
        (kind === 'postgres' ? ': set DATABASE_URL.' : ': restore it without DATABASE_URL.'),
    );
  }
  return target === 'pglite' ? restorePglite(options) : restorePostgres(options);
}

function stamp() {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

async function restorePglite({ file, force, dataDir }: RestoreOptions): Promise<RestoreResult> {
  mkdirSync(dataDir, { recursive: true });
  // Refuses (DataDirInUseError) while the server or another command has the folder open.
  const lock = lockDataDir(dataDir);
  const pgdata = path.join(dataDir, 'pgdata');
  let kept: string | undefined;
  try {
    if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
      if (!force) {
        throw new RestoreError(
          `${pgdata} already holds a database. Restoring replaces it: run again with --force ` +
            '(the current one is kept beside it, renamed).',
        );
      }
      kept = `${pgdata}.replaced-${stamp()}`;
      renameSync(pgdata, kept);
    }
    mkdirSync(pgdata, { recursive: true });
    try {
      const client = await PGlite.create(pgdata, {
        extensions: pgliteExtensions,
        loadDataDir: new Blob([readFileSync(file)]),
      });
      // Opens, recovers and answers: a restore that cannot be read fails here, not at the next start.
      await client.query('SELECT count(*) FROM users');
      // Fresh statistics, so that the first lists after a restore are not planned blind.
      await client.exec('ANALYZE');
      await client.close();
    } catch (error) {
      rmSync(pgdata, { recursive: true, force: true });
      if (kept) renameSync(kept, pgdata);
      throw new RestoreError(`Could not restore ${file}: ${(error as Error).message}`);
    }
    return { target: pgdata, kept };
  } finally {
    lock.release();
  }
}

async function restorePostgres({ file, force, databaseUrl, backupDir }: RestoreOptions): Promise<RestoreResult> {
  const url = databaseUrl as string;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let kept: string | undefined;
  try {
    // An app stopped a moment ago has closed its connections, but their server processes leave pg_stat_activity a
    // little later: ask again for up to 2 s before refusing (CI caught the restore right after a stop refused).
    let appSessions = 0;
    for (let attempt = 0; attempt < 20; attempt++) {
      const { rows: sessions } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`,
        [APPLICATION_NAME],
      );
      appSessions = sessions[0]?.n ?? 0;
      if (appSessions === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (appSessions > 0) {
      throw new RestoreError(
        `The app is connected to this database (${appSessions} sessions): stop every instance first.`,
      );
    }
    const { rows: tables } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema IN ('public', 'drizzle')`,
    );
    if ((tables[0]?.n ?? 0) > 0) {
      if (!force) {
        throw new RestoreError(
          'The database is not empty. Restoring replaces it: run again with --force ' +
            '(the current content is backed up into BACKUP_DIR first).',
        );
      }
      kept = await takeBackup({ kind: 'postgres' }, { dir: backupDir, databaseUrl: url });
      await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE');
      await client.query('CREATE SCHEMA public');
    }
  } finally {
    await client.end();
  }
  try {
    await runPgTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file],
      url,
    );
  } catch (error) {
    throw new RestoreError(
      `Could not restore ${file}: ${(error as Error).message}${kept ? `\nThe previous content is in ${kept}.` : ''}`,
    );
  }
  // pg_restore leaves the tables without statistics: until autovacuum gets there every list would be planned blind
  // (a page read 100,000 rows: 300–500 ms instead of 9 ms). ANALYZE now.
  await analyzePostgres(url);
  return { target: new URL(url).pathname.slice(1), kept };
}

/** ANALYZE of the whole database (statistics for the planner), on its own connection. */
export async function analyzePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}
