/**
 * KSeF against the fake (in-process, embedded database): N invoices sent through one online session (target: 100 in
 * ≤ 20 s, from the first 'Wyślij do KSeF' to the last acceptance) and a sync of M carriers' invoices (target: 10,000
 * in ≤ 30 s). `npm run bench -- --ksef-only --ksef-invoices 20 --ksef-received 500` runs these alone at a small size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/client.ts';
import { invoices } from '../src/db/schema/index.ts';
import { startFakeKsef } from '../test/ksefFake.ts';

const TOKEN = 'bench-ksef-token-0001';
const NIP = '5260250274';

export async function benchKsef(options: { invoices: number; received: number }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spedycja-bench-ksef-'));
  const fake = await startFakeKsef({ tokens: [TOKEN] });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'bench-admin-password',
    KSEF_API_URL: fake.url,
    KSEF_TOKEN: TOKEN,
    LOG_LEVEL: 'warn',
  });
  const database = await openDb({ dataDir: 'memory://' });
  await database.migrate();
  await bootstrap(database.db, config);
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  try {
    const token = (
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'admin', password: 'bench-admin-password' },
      })
    ).json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    const today = new Date().toISOString().slice(0, 10);
    console.log(`\n## KSeF (fake KSeF, embedded database)`);

    const uuids: string[] = [];
    for (let i = 0; i < options.invoices; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/invoices',
        headers,
        payload: {
          type: 'vat',
          description: `Bench ${i}`,
          createdDate: today,
          saleDate: today,
          paymentDate: today,
          paymentMethod: 'przelew',
          currency: 'pln',
          vendorName: 'Spedycja Przykład Sp. z o.o.',
          vendorNip: NIP,
          vendorStreetAddress: 'ul. Transportowa 1',
          vendorPostalCode: '00-001',
          vendorCity: 'Warszawa',
          customerName: 'Klient Benchmarku Sp. z o.o.',
          customerNip: '7831672591',
          customerStreetAddress: 'ul. Testowa 2',
          customerPostalCode: '61-131',
          customerCity: 'Poznań',
          customerCountry: 'PL',
          invoicePositions: [{ title: 'Transport', amount: 1, unit: 'usł.', netto: 100_000 + i, vatRate: 2300 }],
        },
      });
      uuids.push(res.json().uuid);
    }
    const sessionsBefore = fake.calls.filter((c) => c === 'POST /sessions/online').length;
    const t0 = performance.now();
    // 'Wyślij do KSeF' on every row (requests in parallel, as several clicks arrive).
    await Promise.all(
      uuids.map((uuid) => app.inject({ method: 'POST', url: `/api/invoices/${uuid}/ksef`, headers, payload: {} })),
    );
    for (;;) {
      const [row] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .where(eq(invoices.ksefStatus, 'accepted'));
      if (Number(row?.n) >= options.invoices) break;
      if (performance.now() - t0 > 300_000) throw new Error('KSeF sending did not finish in 5 minutes');
      await new Promise((r) => setTimeout(r, 50));
    }
    const sendSeconds = (performance.now() - t0) / 1000;
    const sessions = fake.calls.filter((c) => c === 'POST /sessions/online').length - sessionsBefore;
    console.log(
      `send: ${options.invoices} invoices accepted in ${sendSeconds.toFixed(1)} s through ${sessions} online session(s) (target for 100: ≤ 20 s)`,
    );

    const invoicesToSync = Array.from({ length: options.received }, (_, i) => ({
      sellerNip: '7251801126',
      sellerName: 'Trans-Kowalski',
      invoiceNumber: `FV/${i + 1}/2026`,
      issueDate: today,
      net: 10_000 + i,
    }));
    fake.addReceived(NIP, invoicesToSync);
    const t1 = performance.now();
    const sync = await app.inject({ method: 'POST', url: '/api/ksef/sync', headers });
    const syncSeconds = (performance.now() - t1) / 1000;
    console.log(
      `sync: ${JSON.stringify(sync.json())} of ${options.received} received invoices in ${syncSeconds.toFixed(1)} s (target for 10,000: ≤ 30 s)`,
    );
  } finally {
    await app.close();
    await database.close();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
