import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/paths.ts';

const root = path.resolve(apiRoot, '../..');

/** The lines (1-based) the repository's Biome plugins flag in `source`, linted with the plugins biome.json lists. */
function flaggedLines(source: string): number[] {
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8')) as { plugins?: string[] };
  const plugins = (config.plugins ?? []).map((plugin) => path.resolve(root, plugin));
  writeFileSync(
    path.join(dir, 'biome.json'),
    JSON.stringify({ plugins, linter: { enabled: true, rules: { recommended: false } } }),
  );
  writeFileSync(path.join(dir, 'form.tsx'), source);
  const run = spawnSync(path.join(root, 'node_modules/.bin/biome'), ['lint', '--reporter=json', 'form.tsx'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; message: string; location: { start: { line: number } } }[];
  };
  return report.diagnostics
    .filter((d) => d.category === 'plugin' && d.message.includes('state updater'))
    .map((d) => d.location.start.line);
}

const dir = mkdtempSync(path.join(tmpdir(), 'event-in-updater-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the lint of events read inside state updaters (issue 34, scripts/lint/no-event-in-state-updater.grit)', () => {
  it('flags e.currentTarget / e.target read inside an updater passed to a set… call', () => {
    const source = [
      'type E = { currentTarget: { value: string; checked: boolean }; target: { value: string } };',
      'type Set = (update: (previous: { note: string }) => { note: string }) => void;',
      'export const a = (setForm: Set) => (e: E) => setForm((f) => ({ ...f, note: e.currentTarget.value }));',
      'export const b = (setForm: Set) => (e: E) => setForm((f) => { return { ...f, note: e.target.value }; });',
      'export const c = (setForm: Set) => (event: E) => setForm(f => ({ ...f, note: String(event.currentTarget.checked) }));',
      'export const d = (setForm: Set) => (e: E) => setForm(function (f) { return { ...f, note: e.target.value }; });',
      'export const e = (form: { setValues: Set }) => (e: E) => form.setValues((f) => ({ ...f, note: e.target.value }));',
    ].join('\n');
    expect(flaggedLines(source)).toEqual([3, 4, 5, 6, 7]);
  });

  it('lets the value read in the handler, or a plain value passed to the setter, through', () => {
    const source = [
      'type E = { currentTarget: { value: string } };',
      'type Set = (update: { note: string } | ((previous: { note: string }) => { note: string })) => void;',
      'export const a = (setForm: Set) => (e: E) => { const note = e.currentTarget.value; setForm((f) => ({ ...f, note })); };',
      'export const b = (setForm: Set) => (e: E) => setForm({ note: e.currentTarget.value });',
      'export const c = (onChange: (note: string) => void) => (e: E) => onChange(e.currentTarget.value);',
    ].join('\n');
    expect(flaggedLines(source)).toEqual([]);
  });
});
