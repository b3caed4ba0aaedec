import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { paths } from '../src/app/paths.ts';
import { panelEntry, portalEntry, publicEntry, routeBudgetsKb, staffEntry, trackEntry } from './routeBudgets.ts';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

export type RouteSize = {
  /** The page module's name (src/app/pages/LoginRoute.tsx → LoginRoute), or the entry's HTML file. */
  page: string;
  /** The route paths that load it (router.tsx; the public entry's own). */
  routes: string[];
  /** The JavaScript files a first visit loads (entry, the layout for staff pages, page, and what they import). */
  files: string[];
  gzipBytes: number;
  /** What the page loads later, as it is used (its lazy parts: filters, forms, the notifications), not other pages. */
  lazyFiles: string[];
  lazyGzipBytes: number;
  limitKb?: number;
};

const PAGES_DIR = 'src/app/pages/';
const ROUTER = 'src/app/router.tsx';

export const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Every file a chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

/** Route paths per page module, read from the router's `path: paths.x, lazy: () => import('./pages/X.tsx')…`. */
export function routesByPage(routerSource: string): Map<string, string[]> {
  const byPage = new Map<string, string[]>();
  const pattern = /path:\s*paths\.(\w+),\s*lazy:\s*\(\)\s*=>\s*import\('\.\/pages\/(\w+)\.tsx'\)/g;
  for (const [, key, page] of routerSource.matchAll(pattern)) {
    const route = paths[key as keyof typeof paths] ?? key;
    byPage.set(page as string, [...(byPage.get(page as string) ?? []), route]);
  }
  return byPage;
}

export const STAFF_MANIFEST = '.vite/manifest.json';
export const PUBLIC_MANIFEST = '.vite/manifest-public.json';
export const PORTAL_MANIFEST = '.vite/manifest-portal.json';
export const TRACK_MANIFEST = '.vite/manifest-track.json';
export const PANEL_MANIFEST = '.vite/manifest-panel.json';

/** The gzipped JavaScript of a first visit to each route of one build (its manifest) of the app in `distDir`. */
export function routeSizesOf(manifestFile: string, distDir: string, webRoot: string): RouteSize[] {
  const manifest: Manifest = JSON.parse(readFileSync(path.join(distDir, manifestFile), 'utf8'));
  const routes = routesByPage(readFileSync(path.join(webRoot, ROUTER), 'utf8'));
  const sizeOf = new Map<string, number>();
  const sized = (file: string) => {
    if (!sizeOf.has(file)) sizeOf.set(file, gzipBytes(path.join(distDir, file)));
    return sizeOf.get(file) as number;
  };
  const isPage = (key: string) => key.startsWith(PAGES_DIR) || key === staffEntry.layout;
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const measure = (page: string, pageRoutes: string[], keys: string[]): RouteSize => {
    const files = new Set<string>();
    for (const key of keys) staticClosure(manifest, key, files);
    const list = [...files].filter((f) => f.endsWith('.js'));
    // The lazy parts: dynamic imports of the loaded chunks (and of theirs), other pages left out.
    const lazy = new Set<string>();
    const pending = [...files].map((f) => keyOf.get(f)).filter((k): k is string => !!k);
    const seen = new Set(pending);
    while (pending.length) {
      for (const dynamic of manifest[pending.pop() as string]?.dynamicImports ?? []) {
        if (isPage(dynamic) || seen.has(dynamic)) continue;
        seen.add(dynamic);
        pending.push(dynamic);
        const more = new Set<string>();
        staticClosure(manifest, dynamic, more);
        for (const file of more) {
          if (files.has(file)) continue;
          lazy.add(file);
          const key = keyOf.get(file);
          if (key && !seen.has(key)) {
            seen.add(key);
            pending.push(key);
          }
        }
      }
    }
    const lazyList = [...lazy].filter((f) => f.endsWith('.js'));
    const limits = pageRoutes.map((r) => routeBudgetsKb[r]).filter((l): l is number => l !== undefined);
    return {
      page,
      routes: pageRoutes,
      files: list,
      gzipBytes: list.reduce((sum, f) => sum + sized(f), 0),
      lazyFiles: lazyList,
      lazyGzipBytes: lazyList.reduce((sum, f) => sum + sized(f), 0),
      limitKb: limits.length ? Math.min(...limits) : undefined,
    };
  };
  const sizes: RouteSize[] = [];
  for (const entry of [publicEntry, portalEntry, trackEntry, panelEntry]) {
    if (manifest[entry.html]?.isEntry) sizes.push(measure(entry.html, entry.routes, [entry.html]));
  }
  if (manifest[staffEntry.html]?.isEntry) {
    sizes.push(measure(staffEntry.html, staffEntry.routes, [staffEntry.html]));
    for (const key of Object.keys(manifest)) {
      if (!key.startsWith(PAGES_DIR) || !manifest[key]?.isDynamicEntry) continue;
      const page = path.basename(key).replace(/\.tsx?$/, '');
      sizes.push(measure(page, routes.get(page) ?? [], [staffEntry.html, staffEntry.layout, key]));
    }
  }
  return sizes.sort((a, b) => a.gzipBytes - b.gzipBytes);
}

/** Every route of the built app: the staff app's build and the public pages'. */
export function routeSizes(distDir: string, webRoot: string): RouteSize[] {
  return [STAFF_MANIFEST, PUBLIC_MANIFEST, PORTAL_MANIFEST, TRACK_MANIFEST, PANEL_MANIFEST]
    .filter((manifest) => existsSync(path.join(distDir, manifest)))
    .flatMap((manifest) => routeSizesOf(manifest, distDir, webRoot))
    .sort((a, b) => a.gzipBytes - b.gzipBytes);
}

export const overLimit = (r: RouteSize) => r.limitKb !== undefined && r.gzipBytes > r.limitKb * 1000;

export function formatRouteSizes(sizes: RouteSize[]): string {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const lines = sizes.map((r) => {
    const label = (r.routes.length ? r.routes.join(', ') : '—').padEnd(44);
    const lazy = `+ ${kb(r.lazyGzipBytes)}`.padStart(11);
    const limit = r.limitKb === undefined ? '' : `  limit ${r.limitKb} kB${overLimit(r) ? '  OVER THE LIMIT' : ''}`;
    return `  ${label} ${r.page.padEnd(16)} ${kb(r.gzipBytes).padStart(9)} ${lazy}${limit}`;
  });
  return [
    'JavaScript per route, gzip: a first visit (staff pages include the drawer) + its lazy parts, loaded as used:',
    ...lines,
  ].join('\n');
}

/** Prints each route's JavaScript after `vite build` (the e2e bundle-size test enforces the limits). */
export function routeSizesPlugin(): Plugin {
  let webRoot = '';
  let manifest = STAFF_MANIFEST;
  return {
    name: 'spedycja-route-sizes',
    apply: 'build',
    configResolved(config) {
      webRoot = config.root;
      if (typeof config.build.manifest === 'string') manifest = config.build.manifest;
    },
    writeBundle(options) {
      const sizes = routeSizesOf(manifest, options.dir ?? path.join(webRoot, 'dist'), webRoot);
      console.log(`\n${formatRouteSizes(sizes)}\n`);
    },
  };
}
