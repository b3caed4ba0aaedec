// Whether the built app (apps/web/dist, apps/api/dist) is older than its sources.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'apps/api/dist/.build-stamp');
const sources = [
  'packages/domain/src',
  'apps/api/src',
  'apps/api/drizzle',
  'apps/api/build.mjs',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public.html',
  'apps/web/portal.html',
  'apps/web/build',
  'apps/web/vite.config.ts',
  'package-lock.json',
];

function newest(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let max = info.mtimeMs;
  for (const entry of readdirSync(target)) max = Math.max(max, newest(path.join(target, entry)));
  return max;
}

export function buildIsStale() {
  if (!existsSync(stamp) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) return true;
  const built = statSync(stamp).mtimeMs;
  return sources.some((s) => newest(path.join(root, s)) > built);
}

export function markBuilt() {
  writeFileSync(stamp, new Date().toISOString());
}
