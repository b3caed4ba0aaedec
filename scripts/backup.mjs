// `npm run backup` and `npm run restore -- FILE [--force]`: build if the sources changed, then run the backup command
// of the server bundle (apps/api/src/backup/cli.ts), which the production install runs as it is.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './build-state.mjs';
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import(pathToFileURL(path.join(root, 'apps/api/dist/backup.js')).href);
