import { bootstrap } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/client.ts';
import { DataDirInUseError } from '../db/lock.ts';
import { createFileStore } from '../files/index.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

/** `npm run seed:demo [-- --scale N]`: demo data into the configured database (DATA_DIR or DATABASE_URL). */
const scaleArg = process.argv.indexOf('--scale');
const scale = scaleArg > 0 ? Number(process.argv[scaleArg + 1]) : 0;
const config = loadConfig();
const database = await openDb({ url: config.databaseUrl, dataDir: config.dataDir }).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  // The embedded database has one owner: seeding beside a running server would write where the server never looks.
  console.error(
    error.holder.server
      ? `The Spedycja server (${error.holder.server.url}, pid ${error.holder.pid}) has the database in ${config.dataDir} ` +
          'open. Stop it (Ctrl+C in its window, or stop its service), run `npm run seed:demo` again, then start it; ' +
          'nothing was changed.'
      : `${error.message} Nothing was changed.`,
  );
  process.exit(1);
});
await database.migrate();
const admin = await bootstrap(database.db, config);
if (admin?.generated) console.log(`First administrator: ${admin.username} / ${admin.password}`);
const report = await seedDemo(database.db, { scale, files: createFileStore(config) });
await database.close();
console.log('Demo data added:', report);
console.log(`Demo dispatchers log in with the password: ${DEMO_PASSWORD} (e.g. anowak)`);
