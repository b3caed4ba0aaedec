import type { DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

/** Every setting as a key → value map (the company data and clauses on documents). */
export async function readAllSettings(db: DbOrTx): Promise<Record<string, string | null>> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
