import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../src/paths.ts';

describe('the import graph', () => {
  it('has no cycle among the repository’s modules (scripts/import-cycles.mjs)', () => {
    const root = path.resolve(apiRoot, '../..');
    const run = spawnSync('node', [path.join(root, 'scripts/import-cycles.mjs')], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
