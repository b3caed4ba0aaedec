// Builds the web app and the server bundle when a source is newer than the last build.
import { execSync } from 'node:child_process';
import { buildIsStale, markBuilt, root } from './build-state.mjs';

export function ensureBuild() {
  if (!buildIsStale()) return;
  console.log('Building the app…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  markBuilt();
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
