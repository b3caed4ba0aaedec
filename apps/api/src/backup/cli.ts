import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/client.ts';
import { DataDirInUseError, lockHolder } from '../db/lock.ts';
import { restoreFiles } from '../files/backup.ts';
import { requestServerBackup } from './control.ts';
import { RestoreError, restoreBackup } from './restore.ts';
import { backupNow } from './schedule.ts';

/**
 * `npm run backup`: a backup of the configured database into BACKUP_DIR (through the running server when it has the
 * embedded database open). `npm run restore -- FILE [--force]`: a backup into the configured database.
 */

const USAGE = 'usage: npm run backup | npm run restore -- FILE [--force]';

async function backup() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const server = lockHolder(config.dataDir)?.server;
    if (server) {
      const file = await requestServerBackup(server);
      console.log(`Backup written by the running server: ${file}`);
      return;
    }
    if (!existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'))) {
      throw new RestoreError(`There is no database in ${config.dataDir} to back up (set DATA_DIR or DATABASE_URL).`);
    }
  }
  const database = await openDb({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const file = await backupNow(database, config);
    console.log(`Backup written: ${file}`);
  } finally {
    await database.close();
  }
}

async function restore(args: string[]) {
  const force = args.includes('--force');
  const [file, ...rest] = args.filter((a) => a !== '--force');
  if (!file || rest.length > 0) throw new RestoreError(USAGE);
  const config = loadConfig();
  const result = await restoreBackup({
    // npm runs scripts from the repository's root; a relative path is meant from where the user typed it.
    file: path.resolve(process.env.INIT_CWD ?? process.cwd(), file),
    force,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    backupDir: config.backup.dir,
  });
  console.log(`Restored ${file} into ${result.target}.`);
  if (!config.files.s3) {
    const files = await restoreFiles({ filesDir: config.files.dir, backupDir: path.dirname(path.resolve(file)) });
    if (files > 0) console.log(`Restored ${files} uploaded files into ${config.files.dir}.`);
  }
  if (result.kept) console.log(`What was there before is kept in ${result.kept}.`);
}

const [command, ...args] = process.argv.slice(2);
try {
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore(args);
  else throw new RestoreError(USAGE);
} catch (error) {
  const known = error instanceof RestoreError || error instanceof DataDirInUseError;
  console.error(known ? error.message : error);
  process.exit(1);
}
