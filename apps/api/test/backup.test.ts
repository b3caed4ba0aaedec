import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { backupKindOf, pruneBackups } from '../src/backup/backup.ts';
import { RestoreError, restoreBackup } from '../src/backup/restore.ts';
import { backupNow, scheduleBackups, scheduledBackup } from '../src/backup/schedule.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { type Database, type Db, openDb, selectRows } from '../src/db/client.ts';
import { DataDirInUseError } from '../src/db/lock.ts';
import { enqueueMail } from '../src/mail/outbox.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { ADMIN, freshDatabase, idleOutbox, testConfig } from './helpers.ts';

/** Backups and restore: a restored database holds every record of every table, mail outbox and refresh tokens too. */

const noOutbox = idleOutbox();

/** What a database holds: every table of the app (and the migrations journal), each as a count and a hash of its rows. */
async function contents(db: Db): Promise<Record<string, { rows: number; hash: string }>> {
  const tables = await selectRows<{ schema: string; name: string }>(
    db,
    sql`SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
  );
  const result: Record<string, { rows: number; hash: string }> = {};
  for (const { schema, name } of tables) {
    const [row] = await selectRows<{ rows: number; hash: string }>(
      db,
      sql.raw(
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS hash
         FROM "${schema}"."${name}" t`,
      ),
    );
    result[`${schema}.${name}`] = row as { rows: number; hash: string };
  }
  return result;
}

/** A database in use: the demo data, a login (a refresh token), an e-mail waiting in the outbox. */
async function fill(database: Database) {
  const config = testConfig();
  await database.migrate();
  await bootstrap(database.db, config);
  await seedDemo(database.db, { scale: 15 });
  const app = await buildApp({ config, db: database.db, logger: false, outbox: noOutbox });
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: ADMIN });
  expect(login.statusCode).toBe(200);
  await app.close();
  await enqueueMail(database.db, { to: 'przewoznik@example.pl', subject: 'Zlecenie 1/11/2026', text: 'W załączniku.' });
  const held = await contents(database.db);
  for (const table of ['public.mail_outbox', 'public.refresh_tokens', 'public.orders', 'public.customers']) {
    expect(held[table]?.rows, table).toBeGreaterThan(0);
  }
  return held;
}

const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

