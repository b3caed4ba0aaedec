import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process at a time opens the embedded database (PGlite) of a data folder. PGlite keeps its pages in the opening
 * process; a second process opening the same folder (`npm run seed:demo` while the server runs) would write into a copy
 * the server never sees, and one of the two would overwrite the other's files. The owner writes its pid into
 * DATA_DIR/database.lock; a lock whose process is gone (a crash, a power cut) is taken over, as PostgreSQL does with
 * postmaster.pid. A running server also writes how to reach it, so that `npm run backup` can ask it for a backup.
 */

export const LOCK_FILE = 'database.lock';

export type LockHolder = {
  pid: number;
  hostname: string;
  startedAt: string;
  /** The holder's command line, to tell the user what to stop. */
  command: string;
  /** A running server: where it listens (loopback address for the backup command) and the key of its control route. */
  server?: { url: string; controlUrl: string; controlToken: string };
};

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const since = holder.startedAt.replace('T', ' ').slice(0, 19);
    const what = holder.server ? `the Spedycja server at ${holder.server.url}` : `\`${holder.command}\``;
    super(
      `The embedded database in ${dataDir} is in use by another process: pid ${holder.pid} (${what}, ` +
        `since ${since} UTC). Only one process may open it at a time: stop that one first. ` +
        `If no such process runs any more, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Folders this process holds: a second open in the same process is refused as well. */
const heldHere = new Set<string>();

function isAlive(pid: number, file: string): boolean {
  if (pid === process.pid) return heldHere.has(file);
  // Our parent's pid in the file is a lock left by an earlier run (a container restarted), as PostgreSQL reasons.
  if (pid === process.ppid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    return typeof holder.pid === 'number' ? holder : null;
  } catch {
    return null;
  }
}

/** The process holding the data folder, if it still runs. */
export function lockHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(path.join(dataDir, LOCK_FILE));
  return holder && isAlive(holder.pid, path.join(dataDir, LOCK_FILE)) ? holder : null;
}

export type DataDirLock = {
  /** A running server says how to reach it (after it listens). */
  announceServer(url: string, controlUrl: string): { controlToken: string };
  release(): void;
};

export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  let holder: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    command: process.argv.map((a) => path.basename(a)).join(' '),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeFileSync(fd, JSON.stringify(holder));
      closeSync(fd);
      heldHere.add(file);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const current = readHolder(file);
      if (current && isAlive(current.pid, file)) throw new DataDirInUseError(dataDir, current);
      // Stale: its process is gone.
      unlinkSync(file);
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    try {
      if (readHolder(file)?.pid === process.pid) unlinkSync(file);
    } catch {
      // Already gone.
    }
    process.off('exit', release);
  };
  // A process that ends without closing the database (an error at start) leaves no lock behind.
  process.on('exit', release);
  return {
    announceServer(url, controlUrl) {
      const controlToken = randomBytes(32).toString('base64url');
      holder = { ...holder, server: { url, controlUrl, controlToken } };
      writeFileSync(file, JSON.stringify(holder), { mode: 0o600 });
      return { controlToken };
    },
    release,
  };
}
