/**
 * Issue 38's measure: a batch of 500 transfers prepared and exported (Elixir-O and pain.001) in ≤ 2 s, every account
 * over 15 000 zł checked on the VAT white list through its local fake (`test/whitelistFake.ts`), the NIPs asked 30 at
 * once (`/api/search/nips/`; past the day's 9 searches, one account at a time). The carriers' other invoices
 * (`--rows`, already paid) fill the table. Fails (exit code 1) above 2 s.
 * `npm run bench -- --payables-only [--rows 10000] [--transfers 500]`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { seedPayablesBatch } from '../test/payablesScaleSeed.ts';
import { startFakeWhitelist } from '../test/whitelistFake.ts';
import { scratchDatabase } from './scratchDb.ts';

const ADMIN_PASSWORD = 'bench-admin-password';
const TARGET_MS = 2000;

const database = (pgBase: string | null) => scratchDatabase(pgBase, 'payables');

/** Answers whether the batch met the target. */
export async function benchPayables(options: {
  transfers: number;
  background: number;
  pgBase: string | null;
}): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spedycja-bench-payables-'));
  const wl = await startFakeWhitelist();
  const { database: db, drop } = await database(options.pgBase);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    WL_API_URL: wl.url,
  });
  await bootstrap(db.db, config);
  const seeded = Date.now();
  const invoices = await seedPayablesBatch(db, wl, options.transfers, options.background);
  await db.db.execute(sql`ANALYZE`);
  console.log(
    `\n# Transfer batch (${db.kind}): ${options.transfers} carriers and invoices to pay, ` +
      `${options.background.toLocaleString('en')} paid invoices beside them, seeded in ${Date.now() - seeded} ms`,
  );
  const app = await buildApp({ config, db: db.db, logger: false });
  await app.ready();
  try {
    const token = (
      await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: ADMIN_PASSWORD } })
    ).json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    const started = performance.now();
    const made = await app.inject({
      method: 'POST',
      url: '/api/transfer_batches',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { invoices },
    });
    const prepared = performance.now();
    if (made.statusCode !== 201) throw new Error(`batch: ${made.statusCode} ${made.body.slice(0, 300)}`);
    const batch = made.json() as { uuid: string; lines: unknown[]; refused: unknown[] };
    for (const format of ['elixir', 'pain001']) {
      const file = await app.inject({
        method: 'GET',
        url: `/api/transfer_batches/${batch.uuid}/file?format=${format}`,
        headers,
      });
      if (file.statusCode !== 200) throw new Error(`${format}: ${file.statusCode} ${file.body.slice(0, 300)}`);
    }
    const done = performance.now();
    const searches = wl.requests.filter((r) => r.includes('/api/search/nips/')).length;
    const checks = wl.requests.filter((r) => r.includes('/api/check/nip/')).length;
    const total = done - started;
    const ok = total <= TARGET_MS && batch.lines.length === options.transfers && batch.refused.length === 0;
    console.log(
      `${batch.lines.length} transfers (${batch.refused.length} refused) prepared in ${(prepared - started).toFixed(0)} ms, ` +
        `exported (Elixir-O and pain.001) in ${(done - prepared).toFixed(0)} ms: ${total.toFixed(0)} ms ` +
        `(target ≤ ${TARGET_MS} ms)${ok ? '' : ' FAILED'}; white list: ${searches + checks} requests ` +
        `(${searches} searches of up to 30 NIPs, ${checks} account checks)`,
    );
    return ok;
  } finally {
    await app.close();
    await db.close();
    await drop();
    await wl.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
