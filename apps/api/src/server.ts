import { buildApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/client.ts';

/** Entry: config, database, migrations, first admin, listen, graceful shutdown. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  const database = await openDb({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const firstAdmin = await bootstrap(database.db, config);
  const app = await buildApp({ config, db: database.db });
  await app.listen({ port: config.port, host: config.host });

  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  const url = `http://localhost:${config.port}`;
  console.log(`\nSpedycja is ready at ${url} (database: ${where}; started in ${Date.now() - started} ms)`);
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
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
