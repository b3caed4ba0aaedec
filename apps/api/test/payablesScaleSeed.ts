import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../src/db/client.ts';
import type { FakeWhitelist } from './whitelistFake.ts';

/**
 * Issue 38's measure, seeded once for the API test (`payablesBatchScale.test.ts`) and the bench (`bench/payables.ts`):
 * `count` carriers with valid NIPs and accounts, each listed on the fake white list, each with one overdue PLN invoice
 * of 24 600 zł gross (over 15 000 zł, so every account is checked); `background` more invoices of the same carriers,
 * already paid, stand for the rest of the table.
 */

/** `count` different valid Polish NIPs. */
export function validNips(count: number): string[] {
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  const found: string[] = [];
  for (let n = 100_000_000; found.length < count; n += 7919) {
    const digits = String(n).split('').map(Number);
    const check = digits.reduce((sum, d, i) => sum + d * (weights[i] as number), 0) % 11;
    if (check < 10) found.push(`${digits.join('')}${check}`);
  }
  return found;
}

/** A Polish NRB with right check digits (ISO 7064 mod 97 of the BBAN + 'PL00'). */
export function validNrb(seed: number): string {
  const bban = `10205558${String(seed).padStart(16, '0')}`;
  const check = 98n - (BigInt(`${bban}252100`) % 97n);
  return `${String(check).padStart(2, '0')}${bban}`;
}

/** Seeds the carriers and their invoices; answers the IRIs of the `count` invoices to pay. */
export async function seedPayablesBatch(
  database: Database,
  wl: FakeWhitelist,
  count: number,
  background = 0,
): Promise<string[]> {
  const nips = validNips(count);
  const carriers = nips.map((nip, i) => ({ nip, account: validNrb(i + 1) }));
  for (const [i, c] of carriers.entries()) {
    wl.add({ name: `PRZEWOŹNIK ${i}`, nip: c.nip, statusVat: 'Czynny', accountNumbers: [c.account] });
  }
  await database.db.execute(sql`
    INSERT INTO carriers (company_name, nip, country, street_address, postal_code, city)
    SELECT 'Przewoźnik ' || n, (${JSON.stringify(carriers.map((c) => c.nip))}::jsonb ->> (n - 1)), 'PL',
      'ul. Łódzka ' || n, '90-001', 'Łódź'
    FROM generate_series(1, ${count}) n`);
  await database.db.execute(sql`
    INSERT INTO carrier_invoices (carrier_id, number, issue_date, received_date, documents_received_date, currency,
      net_amount, vat_amount, gross_amount, bank_account, payment_term_days, payment_term_from, due_date, due_amount)
    SELECT k.id, 'FV ' || k.id || '/11/2026', current_date - 40, current_date - 38, current_date - 35, 'pln',
      2000000, 460000, 2460000, (${JSON.stringify(carriers.map((c) => c.account))}::jsonb ->> (row_number() OVER (ORDER BY k.id) - 1)::int),
      30, 'documents', current_date - 5, 2460000
    FROM carriers k WHERE k.company_name LIKE 'Przewoźnik %' ORDER BY k.id`);
  const iris = (
    await selectRows<{ uuid: string }>(database.db, sql`SELECT uuid::text FROM carrier_invoices ORDER BY id`)
  ).map((r) => `/api/carrier_invoices/${r.uuid}`);
  if (background > 0) {
    // Older invoices of the same carriers, nothing left due on them.
    await database.db.execute(sql`
      INSERT INTO carrier_invoices (carrier_id, number, issue_date, received_date, documents_received_date, currency,
        net_amount, vat_amount, gross_amount, bank_account, payment_term_days, payment_term_from, due_date, due_amount,
        paid_amount, paid_date)
      SELECT k.id, 'FV ' || k.id || '/' || n || '/2025', current_date - 400 + (n % 300), current_date - 398 + (n % 300),
        current_date - 395 + (n % 300), 'pln', 1000000, 230000, 1230000, NULL, 30, 'documents',
        current_date - 365 + (n % 300), 0, 1230000, current_date - 365 + (n % 300)
      FROM generate_series(1, ${background}) n
      JOIN carriers k ON k.company_name = 'Przewoźnik ' || (1 + n % ${count})`);
  }
  return iris;
}
