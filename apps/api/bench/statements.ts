/**
 * A bank statement against a year of open invoices (issue 26: 2,000 lines read and matched against 50,000 open
 * invoices in ≤ 3 s): the invoices are inserted in SQL, the MT940 file is written here (half the credits name an
 * invoice in the title, a quarter give only the payer's NIP, the rest match nothing), and the upload goes through the
 * app as the screen sends it. `npm run bench -- --statements-only [--statement-lines 2000 --open-invoices 50000]`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { multipart } from '../test/portalHelpers.ts';
import { scratchDatabase } from './scratchDb.ts';

const ADMIN_PASSWORD = 'bench-admin-password';

const database = (pgBase: string | null) => scratchDatabase(pgBase, 'statements');

/** NIP n of the bench's customers (not checksummed: the matcher reads ten digits). */
const nipOf = (n: number) => String(5_000_000_000 + n);
const amountOf = (n: number) => 100_000 + (n % 9_973) * 37;
const mt940Amount = (hundredths: number) =>
  `${Math.floor(hundredths / 100)},${String(hundredths % 100).padStart(2, '0')}`;

function statementFile(lines: number, invoices: number): Buffer {
  const out = [':20:BENCH', ':25:/PL83102010260000042270201111', ':28C:1/1', ':60F:C261101PLN0,00'];
  // The parser checks the closing balance against the opening one and the lines.
  let total = 0;
  for (let i = 0; i < lines; i++) {
    const n = 1 + ((i * 7919) % invoices);
    const kind = i % 4;
    const amount = kind === 3 ? 1_234 + i : amountOf(n);
    const title = kind < 2 ? `FV ${n}/11/2026 za transport` : kind === 2 ? `Zaplata NIP ${nipOf(n % 1000)}` : 'Zwrot';
    total += amount;
    out.push(`:61:2611201120C${mt940Amount(amount)}N152NONREF//B${String(i).padStart(8, '0')}`);
    out.push(`:86:020~00PRZELEW PRZYCHODZĄCY~20${title}~27KLIENT ${n % 1000}~38PL61109010140000071219812874`);
  }
  out.push(`:62F:C261130PLN${mt940Amount(total)}`, '-');
  return Buffer.from(out.join('\r\n'), 'utf8');
}

export async function benchStatements(options: { lines: number; invoices: number; pgBase: string | null }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spedycja-bench-statements-'));
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
  const seeded = Date.now();
  await db.db.execute(sql`INSERT INTO customers (company_name, nip, country)
    SELECT 'Klient ' || n, '5' || lpad(n::text, 9, '0'), 'PL' FROM generate_series(0, 999) n`);
  await db.db.execute(sql`INSERT INTO invoices (type, number, number_sort, created_date, sale_date, payment_date,
      vendor_name, vendor_nip, vendor_street_address, vendor_postal_code, vendor_city,
      customer_name, customer_nip, customer_street_address, customer_postal_code, customer_city, customer_id,
      total_gross, due_amount)
    SELECT 'vat', n || '/11/2026', n, '2026-11-01', '2026-11-01', '2026-12-01',
      'Spedycja', '5260250274', 'Długa 1', '00-001', 'Warszawa',
      c.company_name, c.nip, 'Krótka 2', '60-001', 'Poznań', c.id,
      100000 + (n % 9973) * 37, 100000 + (n % 9973) * 37
    FROM generate_series(1, ${options.invoices}) n JOIN customers c ON c.nip = '5' || lpad((n % 1000)::text, 9, '0')`);
  await db.db.execute(sql`ANALYZE`);
  console.log(
    `\n# Bank statement (${db.kind}): ${options.invoices.toLocaleString('en')} open invoices seeded in ${Date.now() - seeded} ms`,
  );
  const app = await buildApp({ config, db: db.db, logger: false });
  await app.ready();
  try {
    const token = (
      await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: ADMIN_PASSWORD } })
    ).json().token as string;
    const file = statementFile(options.lines, options.invoices);
    const upload = multipart({ format: 'mt940' }, { name: 'wyciag.sta', data: file });
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/bank_statements',
      payload: upload.payload,
      headers: { ...upload.headers, authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    });
    const ms = performance.now() - started;
    if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const lines = res.json().lines as { match: { confidence: string } | null }[];
    const count = (c: string | null) => lines.filter((l) => (l.match?.confidence ?? null) === c).length;
    console.log(
      `${options.lines.toLocaleString('en')} lines (${(file.length / 1024).toFixed(0)} kB MT940) read and matched in ` +
        `${ms.toFixed(0)} ms (target ≤ 3000 ms): pewne ${count('pewne')}, do sprawdzenia ${count('do_sprawdzenia')}, ` +
        `brak ${count(null)}`,
    );
  } finally {
    await app.close();
    await db.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