describe('backups of the embedded database (PGlite)', { timeout: 120_000 }, () => {
  const source = tempDir('spedycja-source-');
  const backupDir = tempDir('spedycja-backups-');
  /** The folder the first restore fills: the later tests reuse it as "a folder that holds a database". */
  const restoredDir = tempDir('spedycja-restored-');
  let held: Awaited<ReturnType<typeof contents>>;
  let file: string;

  beforeAll(async () => {
    const database = await openDb({ dataDir: source });
    held = await fill(database);
    file = await backupNow(database, { databaseUrl: undefined, backup: { dir: backupDir, keep: 14, cron: null } });
    await database.close();
  });

  it('writes a compressed, timestamped backup while the database is open', () => {
    expect(path.basename(file)).toMatch(/^spedycja-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.pglite\.tar\.gz$/);
    expect(backupKindOf(file)).toBe('pglite');
  });

  it('restores into an empty folder, and every record is there', async () => {
    const result = await restoreBackup({ file, force: false, dataDir: restoredDir, backupDir });
    expect(result.kept).toBeUndefined();
    const restored = await openDb({ dataDir: restoredDir });
    try {
      expect(await contents(restored.db)).toEqual(held);
    } finally {
      await restored.close();
    }
  });

  it('refuses a folder that holds a database without --force; with it, replaces it and keeps the old one', async () => {
    const occupied = await openDb({ dataDir: restoredDir });
    await occupied.db.execute(sql`DELETE FROM mail_outbox`);
    await occupied.close();
    await expect(restoreBackup({ file, force: false, dataDir: restoredDir, backupDir })).rejects.toThrow(/--force/);
    const result = await restoreBackup({ file, force: true, dataDir: restoredDir, backupDir });
    expect(result.kept && existsSync(result.kept)).toBe(true);
    const restored = await openDb({ dataDir: restoredDir });
    try {
      expect(await contents(restored.db)).toEqual(held);
    } finally {
      await restored.close();
    }
  });

  it('refuses while a process has the folder open, and a backup of the other kind', async () => {
    const target = restoredDir;
    const running = await openDb({ dataDir: target });
    try {
      await expect(restoreBackup({ file, force: true, dataDir: target, backupDir })).rejects.toBeInstanceOf(
        DataDirInUseError,
      );
    } finally {
      await running.close();
    }
    await expect(
      restoreBackup({ file, force: false, dataDir: target, databaseUrl: 'postgres://x@127.0.0.1/x', backupDir }),
    ).rejects.toThrow(/restore it without DATABASE_URL/);
    const junk = path.join(target, 'junk.bin');
    writeFileSync(junk, 'not a backup');
    await expect(restoreBackup({ file: junk, force: false, dataDir: target, backupDir })).rejects.toBeInstanceOf(
      RestoreError,
    );
  });

  it('takes a scheduled backup once, however many instances wake for it', async () => {
    const dir = tempDir('spedycja-nightly-');
    const database = await openDb({ dataDir: source });
    try {
      const config = { databaseUrl: undefined, backup: { dir, keep: 14, cron: '30 2 * * *' } };
      const at = new Date('2026-11-22T01:30:00Z');
      expect(await scheduledBackup(database, config, at)).toMatch(/\.pglite\.tar\.gz$/);
      expect(await scheduledBackup(database, config, at)).toBeNull();
      expect(readdirSync(dir)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});

describe('the nightly backup', () => {
  it('runs on its schedule (here every second) and takes one backup per scheduled minute', async () => {
    const dir = tempDir('spedycja-cron-');
    const database = await freshDatabase('pglite');
    const errors: string[] = [];
    const log = { info() {}, error: (o: { error: string }) => errors.push(o.error) } as never;
    const config = testConfig({ BACKUP_CRON: '* * * * * *', BACKUP_DIR: dir });
    // The whole run within one minute: past a minute boundary a second scheduled minute would begin.
    const toNextMinute = 60_000 - (Date.now() % 60_000);
    if (toNextMinute < 5000) await new Promise((resolve) => setTimeout(resolve, toNextMinute + 200));
    const schedule = scheduleBackups(database, config, log);
    expect(schedule.nextRun).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await schedule.stop();
    const runs = await selectRows<{ file: string; error: string | null }>(
      database.db,
      sql`SELECT file, error FROM backup_runs`,
    );
    expect(errors).toEqual([]);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.error).toBeNull();
    expect(readdirSync(dir)).toEqual([path.basename(runs[0]?.file ?? '')]);
    await database.close();
  });

  it('is configured in Warsaw time, or off', () => {
    expect(testConfig().backup).toMatchObject({ cron: '30 2 * * *', keep: 14 });
    expect(testConfig({ BACKUP_CRON: 'off' }).backup.cron).toBeNull();
    expect(() => testConfig({ BACKUP_CRON: 'every night' })).toThrow(/BACKUP_CRON/);
  });
});

describe('pruning', () => {
  it('keeps the newest BACKUP_KEEP backups and touches nothing else', () => {
    const dir = tempDir('spedycja-prune-');
    const names = [
      'spedycja-2026-11-20T01-30-00Z.pgdump',
      'spedycja-2026-11-21T01-30-00Z.pgdump',
      'spedycja-2026-11-22T01-30-00Z.pglite.tar.gz',
      'spedycja-2026-11-22T09-15-00-123Z.pgdump',
      'notes.txt',
      'spedycja-2026-11-23T01-30-00Z.pgdump.partial',
    ];
    for (const name of names) writeFileSync(path.join(dir, name), 'x');
    expect(pruneBackups(dir, 2).sort()).toEqual([
      'spedycja-2026-11-20T01-30-00Z.pgdump',
      'spedycja-2026-11-21T01-30-00Z.pgdump',
    ]);
    expect(readdirSync(dir).sort()).toEqual([
      'notes.txt',
      'spedycja-2026-11-22T01-30-00Z.pglite.tar.gz',
      'spedycja-2026-11-22T09-15-00-123Z.pgdump',
      'spedycja-2026-11-23T01-30-00Z.pgdump.partial',
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'backups of PostgreSQL (pg_dump, pg_restore)',
  { timeout: 120_000 },
  () => {
    const base = process.env.TEST_DATABASE_URL as string;
    const created: string[] = [];
    const backupDir = tempDir('spedycja-pg-backups-');
    let held: Awaited<ReturnType<typeof contents>>;
    let file: string;
    /** The tables seedDemo left analysed (its last step is ANALYZE). */
    let seededAnalysed: string[] = [];

    const newDatabase = async () => {
      const name = `bk_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      created.push(name);
      const url = new URL(base);
      url.pathname = `/${name}`;
      return url.toString();
    };
    const contentsOf = async (url: string) => {
      const database = await openDb({ url, poolSize: 2 });
      try {
        return await contents(database.db);
      } finally {
        await database.close();
      }
    };

    beforeAll(async () => {
      const url = await newDatabase();
      const database = await openDb({ url, poolSize: 4 });
      held = await fill(database);
      seededAnalysed = (
        await selectRows<{ name: string }>(
          database.db,
          sql`SELECT relname AS name FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL AND relname IN ('orders', 'queries', 'customers') ORDER BY 1`,
        )
      ).map((t) => t.name);
      file = await backupNow(database, { databaseUrl: url, backup: { dir: backupDir, keep: 14, cron: null } });
      await database.close();
    });
    afterAll(async () => {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it('writes pg_dump custom format and restores it into an empty database with every record', async () => {
      expect(path.basename(file)).toMatch(/\.pgdump$/);
      expect(backupKindOf(file)).toBe('postgres');
      const target = await newDatabase();
      await restoreBackup({ file, force: false, dataDir: tempDir('unused-'), databaseUrl: target, backupDir });
      expect(await contentsOf(target)).toEqual(held);
    });

    it('analyses after seeding and after a restore: the tables have planner statistics at once', async () => {
      expect(seededAnalysed).toEqual(['customers', 'orders', 'queries']);
      const target = await newDatabase();
      await restoreBackup({ file, force: false, dataDir: tempDir('unused-'), databaseUrl: target, backupDir });
      const database = await openDb({ url: target, poolSize: 1 });
      try {
        // pg_restore brings rows, not statistics: only an ANALYZE after it sets last_analyze, reltuples and pg_stats.
        const stats = await selectRows<{ name: string; analysed: boolean; reltuples: number; columns: number }>(
          database.db,
          sql`SELECT c.relname AS name, s.last_analyze IS NOT NULL AS analysed, c.reltuples::float8 AS reltuples,
                     (SELECT count(*)::int FROM pg_stats p WHERE p.schemaname = 'public' AND p.tablename = c.relname)
                       AS columns
              FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid
              WHERE c.relname IN ('orders', 'queries', 'customers', 'carriers', 'tasks', 'invoices')
              ORDER BY 1`,
        );
        expect(stats.map((t) => t.name)).toEqual(['carriers', 'customers', 'invoices', 'orders', 'queries', 'tasks']);
        for (const table of stats) {
          expect(table.analysed, table.name).toBe(true);
          expect(table.reltuples, table.name).toBeGreaterThan(0);
          expect(table.columns, table.name).toBeGreaterThan(0);
        }
      } finally {
        await database.close();
      }
    });

    it('refuses a database in use by the app, and a non-empty one without --force; --force keeps a backup first', async () => {
      const target = await newDatabase();
      const app = await openDb({ url: target, poolSize: 1 });
      await app.migrate();
      const options = { file, dataDir: tempDir('unused-'), databaseUrl: target, backupDir };
      await expect(restoreBackup({ ...options, force: true })).rejects.toThrow(/stop every instance/);
      await app.close();
      await expect(restoreBackup({ ...options, force: false })).rejects.toThrow(/--force/);
      const result = await restoreBackup({ ...options, force: true });
      expect(result.kept && backupKindOf(result.kept)).toBe('postgres');
      expect(await contentsOf(target)).toEqual(held);
    });
  },
);
