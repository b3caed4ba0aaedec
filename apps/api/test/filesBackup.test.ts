import { mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDocuments } from '../src/db/schema/index.ts';
import { backupFiles, filesBackupDir, restoreFiles } from '../src/files/backup.ts';
import { createDiskStore } from '../src/files/disk.ts';
import { orderOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { multipart, SAMPLES } from './portalHelpers.ts';

describe.each(dbKinds)('backups with the uploaded files on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let orderUuid: string;
  const backupDir = mkdtempSync(path.join(tmpdir(), 'files-backup-'));

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login();
    const customer = (
      await t.app.inject({
        method: 'POST',
        url: '/api/customers',
        headers: bearer(admin),
        payload: { companyName: 'Klient', city: 'Poznań', country: 'PL' },
      })
    ).json();
    orderUuid = (
      await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: bearer(admin),
        payload: orderOf(customer['@id']),
      })
    ).json().uuid;
  }, 180_000);
  afterAll(() => t.close());

  const upload = async (data: Buffer) => {
    const body = multipart({ kind: 'cmr' }, { name: 'cmr.pdf', data });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderUuid}/documents`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { uuid: string; sha256: string };
  };
  /** As if stored two hours ago (an upload in flight is left alone for an hour). */
  const age = (sha256: string) => {
    const old = new Date(Date.now() - 2 * 3600_000);
    utimesSync(path.join(t.config.files.dir, sha256.slice(0, 2), sha256), old, old);
  };

  it('copies the files into the backup, removes a deleted one only after the next backup, and a restore brings them back', async () => {
    const kept = await upload(SAMPLES.pdf());
    const dropped = await upload(SAMPLES.pdf());
    age(kept.sha256);
    age(dropped.sha256);
    const store = createDiskStore(t.config.files.dir);
    const backups = createDiskStore(filesBackupDir(backupDir));

    const first = await backupFiles(t.database.db, { filesDir: t.config.files.dir, backupDir, startedAt: new Date() });
    expect(first).toEqual({ copied: 2, removed: 0 });
    expect(await backups.list()).toEqual([kept.sha256, dropped.sha256].sort());

    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/remove/${dropped.uuid}`,
      headers: bearer(admin),
      payload: { type: 'document', reason: 'Duplikat' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // Deleted, but still on disk until a backup holds the database that says so.
    expect(await store.has(dropped.sha256)).toBe(true);
    // Deleted after this backup began: kept.
    await backupFiles(t.database.db, {
      filesDir: t.config.files.dir,
      backupDir,
      startedAt: new Date(Date.now() - 3600_000),
    });
    expect(await store.has(dropped.sha256)).toBe(true);
    const second = await backupFiles(t.database.db, {
      filesDir: t.config.files.dir,
      backupDir,
      startedAt: new Date(Date.now() + 1000),
    });
    expect(second).toEqual({ copied: 0, removed: 1 });
    expect(await store.has(dropped.sha256)).toBe(false);
    expect(await store.has(kept.sha256)).toBe(true);
    const [row] = await t.database.db.select().from(orderDocuments).where(eq(orderDocuments.uuid, dropped.uuid));
    expect(row?.deletionReason).toBe('Duplikat');

    // A fresh folder after a restore: every file of the backup comes back, byte for byte.
    const fresh = mkdtempSync(path.join(tmpdir(), 'files-restored-'));
    expect(await restoreFiles({ filesDir: fresh, backupDir })).toBe(2);
    const restored = createDiskStore(fresh);
    expect(await restored.list()).toEqual([kept.sha256, dropped.sha256].sort());
    expect((await restored.get(kept.sha256))?.equals((await store.get(kept.sha256)) as Buffer)).toBe(true);
    expect(await restoreFiles({ filesDir: fresh, backupDir })).toBe(0);
  });

  it('leaves an upload that is still getting its record alone', async () => {
    const { sha256 } = await createDiskStore(t.config.files.dir).put(SAMPLES.png());
    const result = await backupFiles(t.database.db, { filesDir: t.config.files.dir, backupDir, startedAt: new Date() });
    expect(result.removed).toBe(0);
    expect(await createDiskStore(t.config.files.dir).has(sha256)).toBe(true);
    await t.database.db.execute(sql`SELECT 1`);
  });
});
