// Import cycles among the repository's own modules (relative imports, type-only ones included): `node
// scripts/import-cycles.mjs` prints them and exits 1 (part of `npm run lint`); `apps/api/test/importCycles.test.ts`
// runs it too. A cycle makes the order of module evaluation matter and a change of one file ripple into the other.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCE_ROOTS = ['apps/api/src', 'apps/api/bench', 'apps/web/src', 'packages/domain/src'];
/**
 * Cycles kept on purpose. The drizzle schemas of queries and orders refer to each other's key (a converted query names
 * its order and the order its query); drizzle resolves such references lazily, which is what it is designed for.
 */
export const ALLOWED = [['apps/api/src/db/schema/orders.ts', 'apps/api/src/db/schema/queries.ts']];

const IMPORT_RE =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mjs|js)$/.test(name) && !/\.d\.ts$/.test(name)) out.push(full);
  }
  return out;
}

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every cycle of the import graph (each as the files on it, from its smallest name), allowed ones left out. */
export function findCycles(roots = SOURCE_ROOTS) {
  const graph = new Map();
  for (const root of roots) {
    for (const file of sourceFiles(path.join(repository, root))) {
      const text = readFileSync(file, 'utf8');
      const targets = new Set();
      for (const m of text.matchAll(IMPORT_RE)) {
        const target = resolve(file, m[1] ?? m[2]);
        if (target) targets.add(path.relative(repository, target));
      }
      graph.set(path.relative(repository, file), [...targets]);
    }
  }
  // Tarjan's strongly connected components: a component of more than one file is a cycle.
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (v) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  const allowed = new Set(ALLOWED.map((c) => [...c].sort().join(' ')));
  return components.filter((c) => !allowed.has(c.join(' ')));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = findCycles();
  for (const cycle of cycles) console.error(`import cycle: ${cycle.join(' ↔ ')}`);
  if (cycles.length > 0) process.exit(1);
  console.log('no import cycles');
}
