import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import type { Database } from '../src/db/client.ts';
import { appVersion } from '../src/modules/health/version.ts';
import { officeUrls } from '../src/network.ts';
import { ADMIN, bearer, freshDatabase, idleOutbox, testConfig } from './helpers.ts';

/**
 * Running in an office: the app works from a colleague's computer over plain HTTP (no upgrade-insecure-requests, no
 * HSTS) and over HTTPS gets both; assets are cached for good and sent compressed; API answers are compressed; health.
 */

/** A built web app: two pages and a hashed asset with its brotli and gzip copies, as the Vite build leaves them. */
function webDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Spedycja</title><script src="/assets/app-Ab12.js">',
  );
  writeFileSync(path.join(dir, 'public.html'), '<!doctype html><title>Spedycja – zapytania</title>');
  const js = `console.log(${JSON.stringify('spedycja '.repeat(400))});`;
  writeFileSync(path.join(dir, 'assets', 'app-Ab12.js'), js);
  writeFileSync(path.join(dir, 'assets', 'app-Ab12.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(dir, 'assets', 'app-Ab12.js.gz'), gzipSync(js));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');
  return { dir, js };
}

/** A self-signed certificate for localhost (openssl, as an office would make one). */
function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'tls-'));
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
  ]);
  return { cert, key };
}

const hasUpgrade = (csp: unknown) => String(csp).includes('upgrade-insecure-requests');

describe('office: LAN, HTTPS, caching, compression, health', () => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  const web = webDist();

  const appWith = async (env: Record<string, string> = {}) => {
    const app = await buildApp({ config: testConfig({ WEB_DIST: web.dir, ...env }), db: database.db, logger: false });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await freshDatabase('pglite');
    await bootstrap(database.db, testConfig());
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  it('sends neither upgrade-insecure-requests nor HSTS over plain HTTP, on pages, API and docs alike', async () => {
    const app = await appWith();
    for (const url of ['/login', '/', '/api/health', '/api/docs/static/index.html', '/api/nothing']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'office.lan:8080' } });
      expect(res.headers['content-security-policy'], url).toBeDefined();
      expect(hasUpgrade(res.headers['content-security-policy']), url).toBe(false);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });

  it('behind a trusted proxy that says https, sends both; an untrusted X-Forwarded-Proto changes nothing', async () => {
    const proxied = await appWith({ TRUST_PROXY: 'true' });
    for (const url of ['/login', '/api/health', '/api/docs/static/index.html']) {
      const https = await proxied.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(hasUpgrade(https.headers['content-security-policy']), url).toBe(true);
      expect(https.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
    }
    const plain = await proxied.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'http' } });
    expect(hasUpgrade(plain.headers['content-security-policy'])).toBe(false);

    const direct = await appWith();
    const spoofed = await direct.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' } });
    expect(hasUpgrade(spoofed.headers['content-security-policy'])).toBe(false);
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('speaks HTTPS itself with TLS_CERT and TLS_KEY, and then sends both', async () => {
    const { cert, key } = selfSignedCertificate();
    const app = await appWith({ TLS_CERT: cert, TLS_KEY: key });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port, path: '/login', rejectUnauthorized: false }, (res) => {
          res.resume();
          resolve(res.headers);
        })
        .on('error', reject);
    });
    expect(hasUpgrade(headers['content-security-policy'])).toBe(true);
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(() => testConfig({ TLS_CERT: cert })).toThrow(/TLS_CERT and TLS_KEY/);
  });

  it('caches hashed assets for a year and revalidates the pages; / and /verify get the public page', async () => {
    const app = await appWith();
    const asset = await app.inject({ method: 'GET', url: '/assets/app-Ab12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/login', '/queries', '/', '/verify?token=abc']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain(
        url === '/' || url.startsWith('/verify') ? 'zapytania' : '<title>Spedycja</title>',
      );
    }
    // The public list's first page is announced with '/' so that the browser fetches it alongside the scripts.
    expect((await app.inject({ method: 'GET', url: '/' })).headers.link).toBe(
      '</api/public/queries?page=1&itemsPerPage=20>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    expect((await app.inject({ method: 'GET', url: '/verify' })).headers.link).toBeUndefined();
    // An old page asking for a chunk that a newer build removed gets a 404, not the app's HTML as JavaScript.
    expect((await app.inject({ method: 'GET', url: '/assets/gone-Zz99.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it('sends the brotli or gzip copy made at build time, as the browser accepts', async () => {
    const app = await appWith();
    const br = await app.inject({
      method: 'GET',
      url: '/assets/app-Ab12.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(web.js);
    const gz = await app.inject({ method: 'GET', url: '/assets/app-Ab12.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: '/assets/app-Ab12.js', headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(web.js);
  });

  it('compresses API JSON above 1 KB and leaves small answers as they are', async () => {
    const app = await appWith();
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: ADMIN });
    const headers = { ...bearer(login.json().token), 'accept-encoding': 'br, gzip' };
    for (let i = 0; i < 8; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/customers',
        headers,
        payload: { companyName: `Firma transportowa numer ${i} spółka z ograniczoną odpowiedzialnością`, city: 'Łódź' },
      });
      expect(res.statusCode).toBe(201);
    }
    const list = await app.inject({ method: 'GET', url: '/api/customers', headers });
    expect(list.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(list.rawPayload).toString());
    expect(body['hydra:totalItems']).toBe(8);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(1024);
    const small = await app.inject({ method: 'GET', url: '/api/health', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers GET /api/health without a token, and 503 when the database is gone', async () => {
    const own = await freshDatabase('pglite');
    // No worker: the messages below stay pending.
    const outbox = idleOutbox();
    const app = await buildApp({ config: testConfig(), db: own.db, logger: false, outbox });
    apps.push(app);
    const ok = await app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      status: 'ok',
      database: 'ok',
      outbox: { pending: 0, failing: 0 },
      version: appVersion,
    });
    expect(ok.headers['cache-control']).toBe('no-store');
    await own.db.execute(
      "INSERT INTO mail_outbox (message_id, \"to\", subject, text) VALUES ('a@x', 'a@x.pl', 'A', 'a'), ('b@x', 'b@x.pl', 'B', 'b')" as never,
    );
    await own.db.execute("UPDATE mail_outbox SET last_error = 'connection refused' WHERE message_id = 'b@x'" as never);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json().outbox).toEqual({ pending: 2, failing: 1 });
    await own.close();
    const down = await app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
  });

  it('lists the addresses colleagues can use: the computer name and each non-internal address', () => {
    const interfaces = {
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
      eth0: [
        { address: 'fe80::1', family: 'IPv6', internal: false },
        { address: '192.168.1.20', family: 'IPv4', internal: false },
      ],
      wlan0: [{ address: '10.0.0.7', family: 'IPv4', internal: false }],
    } as never;
    expect(officeUrls('http', '0.0.0.0', 8080, interfaces, 'biuro-pc')).toEqual([
      'http://localhost:8080',
      'http://biuro-pc:8080',
      'http://192.168.1.20:8080',
      'http://10.0.0.7:8080',
    ]);
    expect(officeUrls('https', '192.168.1.20', 8443, interfaces, 'biuro-pc')).toEqual(['https://192.168.1.20:8443']);
  });
});
