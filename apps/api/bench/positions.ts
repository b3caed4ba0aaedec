/**
 * Issue 39's measure: telematics positions taken on one instance — 10,000 a minute is the target — while the orders
 * page is asked for between the batches (its p95 beside). `--rows` running orders of one carrier, each with its own
 * truck, get `--positions` positions (default 10,000) in batches of 100 through POST /api/positions, each batch
 * attaching by plate and time and recomputing the touched orders' ETA (offline distance). Prints the positions a
 * minute it reached and the orders page's p95 during the run; fails (exit code 1) below 10,000 a minute.
 * `npm run bench -- --positions-only [--rows 1000] [--positions 10000] [--db postgres|pglite] [--reuse NAME]`.
 * With `--reuse NAME` the positions go into a kept bench database (e.g. the 1,000,000-row one of `--keep`): its orders
 * page is measured before the run (the baseline) and between the batches, and the bench's own orders, carrier and
 * positions are deleted afterwards so that the database stays as it was seeded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDb } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/users/passwords.ts';
import { scratchDatabase } from './scratchDb.ts';

const ADMIN_PASSWORD = 'bench-admin-password';
const TARGET_PER_MINUTE = 10_000;
const BATCH = 100;

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};

/** A kept bench database, as it is: nothing to drop. */
async function reusedDatabase(
  pgBase: string,
  name: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  const database = await openDb({ url: url.toString(), poolSize: 4 });
  await database.migrate();
  return { database, drop: async () => {} };
}

export async function benchPositions(options: {
  orders: number;
  positions: number;
  pgBase: string | null;
  reuse?: string;
}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spedycja-bench-positions-'));
  if (options.reuse && !options.pgBase) throw new Error('--reuse needs PostgreSQL (--db postgres)');
  const { database: db, drop } =
    options.reuse && options.pgBase
      ? await reusedDatabase(options.pgBase, options.reuse)
      : await scratchDatabase(options.pgBase, 'positions');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
  });
  await bootstrap(db.db, config);
  if (options.reuse) {
    // A database seeded elsewhere: the bench signs in as its admin with its own password.
    await db.db
      .update(users)
      .set({ passwordHash: await hashPassword(ADMIN_PASSWORD) })
      .where(eq(users.login, 'admin'));
  }
  const app = await buildApp({ config, db: db.db, logger: false });
  await app.ready();
  try {
    const token = (
      await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: ADMIN_PASSWORD } })
    ).json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    const carrier = (
      await app.inject({
        method: 'POST',
        url: '/api/carriers',
        headers,
        payload: { companyName: 'Bench GPS', country: 'PL' },
      })
    ).json() as { uuid: string; id: number };
    const customer = (
      await app.inject({ method: 'POST', url: '/api/customers', headers, payload: { companyName: 'Bench Klient' } })
    ).json() as { id: number };
    // The orders page as a dispatcher opens it, before any position: the baseline the run is compared with.
    const orderPage = async () => {
      const page = performance.now();
      const list = await app.inject({ method: 'GET', url: '/api/orders?page=1', headers });
      if (list.statusCode !== 200) throw new Error(`orders: ${list.statusCode}`);
      return performance.now() - page;
    };
    // Twenty requests first, not counted: the first read a cold cache (and plan), not the page a dispatcher reloads.
    for (let i = 0; i < 20; i++) await orderPage();
    const baseline: number[] = [];
    for (let i = 0; i < options.positions / BATCH; i++) baseline.push(await orderPage());
    // Running orders, one truck each: loading two hours ago in Poznań, unloading tomorrow in Berlin.
    await db.db.execute(sql`
      INSERT INTO orders (number, status, customer_id, carrier_id, truck, cargo, loading_city, loading_country,
        loading_date, unloading_city, unloading_country, unloading_date, loading_latitude, loading_longitude,
        unloading_latitude, unloading_longitude, loading_finished)
      SELECT 'GPS/' || g || '/' || ${carrier.id}, 'aktywne', ${customer.id}, ${carrier.id}, 'PB ' || g, 'Palety', 'Poznań', 'PL',
        now() - interval '2 hours', 'Berlin', 'DE', now() + interval '1 day', 52.41, 16.93, 52.52, 13.40, true
      FROM generate_series(1, ${options.orders}) g`);
    // The tables the positions are attached through (a whole-database ANALYZE takes minutes at 1,000,000 rows).
    await db.db.execute(sql`ANALYZE orders, carriers`);
    const key = (
      await app.inject({
        method: 'POST',
        url: `/api/carriers/${carrier.uuid}/api_keys`,
        headers,
        payload: { name: 'bench' },
      })
    ).json().key as string;
    console.log(
      `\n# Telematics positions (${db.kind}): ${options.positions.toLocaleString('en')} positions in batches of ${BATCH}, ` +
        `${options.orders.toLocaleString('en')} running orders`,
    );
    const pageTimes: number[] = [];
    let attached = 0;
    let elapsed = 0;
    for (let sent = 0; sent < options.positions; sent += BATCH) {
      const at = new Date(Date.now() - 60_000).toISOString();
      const positions = Array.from({ length: Math.min(BATCH, options.positions - sent) }, (_, i) => ({
        plate: `PB${((sent + i) % options.orders) + 1}`,
        lat: 52.4 + ((sent + i) % 50) / 1000,
        lon: 16.0 + ((sent + i) % 70) / 1000,
        at,
      }));
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/positions',
        headers: { 'x-api-key': key },
        payload: { positions },
      });
      elapsed += performance.now() - started;
      if (res.statusCode === 429) {
        // The per-key limit (120 calls a minute) is the provider's pace, not the server's: the bench counts time only.
        await db.db.execute(sql`DELETE FROM rate_counters WHERE key LIKE 'positions-key:%'`);
        sent -= BATCH;
        continue;
      }
      if (res.statusCode !== 200) throw new Error(`positions: ${res.statusCode} ${res.body.slice(0, 300)}`);
      attached += (res.json() as { attached: number }).attached;
      pageTimes.push(await orderPage());
    }
    const perMinute = Math.round((options.positions / elapsed) * 60_000);
    const ok = perMinute >= TARGET_PER_MINUTE && attached === options.positions;
    console.log(
      `${attached.toLocaleString('en')} attached in ${(elapsed / 1000).toFixed(1)} s of server time: ` +
        `${perMinute.toLocaleString('en')} positions a minute (target ≥ ${TARGET_PER_MINUTE.toLocaleString('en')})` +
        `${ok ? '' : ' FAILED'}; the orders page between batches: p95 ${p95(pageTimes).toFixed(1)} ms ` +
        `(before the positions: p95 ${p95(baseline).toFixed(1)} ms)`,
    );
    if (options.reuse) {
      // The kept database as it was seeded: the bench's orders (their positions and ETAs cascade), carrier, customer.
      await db.db.execute(sql`DELETE FROM positions WHERE carrier_id = ${carrier.id}`);
      await db.db.execute(sql`DELETE FROM orders WHERE carrier_id = ${carrier.id}`);
      await db.db.execute(sql`DELETE FROM carriers WHERE id = ${carrier.id}`);
      await db.db.execute(sql`DELETE FROM customers WHERE id = ${customer.id}`);
    }
    return ok;
  } finally {
    await app.close();
    await db.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
