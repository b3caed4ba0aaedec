import { sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client.ts';

/**
 * The name keys (f_party_name_key, migration 0054) of names, as the database computes them for its index, remembered
 * across chunks and imports: the function is IMMUTABLE (an index is built on it), so a name's key never changes, and
 * its regular expressions cost some 50 µs a name, which an import of orders paid again for the same parties in each
 * chunk (100,000 orders: 10 s of the run and 10 s of the check).
 */
const known = new Map<string, string | null>();
const KEEP = 200_000;

export async function nameKeys(db: DbOrTx, names: Iterable<string>): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  const missing = new Set<string>();
  for (const name of names) {
    const key = known.get(name);
    if (key !== undefined) out.set(name, key);
    else missing.add(name);
  }
  if (missing.size === 0) return out;
  // The names as one JSON parameter: a statement of one placeholder, whatever the count.
  const rows = await selectRows<{ n: string; k: string | null }>(
    db,
    sql`SELECT v.n, f_party_name_key(v.n) AS k FROM jsonb_array_elements_text(${JSON.stringify([...missing])}::jsonb) AS v(n)`,
  );
  if (known.size + rows.length > KEEP) known.clear();
  for (const { n, k } of rows) {
    known.set(n, k);
    out.set(n, k);
  }
  return out;
}
