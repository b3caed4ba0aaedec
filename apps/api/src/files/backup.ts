import { copyFile, link, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { selectRows } from '../db/client.ts';
import { createDiskStore } from './disk.ts';

/**
 * The disk store's files in backups: `BACKUP_DIR/files/{aa}/{sha256}`, beside the database backups. Files never
 * change (content-addressed), so each backup copies only the new ones, and every backup of the folder finds its files
 * there. A restore copies back the files the store lacks.
 */
export const filesBackupDir = (backupDir: string) => path.join(backupDir, 'files');

/** An upload whose record never committed is left alone this long (it may be committing now). */
const ORPHAN_GRACE_MINUTES = 60;

async function copyMissing(fromDir: string, toDir: string): Promise<number> {
  const from = createDiskStore(fromDir);
  let copied = 0;
  for (const sha256 of await from.list()) {
    const target = path.join(toDir, sha256.slice(0, 2), sha256);
    if (
      await stat(target).then(
        () => true,
        () => false,
      )
    )
      continue;
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    await copyFile(path.join(fromDir, sha256.slice(0, 2), sha256), partial);
    // Linked to its name only when complete; never over an existing file.
    await link(partial, target).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    await rm(partial, { force: true });
    copied++;
  }
  return copied;
}

/**
 * After a database backup: copies the store's new files into the backup folder, then removes from the store the
 * files no live record names any more (deleted before this backup began, or an upload that never got its record) —
 * they are in the backup now, so a restore of an older backup still finds them.
 */
export async function backupFiles(
  db: DbOrTx,
  options: { filesDir: string; backupDir: string; startedAt: Date },
): Promise<{ copied: number; removed: number }> {
  const backupDir = filesBackupDir(options.backupDir);
  const copied = await copyMissing(options.filesDir, backupDir);
  const store = createDiskStore(options.filesDir);
  const stored = await store.list();
  if (stored.length === 0) return { copied, removed: 0 };
  const live = new Set(
    (
      await selectRows<{ sha256: string }>(
        db,
        sql`SELECT DISTINCT sha256 FROM order_documents
            WHERE deleted_at IS NULL OR deleted_at >= ${options.startedAt.toISOString()}::timestamptz`,
      )
    ).map((r) => r.sha256),
  );
  let removed = 0;
  for (const sha256 of stored) {
    if (live.has(sha256)) continue;
    const file = path.join(options.filesDir, sha256.slice(0, 2), sha256);
    const { mtimeMs } = await stat(file);
    if (Date.now() - mtimeMs < ORPHAN_GRACE_MINUTES * 60_000) continue;
    // Only what the backup holds.
    if (!(await createDiskStore(backupDir).has(sha256))) continue;
    await store.delete(sha256);
    removed++;
  }
  return { copied, removed };
}

/** After a restore: the backup's files the store lacks. */
export async function restoreFiles(options: { filesDir: string; backupDir: string }): Promise<number> {
  const from = filesBackupDir(options.backupDir);
  if (!(await readdir(from).catch(() => null))) return 0;
  return copyMissing(from, options.filesDir);
}
