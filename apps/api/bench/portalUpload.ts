/**
 * The carrier's link (issue 25): a 10 MB scan uploaded from the carrier's page — multipart read, its type checked
 * from the content, SHA-256, written to the file store and recorded — through a real server on loopback (the bytes go
 * over a socket as a phone's would, without the phone's link). `npm run bench -- --portal-only [--scan-mb 10]`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/client.ts';
import { multipart } from '../test/portalHelpers.ts';

const ADMIN_PASSWORD = 'bench-admin-password';

export async function benchPortalUpload(options: { megabytes: number; runs: number }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spedycja-bench-portal-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD,
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'warn',
  });
  const database = await openDb({ dataDir: 'memory://' });
  await database.migrate();
  await bootstrap(database.db, config);
  const app = await buildApp({ config, db: database.db, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  try {
    const token = (await call('POST', '/api/login', { username: 'admin', password: ADMIN_PASSWORD })).token as string;
    const customer = await call('POST', '/api/customers', { companyName: 'Klient Bench', country: 'PL' }, token);
    const carrier = await call(
      'POST',
      '/api/carriers',
      { companyName: 'Przewoźnik Bench', country: 'PL', email: 'bench@example.com' },
      token,
    );
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const order = await call(
      'POST',
      '/api/orders',
      {
        cargo: 'Palety',
        loadingCity: 'Poznań',
        loadingCountry: 'PL',
        loadingDate: day(1),
        unloadingCity: 'Berlin',
        unloadingCountry: 'DE',
        unloadingDate: day(2),
        customer: customer['@id'],
        customerPrice: 350000,
        carrier: carrier['@id'],
        carrierPrice: 250000,
      },
      token,
    );
    await call('POST', `/api/orders/${order.uuid}/send/carrier`, undefined, token);
    const link = (await call('GET', `/api/orders/${order.uuid}/portal`, undefined, token)).url as string;
    const portalToken = link.split('/p/')[1] as string;
    await call('POST', `/api/public/portal/${portalToken}/accept`);
    const times: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      // A JPEG's first bytes, then noise: each run is new content (a new hash, a new file in the store).
      const scan = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
        Buffer.from('JFIF'),
        randomBytes(options.megabytes * 1024 * 1024 - 10),
      ]);
      const upload = multipart({ kind: 'cmr' }, { name: `skan-${run}.jpg`, data: scan, type: 'image/jpeg' });
      const started = performance.now();
      const res = await fetch(`${base}/api/public/portal/${portalToken}/documents`, {
        method: 'POST',
        headers: upload.headers,
        body: upload.payload,
      });
      await res.text();
      if (!res.ok) throw new Error(`upload: ${res.status}`);
      times.push(performance.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `\n# Carrier's link: a ${options.megabytes} MB scan uploaded (loopback, embedded database, disk store): ` +
        `median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms over ` +
        `${options.runs} uploads`,
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
