import { buildApp } from './app.ts';
import { backupControlRoutes } from './backup/control.ts';
import { backupNow, scheduleBackups } from './backup/schedule.ts';
import { bootstrap } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/client.ts';
import { warmGazetteer } from './integrations/geo/gazetteer.ts';
import { gracefulShutdown } from './lifecycle.ts';
import { loopbackUrl, officeUrls } from './network.ts';

/** Entry: config, database, migrations, first admin, listen, nightly backups, graceful shutdown. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  const database = await openDb({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const firstAdmin = await bootstrap(database.db, config);
  const app = await buildApp({ config, db: database.db });
  // `npm run backup` asks this process for the embedded database's backup (it cannot open the folder itself).
  let controlToken: string | null = null;
  await app.register(backupControlRoutes, {
    controlToken: () => controlToken,
    backup: () => backupNow(database, config),
  });
  warmGazetteer();
  await app.listen({ port: config.port, host: config.host });

  const protocol = config.tls ? 'https' : 'http';
  const urls = officeUrls(protocol, config.host, config.port);
  if (database.lock) {
    controlToken = database.lock.announceServer(
      urls[0] ?? '',
      loopbackUrl(protocol, config.host, config.port),
    ).controlToken;
  }
  const backups = scheduleBackups(database, config, app.log);

  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(
    `\nSpedycja is ready at ${urls[0]} (database: ${where}; started in ${Date.now() - started} ms)` +
      (urls.length > 1 ? `\nColleagues open: ${urls.slice(1).join('  ')}` : ''),
  );
  if (backups.nextRun) console.log(`Next backup: ${backups.nextRun.toISOString()} into ${config.backup.dir}`);
  if (!config.publicUrlSet) {
    console.log(
      'PUBLIC_URL is not set: links in e-mails use the address each request reached the app at. Set PUBLIC_URL to the address colleagues and carriers use.',
    );
  }
  if (firstAdmin) {
    console.log(`First administrator created. Login: ${firstAdmin.username}`);
    if (firstAdmin.generated) console.log(`Generated password (shown only this once): ${firstAdmin.password}`);
    else console.log('Password: the value of ADMIN_PASSWORD');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const clean = await gracefulShutdown({ app, database, backups, log: app.log });
    process.exit(clean ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // A second process on the same data folder, a bad configuration: the message says what to do.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
