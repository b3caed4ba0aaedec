// `npm start`: build if the sources changed, then run the server (embedded PGlite unless DATABASE_URL is set).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './build-state.mjs';
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);
