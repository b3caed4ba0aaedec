/**
 * Issue 36's figures: a realistic CSV of customers (5 % duplicates of earlier rows with their NIP written another
 * way, 2 % bad rows) checked and imported, then a file of orders imported while the orders page is asked for every
 * 50 ms (its p95 during the import). Targets: 10,000 customers checked ≤ 5 s and imported ≤ 20 s; 100,000 orders
 * imported ≤ 3 min; the orders page's p95 during the import ≤ 100 ms. In process, as the screen sends it.
 * `npm run bench -- --imports-only [--import-customers 10000] [--import-orders 10000]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { multipart } from '../test/portalHelpers.ts';
import { scratchDatabase } from './scratchDb.ts';

const ADMIN_PASSWORD = 'bench-admin-password';
const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** The n-th valid NIP (a checksum that is not 10 skips to the next base). */
function nipOf(n: number): string {
  for (let base = 100_000_000 + n * 7; ; base++) {
    const digits = String(base).padStart(9, '0');
    const sum = NIP_WEIGHTS.reduce((acc, w, i) => acc + w * Number(digits[i]), 0) % 11;
    if (sum !== 10) return `${digits}${sum}`;
  }
}

const CITIES = ['Warszawa', 'Kraków', 'Łódź', 'Wrocław', 'Poznań', 'Gdańsk', 'Szczecin', 'Lublin'];

