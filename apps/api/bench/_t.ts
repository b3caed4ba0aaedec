import pg from 'pg';
import { bootstrap } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/client.ts';
import { seedDemo } from '../src/seed/demo.ts';

const a = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres');
await a.connect();
await a.query('DROP DATABASE IF EXISTS seedt WITH (FORCE)');
await a.query('CREATE DATABASE seedt');
await a.end();
const d = await openDb({ url: 'postgres://postgres@127.0.0.1:5432/seedt' });
await d.migrate();
await bootstrap(
  d.db,
  loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp', JWT_SECRET: 'x'.repeat(40), ADMIN_PASSWORD: 'admin12345' }),
);
console.log(await seedDemo(d.db, { scale: 100000 }));
await d.db.execute('ANALYZE' as never);
await d.close();
