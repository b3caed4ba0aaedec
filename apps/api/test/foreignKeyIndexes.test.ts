import { describe, expect, it } from 'vitest';
import { freshDatabase } from './helpers.ts';

/**
 * Deleting a record runs each foreign key's action (SET NULL, CASCADE, or the RESTRICT check) on every table that
 * points at it, and without an index that leads with the key's column that is a read of the whole table per deleted
 * row: deleting a thousand orders at 1,000,000 rows took over 13 minutes (queries.order_uuid) before 0072. Every
 * foreign key to a table that grows with the office's work must have one. Keys to the users and to small tables
 * (settings-like, one row per batch or statement) are exempt: a user is deleted by an administrator now and then.
 */
const GROWING = new Set([
  'orders',
  'queries',
  'customers',
  'carriers',
  'invoices',
  'carrier_invoices',
  'tasks',
  'offers',
  'payments',
  'order_documents',
  'portal_links',
  'received_invoices',
  'bank_statement_lines',
]);

describe('foreign keys', () => {
  it('to the tables that grow with the work each have an index leading with their column', async () => {
    const database = await freshDatabase('pglite');
    const client = (database.db as unknown as { $client: { query: (t: string) => Promise<{ rows: unknown[] }> } })
      .$client;
    try {
      const { rows } = await client.query(`
        SELECT c.conrelid::regclass::text AS "table", a.attname AS "column", c.confrelid::regclass::text AS "target"
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f'
          AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1])
        ORDER BY 1, 2`);
      const all = rows as { table: string; column: string; target: string }[];
      // The query itself finds a key without an index (not vacuously empty): the users' keys are such.
      expect(all.some((k) => k.target === 'users')).toBe(true);
      const missing = all.filter((k) => GROWING.has(k.target)).map((k) => `${k.table}.${k.column} → ${k.target}`);
      expect(missing).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