/** A Polish Excel CSV (;) of customers: 5 % repeat an earlier row (NIP as 'PL 123-456-78-90'), 2 % are refused. */
export function customersCsv(count: number): Buffer {
  const lines = ['Nazwa firmy;NIP;Telefon;E-mail;Ulica;Kod pocztowy;Miasto;Kraj'];
  for (let i = 0; i < count; i++) {
    if (i > 20 && i % 20 === 7) {
      const j = i - 13;
      const nip = nipOf(j);
      lines.push(
        `Firma ${j} Sp. z o.o.;PL ${nip.slice(0, 3)}-${nip.slice(3, 6)}-${nip.slice(6, 8)}-${nip.slice(8)};;;;;;Polska`,
      );
      continue;
    }
    if (i % 50 === 11) {
      lines.push(`Zła Firma ${i};1234567890;abc;zly@;;;;Narnia`);
      continue;
    }
    const city = CITIES[i % CITIES.length];
    lines.push(
      `Firma ${i} Sp. z o.o.;${nipOf(i)};+48 ${String(500_000_000 + i)};biuro${i}@firma${i}.pl;ul. Długa ${i % 200};` +
        `${String(10 + (i % 89)).padStart(2, '0')}-${String(i % 1000).padStart(3, '0')};${city};PL`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** Orders of the customers above, by name: three years of months, numbers kept, prices with a Polish comma. */
export function ordersCsv(count: number, customers: number): Buffer {
  const lines = [
    'Nr zlecenia;Status;Klient;Miejsce załadunku;Data załadunku;Miejsce rozładunku;Data rozładunku;Cena klienta;Waluta ceny klienta;Cena przewoźnika;Waluta ceny przewoźnika;Towar',
  ];
  const perMonth = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const month = 1 + (i % 36);
    const year = 2023 + Math.floor((month - 1) / 12);
    const mm = String(((month - 1) % 12) + 1).padStart(2, '0');
    const key = `${mm}/${year}`;
    const n = (perMonth.get(key) ?? 0) + 1;
    perMonth.set(key, n);
    const day = String(1 + (i % 27)).padStart(2, '0');
    const customer = (i * 31) % Math.max(1, customers);
    const status = i % 10 === 0 ? 'aktywne' : i % 17 === 0 ? 'anulowane' : 'zrealizowane';
    lines.push(
      `${n}/${key};${status};Firma ${customer} Sp. z o.o.;PL 00-001 Warszawa;${day}.${mm}.${year};DE 10115 Berlin;` +
        `${day}.${mm}.${year};${1000 + (i % 5000)},50;EUR;${800 + (i % 4000)},00;EUR;Palety ${i % 33}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

const database = (pgBase: string | null) => scratchDatabase(pgBase, 'imports');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};
const p95 = (values: number[]) => percentile(values, 0.95);

async function importFile(
  app: FastifyInstance,
  token: string,
  kind: string,
  name: string,
  data: Buffer,
  mapping?: Record<string, unknown>,
) {
  const auth = { authorization: `Bearer ${token}` };
  const form = multipart({ kind }, { name, data });
  let started = performance.now();
  const up = await app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: form.payload,
    headers: { ...form.headers, ...auth },
  });
  if (up.statusCode !== 201) throw new Error(`upload: ${up.statusCode} ${up.body.slice(0, 300)}`);
  const uploadMs = performance.now() - started;
  const uuid = up.json().uuid as string;
  if (mapping)
    await app.inject({ method: 'PUT', url: `/api/imports/${uuid}/mapping`, payload: mapping, headers: auth });
  started = performance.now();
  const check = await app.inject({ method: 'POST', url: `/api/imports/${uuid}/check`, headers: auth });
  if (check.statusCode !== 200) throw new Error(`check: ${check.statusCode} ${check.body.slice(0, 300)}`);
  const checkMs = performance.now() - started;
  started = performance.now();
  const run = await app.inject({ method: 'POST', url: `/api/imports/${uuid}/run`, headers: auth });
  if (run.statusCode !== 202) throw new Error(`run: ${run.statusCode} ${run.body.slice(0, 300)}`);
  return { uuid, uploadMs, checkMs, checkCounts: check.json().counts, runStarted: started };
}

export async function benchImports(options: { customers: number; orders: number; pgBase: string | null }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spedycja-bench-imports-'));
  const { database: db, drop } = await database(options.pgBase);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
  });
  await bootstrap(db.db, config);
  const app = await buildApp({ config, db: db.db, logger: false });
  await app.ready();
  console.log(`\n# Imports (${db.kind})`);
  try {
    const token = (
      await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: ADMIN_PASSWORD } })
    ).json().token as string;
    const auth = { authorization: `Bearer ${token}` };

    const customers = customersCsv(options.customers);
    const c = await importFile(app, token, 'customers', 'klienci.csv', customers);
    await app.imports.idle();
    const customerRunMs = performance.now() - c.runStarted;
    const done = (await app.inject({ method: 'GET', url: `/api/imports/${c.uuid}`, headers: auth })).json();
    console.log(
      `${options.customers.toLocaleString('en')} customers (${(customers.length / 1024).toFixed(0)} kB CSV): read in ` +
        `${c.uploadMs.toFixed(0)} ms, checked in ${c.checkMs.toFixed(0)} ms (target ≤ 5000 ms), imported in ` +
        `${customerRunMs.toFixed(0)} ms (target ≤ 20000 ms); ${JSON.stringify(done.counts)}`,
    );

    // The orders page without an import, for comparison (the same requests, the same pace).
    const quiet = async () => {
      const times: number[] = [];
      for (let i = 0; i < 60; i++) {
        const at = performance.now();
        await app.inject({ method: 'GET', url: '/api/orders?page=1', headers: auth });
        times.push(performance.now() - at);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return times;
    };
    const before = await quiet();
    const orders = ordersCsv(options.orders, options.customers);
    const o = await importFile(app, token, 'orders', 'zlecenia.csv', orders, { createMissingParties: true });
    // The orders page asked every 50 ms while the import runs.
    const latencies: number[] = [];
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    let running = true;
    const idle = app.imports.idle().finally(() => {
      running = false;
    });
    while (running) {
      const at = performance.now();
      await app.inject({ method: 'GET', url: '/api/orders?page=1', headers: auth });
      latencies.push(performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await idle;
    lag.disable();
    const orderRunMs = performance.now() - o.runStarted;
    // …and once the orders are in: the page over the table the import filled.
    const after = await quiet();
    const ordersDone = (await app.inject({ method: 'GET', url: `/api/imports/${o.uuid}`, headers: auth })).json();
    console.log(
      `${options.orders.toLocaleString('en')} orders (${(orders.length / 1024 / 1024).toFixed(1)} MB CSV): read in ` +
        `${o.uploadMs.toFixed(0)} ms, checked in ${o.checkMs.toFixed(0)} ms, imported in ${(orderRunMs / 1000).toFixed(1)} s ` +
        `(target ≤ 180 s); ${JSON.stringify(ordersDone.counts)}; the orders page meanwhile: ${latencies.length} requests, ` +
        `p95 ${p95(latencies).toFixed(1)} ms (target ≤ 100 ms; ${p95(before).toFixed(1)} ms before the import, ${p95(after).toFixed(1)} ms after it; p50 ` +
        `${percentile(latencies, 0.5).toFixed(1)} ms, p90 ${percentile(latencies, 0.9).toFixed(1)} ms, max ` +
        `${percentile(latencies, 1).toFixed(1)} ms); the event loop's ` +
        `delay p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms, max ${(lag.max / 1e6).toFixed(0)} ms`,
    );
  } finally {
    await app.close();
    await db.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
