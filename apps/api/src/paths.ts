import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The api package root, found from this file whether it runs from src/ or from the dist bundle. */
function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === '@spedycja/api') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @spedycja/api package root');
    dir = parent;
  }
}

export const apiRoot = findPackageRoot();
export const migrationsFolder = path.join(apiRoot, 'drizzle');
export const defaultWebDist = path.resolve(apiRoot, '../web/dist');
