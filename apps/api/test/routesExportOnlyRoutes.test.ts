import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../src/paths.ts';

// Issue 22: a routes file is where requests come in, never something other modules read from. Filters, JSON shapes,
// hooks' types and helpers live in the module's repository/serialiser/service files, so importing them does not pull
// in a plugin (and its imports) and the import graph keeps one direction.

type Exported = { name: string; kind: string };

/**
 * The top-level exports of a TypeScript source, read from its text: biome formats every top-level statement from
 * column 0, so a line that starts with `export` is one (declarations, lists, re-exports, default).
 */
function exportsOf(source: string): Exported[] {
  const found: Exported[] = [];
  const declaration =
    /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(function\*?|const|let|var|abstract\s+class|class|type|interface|enum|namespace)\s+([A-Za-z_$][\w$]*)/gm;
  for (const [, kind = '', name = ''] of source.matchAll(declaration))
    found.push({ kind: kind.replace(/\s+/g, ' '), name });
  for (const [, typeOnly, list = ''] of source.matchAll(/^export\s+(type\s+)?\{([^}]*)\}/gm)) {
    for (const part of list.split(',')) {
      const spec = part.trim();
      if (!spec) continue;
      const isType = Boolean(typeOnly) || spec.startsWith('type ');
      const name =
        spec
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .at(-1) ?? spec;
      found.push({ kind: isType ? 'type' : 'binding', name });
    }
  }
  for (const _ of source.matchAll(/^export\s+(?:type\s+)?\*/gm)) found.push({ kind: 're-export', name: '*' });
  // `export default <expression>` (a declaration with a name was read above).
  for (const _ of source.matchAll(/^export\s+default\s+(?!(?:async\s+)?(?:function|class|abstract)\b)/gm)) {
    found.push({ kind: 'default', name: 'default' });
  }
  return found;
}

/** Why a routes file's exports break the rule, one line per offending symbol (empty when it exports one plugin). */
function routesFileProblems(file: string, source: string): string[] {
  const exported = exportsOf(source);
  const isPlugin = (e: Exported) => /Routes$/.test(e.name) && ['function', 'const'].includes(e.kind);
  const problems = exported
    .filter((e) => !isPlugin(e))
    .map((e) => `${file} exports ${e.name} (${e.kind}); a routes file exports only its …Routes plugin`);
  const plugins = exported.filter(isPlugin);
  if (plugins.length === 0) problems.push(`${file} exports no …Routes plugin`);
  if (plugins.length > 1) problems.push(`${file} exports ${plugins.length} plugins: ${plugins.map((e) => e.name)}`);
  return problems;
}

const modulesDir = path.join(apiRoot, 'src/modules');
const routesFiles = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => path.join(modulesDir, d.name, 'routes.ts'))
  .filter((file) => existsSync(file));

describe('routes files', () => {
  it('each export exactly one …Routes plugin and nothing else', () => {
    expect(routesFiles.length).toBeGreaterThan(20);
    const problems = routesFiles.flatMap((file) =>
      routesFileProblems(path.relative(path.resolve(apiRoot, '../..'), file), readFileSync(file, 'utf8')),
    );
    expect(problems).toEqual([]);
  });

  it('the check reads every kind of export', () => {
    const source = [
      'import { x } from "./x.ts";',
      'export async function fooRoutes() {}',
      'export const bar = 1;',
      'export type Baz = string;',
      'export interface Qux {}',
      'export function helper<T>(t: T) { return t; }',
      'export {',
      '  one,',
      '  two as three,',
      '  type Four,',
      '};',
      'export type { Five } from "./five.ts";',
      'export * from "./all.ts";',
      'export default 42;',
      '/**',
      ' * export const notAnExport = 1;',
      ' */',
      '  export const indented = 1;',
    ].join('\n');
    expect(exportsOf(source).map((e) => e.name)).toEqual([
      'fooRoutes',
      'bar',
      'Baz',
      'Qux',
      'helper',
      'one',
      'three',
      'Four',
      'Five',
      '*',
      'default',
    ]);
    expect(routesFileProblems('x/routes.ts', 'export const xRoutes = plugin;\n')).toEqual([]);
    expect(routesFileProblems('x/routes.ts', 'export type xRoutes = 1;\n')).toEqual([
      'x/routes.ts exports xRoutes (type); a routes file exports only its …Routes plugin',
      'x/routes.ts exports no …Routes plugin',
    ]);
  });
});
