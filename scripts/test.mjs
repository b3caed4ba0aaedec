// `npm test`: domain, API and web unit tests (vitest) and, at the same time, the Playwright walks against the built
// app. API tests run on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
//
// The two halves run side by side: the walks mostly wait for a browser and a server, the unit and API tests often for
// their databases and child processes; one after the other they took 12–24 minutes on CI's 2-core machine, side by side
// about four fifths of that (12 min 40 s → 9 min 45 s–11 min here), but see `serial` below.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './build-state.mjs';
import { ensureBuild } from './ensure-build.mjs';

const reportDir = mkdtempSync(path.join(tmpdir(), 'spedycja-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
// One after the other by default: side by side, a loaded machine answers some walks and API tests late enough to fail
// them, and on a slow day it is no faster (2026-11-28 morning: 18 min 49 s side by side with two hang guards hit,
// 18 min 5 s one after the other). `--parallel` runs them side by side (about a fifth faster on a quiet machine).
const serial = !process.argv.includes('--parallel');

/** Runs vitest on the projects; with a prefix, its output lines carry it (two runs print side by side). */
function run(label, projects, prefix) {
  const report = path.join(reportDir, `${label}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  console.log(`\n=== ${label}: vitest ${projects.join(', ')}`);
  const child = spawn('npx', args, {
    cwd: root,
    stdio: ['ignore', prefix ? 'pipe' : 'inherit', 'inherit'],
    env: process.env,
  });
  if (prefix && child.stdout) {
    let rest = '';
    child.stdout.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    child.stdout.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      try {
        const json = JSON.parse(readFileSync(report, 'utf8'));
        totals.passed += json.numPassedTests;
        totals.failed +=
          json.numFailedTests +
          (json.numTotalTestSuites > 0 && json.success === false && json.numFailedTests === 0 ? 1 : 0);
        totals.skipped += json.numPendingTests + json.numTodoTests;
      } catch {
        totals.failed += 1;
      }
      console.log(`\n=== ${label}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
      resolve(code === 0);
    });
  });
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: API tests run on PGlite only.');
}
// The build first (20 s): the walks need it, and beside the API tests it would slow them as much as it waits for them.
ensureBuild();
const results = serial
  ? [await run('unit-and-api', ['domain', 'api', 'web']), await run('e2e', ['e2e'])]
  : await Promise.all([run('unit-and-api', ['domain', 'api', 'web']), run('e2e', ['e2e'], '[walks] ')]);
const ok = results.every(Boolean);

console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(ok && totals.failed === 0 ? 0 : 1);
