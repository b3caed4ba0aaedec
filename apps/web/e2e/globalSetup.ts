import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type FakeNbp, startFakeNbp } from '../../api/test/fakeNbp.ts';
import { type FakeGus, startFakeGus } from '../../api/test/gusFake.ts';
import { type FakeKsef, startFakeKsef } from '../../api/test/ksefFake.ts';
import { type FakeBotApi, startFakeBotApi } from '../../api/test/telegramFake.ts';
import { type FakeVies, startFakeVies } from '../../api/test/viesFake.ts';
import { type FakeWhitelist, startFakeWhitelist } from '../../api/test/whitelistFake.ts';

/** Starts the built app (apps/api/dist + apps/web/dist) on a free port with a fresh embedded database. */

export const E2E_ADMIN = { username: 'admin', password: 'admin-e2e-password' };
export const E2E_JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The e2e server's data folder: without SMTP_URL its mail is written under `mail/` as .eml files. */
    dataDir: string;
    /** The local fake Telegram Bot API the server talks to (TELEGRAM_API_URL); `/__fake/…` drives it. */
    telegramFakeUrl: string;
    /** A token the fake accepts (the admin sets it on the /telegram page). */
    telegramToken: string;
    /** The local fake KSeF the server talks to (KSEF_API_URL) and a KSeF token it accepts. */
    ksefFakeUrl: string;
    ksefToken: string;
    /** The local fake NBP the server asks for EUR rates (NBP_API_URL); `POST /__fake/switches {fail503}` drives it. */
    nbpFakeUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let server: ChildProcess | undefined;
let telegram: FakeBotApi | undefined;
let ksef: FakeKsef | undefined;
let nbp: FakeNbp | undefined;
let gus: FakeGus | undefined;
let vies: FakeVies | undefined;
let whitelist: FakeWhitelist | undefined;
const KSEF_TOKEN = 'e2e-ksef-token-0042';

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../../..');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spedycja-e2e-'));
  telegram = await startFakeBotApi();
  ksef = await startFakeKsef({ tokens: [KSEF_TOKEN] });
  // The local fake NBP (EUR rates: an interest note's compensation).
  nbp = await startFakeNbp();
  // The registers of issue 24 (GUS, VIES, the VAT white list): local fakes speaking their protocols.
  [gus, vies, whitelist] = await Promise.all([startFakeGus(), startFakeVies(), startFakeWhitelist()]);
  server = spawn('node', [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: E2E_JWT_SECRET,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: '',
      TELEGRAM_POLL_SECONDS: '1',
      KSEF_API_URL: ksef.url,
      KSEF_TOKEN: '',
      NBP_API_URL: nbp.url,
      GUS_API_URL: gus.url,
      GUS_API_KEY: gus.key,
      VIES_API_URL: vies.url,
      WL_API_URL: whitelist.url,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app did not start in 180 s')), 180_000);
    server?.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Spedycja is ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server?.on('exit', (code) => reject(new Error(`the app exited with ${code}`)));
  });
  project.provide('baseURL', `http://127.0.0.1:${port}`);
  project.provide('dataDir', dataDir);
  project.provide('telegramFakeUrl', telegram.url);
  project.provide('telegramToken', telegram.token);
  project.provide('ksefFakeUrl', ksef.url);
  project.provide('ksefToken', KSEF_TOKEN);
  project.provide('nbpFakeUrl', nbp.url);
  return async () => {
    server?.kill('SIGTERM');
    await telegram?.close();
    await ksef?.close();
    await nbp?.close();
    await Promise.all([gus?.close(), vies?.close(), whitelist?.close()]);
  };
}
