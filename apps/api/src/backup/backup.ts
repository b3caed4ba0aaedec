import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client.ts';

/**
 * Backups of the database into BACKUP_DIR, one file each, named by their UTC time:
 * - PGlite (embedded): a gzipped tarball of its data folder, taken by the process that has it open (db/client.ts);
 * - PostgreSQL: `pg_dump --format=custom` (compressed; restored with pg_restore).
 * A file is written under a temporary name and renamed when complete, so a backup cut short never looks like one.
 */

export type BackupKind = 'pglite' | 'postgres';

const PREFIX = 'spedycja-';
const EXTENSIONS: Record<BackupKind, string> = { pglite: '.pglite.tar.gz', postgres: '.pgdump' };
const BACKUP_NAME = /^spedycja-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:-\d{3})?Z\.(?:pglite\.tar\.gz|pgdump)$/;

/** spedycja-2026-11-22T01-30-00Z.pgdump */
export function backupFileName(kind: BackupKind, at = new Date(), withMilliseconds = false): string {
  const iso = at.toISOString().replace(/:/g, '-');
  const stamp = withMilliseconds ? iso.replace(/\.(\d{3})Z$/, '-$1Z') : iso.replace(/\.\d{3}Z$/, 'Z');
  return `${PREFIX}${stamp}${EXTENSIONS[kind]}`;
}

/** What a file holds, from its first bytes: pg_dump's custom format starts with PGDMP, a gzip stream with 1f 8b. */
export function backupKindOf(file: string): BackupKind | null {
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return null;
}

/** Runs a PostgreSQL client tool with the URL's password in the environment rather than on the command line. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${tool} is not installed (Debian: apt-get install postgresql-client; it must not be older than the server).`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim() || 'no message'}`)),
    );
  });
}

/** Writes a backup of `database` into `dir`; resolves with the file's path. */
export async function takeBackup(
  database: Pick<Database, 'kind' | 'dumpDataDir'>,
  options: { dir: string; databaseUrl?: string; at?: Date },
): Promise<string> {
  mkdirSync(options.dir, { recursive: true });
  const at = options.at ?? new Date();
  let file = path.join(options.dir, backupFileName(database.kind, at));
  // Two backups in one second (the nightly one and a manual one) keep both.
  if (existsSync(file)) file = path.join(options.dir, backupFileName(database.kind, at, true));
  const partial = `${file}.partial`;
  try {
    if (database.kind === 'postgres') {
      if (!options.databaseUrl) throw new Error('A PostgreSQL backup needs DATABASE_URL.');
      await runPgTool(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`],
        options.databaseUrl,
      );
    } else {
      if (!database.dumpDataDir) throw new Error('This database cannot be dumped (an in-memory PGlite?).');
      const tarball = await database.dumpDataDir();
      writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
    }
    renameSync(partial, file);
    return file;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Deletes all but the newest `keep` backups in `dir` (only files named as ours); resolves with the deleted names. */
export function pruneBackups(dir: string, keep: number): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => BACKUP_NAME.test(n));
  } catch {
    return [];
  }
  // The names sort by time.
  const old = names.sort().reverse().slice(keep);
  for (const name of old) rmSync(path.join(dir, name), { force: true });
  return old;
}
