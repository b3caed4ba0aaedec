import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backupControlRoutes, CONTROL_HEADER, requestServerBackup } from '../src/backup/control.ts';

/**
 * The backup control route (`npm run backup` asking the running server): a backup only for the key of the data
 * folder's lock file, and only from this machine; every refusal is the same 404 and takes no backup.
 */
describe('the backup control route', () => {
  const KEY = 'k'.repeat(43);
  let key: string | null = KEY;
  let backups = 0;
  const app = Fastify();
  const url = '/api/internal/backup';

  beforeAll(async () => {
    await app.register(backupControlRoutes, {
      controlToken: () => key,
      backup: async () => {
        backups += 1;
        return '/kopie/spedycja-2026-11-27T06-00-00Z.pglite.tar.gz';
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());
  beforeEach(() => {
    key = KEY;
    backups = 0;
  });

  const ask = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url, headers, remoteAddress });

  it('takes a backup for the right key from this machine (IPv4 and IPv6-mapped loopback)', async () => {
    for (const from of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) {
      const res = await ask({ [CONTROL_HEADER]: KEY }, from);
      expect(res.statusCode, from).toBe(200);
      expect(res.json()).toEqual({ file: '/kopie/spedycja-2026-11-27T06-00-00Z.pglite.tar.gz' });
    }
    expect(backups).toBe(3);
  });

  it('refuses a wrong key, a missing key and a key of another length with the same 404, taking no backup', async () => {
    for (const headers of <Record<string, string>[]>[
      { [CONTROL_HEADER]: `${KEY.slice(0, -1)}x` },
      { [CONTROL_HEADER]: `${KEY}k` },
      { [CONTROL_HEADER]: '' },
      {},
      { authorization: `Bearer ${KEY}` },
    ]) {
      const res = await ask(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.body).not.toContain('kopie');
    }
    expect(backups).toBe(0);
  });

  it('refuses the right key from another address', async () => {
    for (const from of ['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20', 'fe80::1']) {
      const res = await ask({ [CONTROL_HEADER]: KEY }, from);
      expect(res.statusCode, from).toBe(404);
    }
    expect(backups).toBe(0);
  });

  it('refuses everything while the server has no key (not on the embedded database)', async () => {
    key = null;
    expect((await ask({ [CONTROL_HEADER]: KEY })).statusCode).toBe(404);
    expect((await ask({ [CONTROL_HEADER]: 'null' })).statusCode).toBe(404);
    expect(backups).toBe(0);
  });

  it('answers the backup command over a real socket, and the command reports a refusal', async () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const server = { url: `http://127.0.0.1:${port}`, controlUrl: `http://127.0.0.1:${port}` };
    await expect(requestServerBackup({ ...server, controlToken: KEY })).resolves.toBe(
      '/kopie/spedycja-2026-11-27T06-00-00Z.pglite.tar.gz',
    );
    await expect(requestServerBackup({ ...server, controlToken: 'zly-klucz' })).rejects.toThrow(/answered 404/);
    expect(backups).toBe(1);
  });
});
