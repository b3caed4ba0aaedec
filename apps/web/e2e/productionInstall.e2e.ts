import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The Dockerfile's runtime stage, run here as far as this machine can without Docker: the same files copied, its
 * `npm ci --omit=dev …` line, then its CMD started on PostgreSQL (TEST_DATABASE_URL's server; PGlite without one). So
 * the production image cannot quietly rot: a runtime dependency left in devDependencies, a file the server needs but
 * the image lacks, a start that only works from the sources.
 */

const root = path.resolve(import.meta.dirname, '../../..');

type RuntimeStage = { copies: [string, string][]; builtCopies: [string, string][]; install: string; cmd: string[] };

/** The runtime stage of the Dockerfile: its COPY lines (from the context and from the build stage), npm ci and CMD. */
function runtimeStage(): RuntimeStage {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const stages = dockerfile.split(/^FROM /m);
  const runtime = stages.find((s) => /\bAS runtime\b/i.test(s.split('\n')[0] ?? ''));
  if (!runtime) throw new Error('the Dockerfile has no "AS runtime" stage');
  const lines = runtime.split('\n').map((l) => l.trim());
  const copies: [string, string][] = [];
  const builtCopies: [string, string][] = [];
  for (const line of lines) {
    const m = line.match(/^COPY\s+(--from=\w+\s+)?(\S+(?:\s+\S+)*)\s+(\S+)$/);
    if (!m) continue;
    const sources = (m[2] as string).split(/\s+/);
    const dest = m[3] as string;
    for (const source of sources) {
      const from = m[1] ? source.replace(/^\/app\//, '') : source;
      const to = dest.endsWith('/') ? path.join(dest, path.basename(from)) : dest === './' ? from : dest;
      (m[1] ? builtCopies : copies).push([from, to]);
    }
  }
  const install = lines
    .find((l) => /^RUN npm ci\b/.test(l))
    ?.replace(/^RUN /, '')
    .split('&&')[0]
    ?.trim();
  const cmd = lines.find((l) => l.startsWith('CMD '));
  if (!install || !cmd) throw new Error('the runtime stage has no "RUN npm ci" or no CMD');
  return { copies, builtCopies, install, cmd: JSON.parse(cmd.slice(4)) as string[] };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

describe('the production install (the Dockerfile runtime stage)', () => {
  const app = mkdtempSync(path.join(tmpdir(), 'spedycja-production-'));
  let server: ChildProcess | undefined;
  let database: string | undefined;
  const base = process.env.TEST_DATABASE_URL;

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    rmSync(app, { recursive: true, force: true });
    if (base && database) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('installs without dev dependencies and serves the app and the API from the built files', async () => {
    const stage = runtimeStage();
    for (const [from, to] of stage.copies) {
      mkdirSync(path.dirname(path.join(app, to)), { recursive: true });
      cpSync(path.join(root, from), path.join(app, to), { recursive: true });
    }
    // Offline from npm's cache where it can (CI's `npm ci` has just filled it): the test measures the image's
    // install, not the network.
    execSync(`${stage.install} --prefer-offline`, { cwd: app, stdio: 'pipe', timeout: 240_000 });
    for (const dev of ['vite', 'vitest', 'tsx', 'esbuild', 'react', 'drizzle-kit']) {
      expect(existsSync(path.join(app, 'node_modules', dev)), `${dev} is a dev dependency`).toBe(false);
    }
    for (const [from, to] of stage.builtCopies) cpSync(path.join(root, from), path.join(app, to), { recursive: true });

    let databaseEnv: Record<string, string> = { DATABASE_URL: '', DATA_DIR: path.join(app, 'data') };
    if (base) {
      database = `prod_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
      const url = new URL(base);
      url.pathname = `/${database}`;
      databaseEnv = { DATABASE_URL: url.toString(), DATA_DIR: path.join(app, 'data') };
    }
    const port = await freePort();
    const [command, ...args] = stage.cmd;
    server = spawn(command === 'node' ? process.execPath : (command as string), args, {
      cwd: app,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        JWT_SECRET: 'production-install-test-secret-0123456789',
        ADMIN_PASSWORD: 'production-admin-1',
        LOG_LEVEL: 'warn',
        ...databaseEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => server?.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready in 60 s: ${output}`)), 60_000);
      const read = (b: Buffer) => {
        output += b.toString();
        if (output.includes('Spedycja is ready')) {
          clearTimeout(timer);
          resolve();
        }
      };
      server?.stdout?.on('data', read);
      server?.stderr?.on('data', read);
      void exited.then((code) => reject(new Error(`the server exited with ${code}: ${output}`)));
    });
    expect(output).toContain(base ? 'database: PostgreSQL' : 'database: PGlite');

    const url = `http://127.0.0.1:${port}`;
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'production-admin-1' }),
    });
    expect(login.status).toBe(200);
    for (const page of ['/login', '/']) {
      const html = await fetch(`${url}${page}`);
      expect(html.status, page).toBe(200);
      const script = (await html.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
      const asset = await fetch(`${url}${script}`, { headers: { 'accept-encoding': 'br' } });
      expect(asset.headers.get('content-encoding'), page).toBe('br');
    }

    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 300_000);
});
