import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDb } from '../src/db/client.ts';
import type { Outbox } from '../src/mail/outbox.ts';
import { createSoftDeleteRegistry, type SoftDeleteRegistry } from '../src/modules/softDelete/registry.ts';

/** API tests run on PGlite always, and on PostgreSQL as well when TEST_DATABASE_URL is set. */
export type DbKind = 'pglite' | 'postgres';
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const ADMIN = { username: 'admin', password: 'admin-password-1' };

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'spedycja-test-')),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // The registers are never the real ones in a test: a closed local port unless a test starts its fake.
    GUS_API_URL: 'http://127.0.0.1:9/wsBIR/UslugaBIRzewnPubl.svc',
    VIES_API_URL: 'http://127.0.0.1:9/vies',
    WL_API_URL: 'http://127.0.0.1:9',
    ...overrides,
  });
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function freshDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openDb({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
    // A no-op on the migrated copy; it still checks that the template is the current schema.
    await database.migrate();
    return database;
  }
  const baseUrl = process.env.TEST_DATABASE_URL as string;
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDb({ url: url.toString(), poolSize: 8 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

let template: Promise<Blob | undefined> | undefined;
/** The migrated PGlite data folder the run's global setup wrote (none when a file runs outside that setup). */
function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return template;
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  softDelete: SoftDeleteRegistry;
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
};

export async function createTestApp(kind: DbKind, env: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(env);
  const database = await freshDatabase(kind);
  await bootstrap(database.db, config);
  const softDelete = createSoftDeleteRegistry();
  const app = await buildApp({ config, db: database.db, softDelete, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    softDelete,
    async login(username = ADMIN.username, password = ADMIN.password) {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An outbox with no worker: queued messages stay pending (what a test of the queue itself wants). */
export const idleOutbox = (): Outbox => ({
  mode: 'file',
  flush: async () => 0,
  nudge() {},
  start() {},
  stop: async () => {},
  registerAttachment() {},
  onSent() {},
});
