import pg from 'pg';
import { type Database, openDb } from '../src/db/client.ts';

/**
 * A migrated database of its own for one bench case: in memory (PGlite) without `pgBase`, else a new PostgreSQL
 * database on that server named `bench_{prefix}_…`, dropped by `drop()`.
 */
export async function scratchDatabase(
  pgBase: string | null,
  prefix: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!pgBase) {
    const database = await openDb({ dataDir: 'memory://' });
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const name = `bench_${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  const database = await openDb({ url: url.toString(), poolSize: 4 });
  await database.migrate();
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: pgBase });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
