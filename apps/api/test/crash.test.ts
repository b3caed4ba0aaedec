import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/paths.ts';
import { ADMIN } from './helpers.ts';

/**
 * Issue 13, part 5: the server on the embedded database killed with SIGKILL at a random moment while 4 writers
 * create records, five rounds: every write it acknowledged (201) is there after the restart. Bounded: short rounds.
 */

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

async function start(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: ADMIN.password,
      BACKUP_CRON: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (b: Buffer) => {
      printed += b.toString();
      if (printed.includes('Spedycja is ready')) resolve();
    });
    child.stderr?.on('data', (b: Buffer) => {
      printed += b.toString();
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}: ${printed}`)));
  });
  return child;
}

describe('a crash of the server on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spedycja-crash-'));
  let server: ChildProcess | undefined;
  afterAll(() => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
  });

  it('keeps every acknowledged write across five SIGKILLs at random moments', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const acknowledged: string[] = [];
    for (let round = 0; round < 5; round++) {
      server = await start(dataDir, port);
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const token = ((await login.json()) as { token: string }).token;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      let killed = false;
      const writer = async (w: number) => {
        for (let n = 0; !killed; n++) {
          const companyName = `Awaria ${round}-${w}-${n}`;
          try {
            const res = await fetch(`${base}/api/customers`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ companyName, country: 'PL' }),
            });
            if (res.status === 201) acknowledged.push(companyName);
          } catch {
            return;
          }
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 800));
      killed = true;
      server.kill('SIGKILL');
      await Promise.all(writers);
      const dead = server;
      if (dead.exitCode === null && dead.signalCode === null)
        await new Promise((resolve) => dead.once('exit', resolve));
    }
    server = await start(dataDir, port);
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { token: string }).token;
    const list = (await (
      await fetch(`${base}/api/customers?pagination=false`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { 'hydra:member': { companyName: string }[] };
    const stored = new Set(list['hydra:member'].map((c) => c.companyName));
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    server.kill('SIGTERM');
  }, 240_000);
});
