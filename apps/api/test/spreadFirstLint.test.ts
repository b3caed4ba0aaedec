import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/paths.ts';

const root = path.resolve(apiRoot, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'spread-first-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The lines (1-based) the spread-first plugin flags in `source`, as a file at `relative` (the plugin reads the path). */
function flaggedLines(source: string, relative: string): number[] {
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8')) as { plugins?: string[] };
  const plugins = (config.plugins ?? []).map((plugin) => path.resolve(root, plugin));
  writeFileSync(
    path.join(dir, 'biome.json'),
    JSON.stringify({ plugins, linter: { enabled: true, rules: { recommended: false } } }),
  );
  mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
  writeFileSync(path.join(dir, relative), source);
  const run = spawnSync(path.join(root, 'node_modules/.bin/biome'), ['lint', '--reporter=json', relative], {
    cwd: dir,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; message: string; location: { start: { line: number } } }[];
  };
  return report.diagnostics
    .filter((d) => d.category === 'plugin' && d.message.includes('begins with a spread'))
    .map((d) => d.location.start.line);
}

const rows = [
  'const rows = [{ a: 1 }];',
  'export const a = rows.map((r) => ({ ...r, b: 2 }));',
  'export const b = rows.map((r) => ({ ...r, ...r }));',
  'export const c = rows.map((r) => Object.assign({}, r, { b: 2 }));',
  'export const d = rows.map((r) => ({ b: 2, ...r }));',
  'export const e = { ...rows[0], b: 2 };',
].join('\n');

describe('the lint of per-row object literals that begin with a spread (issue 35, scripts/lint/no-spread-first.grit)', () => {
  it("flags them in the server's code, and lets Object.assign, a spread last and a literal outside a map through", () => {
    expect(flaggedLines(rows, 'apps/api/src/rows.ts')).toEqual([2, 3]);
    expect(flaggedLines(rows, 'packages/domain/src/rows.ts')).toEqual([2, 3]);
  });

  it('leaves the web app and the tests alone (a browser, not Node 20, runs the one; the others run once)', () => {
    expect(flaggedLines(rows, 'apps/web/src/rows.ts')).toEqual([]);
    expect(flaggedLines(rows, 'apps/api/src/rows.test.ts')).toEqual([]);
  });
});
