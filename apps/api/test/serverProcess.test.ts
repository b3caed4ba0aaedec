import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockHolder } from '../src/db/lock.ts';
import { apiRoot } from '../src/paths.ts';
import { ADMIN } from './helpers.ts';

/**
 * The server as a process, on the embedded database: it prints where colleagues reach it, owns its data folder (a
 * second process stops with a clear message and changes nothing), makes a backup when `npm run backup` asks it, and
 * stops cleanly on SIGTERM.
 */

const tsx = (script: string, env: Record<string, string>, args: string[] = []) =>
  spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: apiRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** Runs a command to its end: exit code and everything it printed. */
function finish(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (b: Buffer) => {
    output += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    output += b.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
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

describe('the server process on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spedycja-process-'));
  let server: ChildProcess | undefined;
  afterAll(() => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
  });

  it('prints its addresses, refuses a second process, backs up on request and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '0.0.0.0', ADMIN_PASSWORD: ADMIN.password };
    server = tsx('src/server.ts', env);
    const stopped = finish(server);
    let printed = '';
    await new Promise<void>((resolve, reject) => {
      server?.stdout?.on('data', (b: Buffer) => {
        printed += b.toString();
        if (printed.includes('Spedycja is ready')) resolve();
      });
      server?.on('exit', (code) => reject(new Error(`the server exited with ${code}: ${printed}`)));
    });
    expect(printed).toContain(`http://localhost:${port}`);
    // Every non-internal address of this computer (this machine has at least one).
    expect(printed).toMatch(new RegExp(`Colleagues open: .*http://\\S+:${port}`));
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const customers = async () =>
      ((await (await fetch(`${base}/api/customers`, { headers })).json()) as { 'hydra:totalItems': number })[
        'hydra:totalItems'
      ];
    expect(await customers()).toBe(0);

    // `npm run seed:demo` beside the running server: stops, says what to do, writes nothing.
    const seed = await finish(tsx('src/seed/cli.ts', env));
    expect(seed.code).toBe(1);
    expect(seed.output).toMatch(/The Spedycja server .* has the database in .* open\. Stop it/);
    expect(seed.output).toContain('nothing was changed');
    expect(await customers()).toBe(0);

    // `npm run backup`: the server writes it (the command cannot open the folder itself).
    const backup = await finish(tsx('src/backup/cli.ts', env, ['backup']));
    expect(backup.output).toMatch(/Backup written by the running server: .*\.pglite\.tar\.gz/);
    expect(backup.code).toBe(0);
    expect(readdirSync(path.join(dataDir, 'backups'))).toHaveLength(1);

    server.kill('SIGTERM');
    const { code } = await stopped;
    expect(code).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    // Stopped, the folder is free again.
    expect(lockHolder(dataDir)).toBeNull();
  }, 180_000);
});
