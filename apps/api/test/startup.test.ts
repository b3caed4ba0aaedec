import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/client.ts';
import { settings, users } from '../src/db/schema/index.ts';
import { createTestApp, dbKinds, freshDatabase } from './helpers.ts';

describe('start-up', () => {
  it('creates the first admin once, with a generated password, and keeps data across restarts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'spedycja-restart-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });

    const first = await openDb({ dataDir });
    await first.migrate();
    const admin = await bootstrap(first.db, config);
    expect(admin?.username).toBe('admin');
    expect(admin?.generated).toBe(true);
    expect(admin?.password.length).toBeGreaterThanOrEqual(12);
    await first.db.update(settings).set({ value: 'Trans-Pol' }).where(eq(settings.key, 'companyName'));
    await first.close();

    const second = await openDb({ dataDir });
    await second.migrate();
    expect(await bootstrap(second.db, config)).toBeNull();
    expect(await second.db.select().from(users)).toHaveLength(1);
    const [name] = await second.db.select().from(settings).where(eq(settings.key, 'companyName'));
    expect(name?.value).toBe('Trans-Pol');
    await second.close();

    // The generated JWT secret is kept in the data folder too, so tokens survive a restart.
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
    // Two real start-ups on disk (initdb, every migration): slow when CI shares the machine.
  }, 120_000);

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'p-')) })).toThrow(
      /JWT_SECRET is required/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://x/y' }).jwtSecret,
    ).toBe('x'.repeat(40));
  });

  it('serves the single-page app for client routes and problem+json for unknown API paths', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Spedycja</title>');
    writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    const database = await freshDatabase('pglite');
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: webDist, JWT_SECRET: 'y'.repeat(40), WEB_DIST: webDist }),
      db: database.db,
      logger: false,
    });
    try {
      for (const url of ['/', '/queries', '/admin/deleted/orders', '/login']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<title>Spedycja</title>');
      }
      expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
      const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/problem+json');
      expect(api.json().detail).toBe('Nie znaleziono takiego adresu.');
      const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(docs.statusCode).toBe(200);
      expect(docs.json().paths['/api/users']).toBeDefined();
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe.each(dbKinds)('migrations on %s', (kind) => {
  it('apply on a fresh database and again without harm', async () => {
    const t = await createTestApp(kind);
    try {
      await t.database.migrate();
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { username: 'admin', password: 'admin-password-1' },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });
});
