// `npm test`: domain, API and web unit tests (vitest), then the Playwright walks against the built app.
// API tests run on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './build-state.mjs';
import { ensureBuild } from './ensure-build.mjs';

const reportDir = mkdtempSync(path.join(tmpdir(), 'spedycja-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(label, projects) {
  const report = path.join(reportDir, `${label}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  console.log(`\n=== ${label}: vitest ${projects.join(', ')}`);
  const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: process.env });
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
  return result.status === 0;
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: API tests run on PGlite only.');
}
let ok = run('unit-and-api', ['domain', 'api', 'web']);
ensureBuild();
ok = run('e2e', ['e2e']) && ok;

console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(ok && totals.failed === 0 ? 0 : 1);
