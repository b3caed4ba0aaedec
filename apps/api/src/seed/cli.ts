import { bootstrap } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/client.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

/** `npm run seed:demo [-- --scale N]`: demo data into the configured database (DATA_DIR or DATABASE_URL). */
const scaleArg = process.argv.indexOf('--scale');
const scale = scaleArg > 0 ? Number(process.argv[scaleArg + 1]) : 0;
const config = loadConfig();
const database = await openDb({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const admin = await bootstrap(database.db, config);
if (admin?.generated) console.log(`First administrator: ${admin.username} / ${admin.password}`);
const report = await seedDemo(database.db, { scale });
await database.close();
console.log('Demo data added:', report);
console.log(`Demo dispatchers log in with the password: ${DEMO_PASSWORD} (e.g. anowak)`);
