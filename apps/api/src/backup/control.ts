import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LockHolder } from '../db/lock.ts';

/**
 * `npm run backup` while the server has the embedded database open: the command cannot open it too (db/lock.ts), so
 * it asks the server, which takes the backup between two transactions. The request comes from this machine, with the
 * key the server wrote into the data folder's lock file (readable only by the user running the server).
 */

export const CONTROL_HEADER = 'x-spedycja-control';
const CONTROL_PATH = '/api/internal/backup';

const sameKey = (given: string, key: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** From this machine: loopback, or one of its own addresses (HOST set to a LAN address). */
const fromThisMachine = (request: FastifyRequest) => {
  const remote = request.socket.remoteAddress ?? '';
  return remote === request.socket.localAddress || /^(127\.|::1$|::ffff:127\.)/.test(remote);
};

export async function backupControlRoutes(
  app: FastifyInstance,
  { controlToken, backup }: { controlToken: () => string | null; backup: () => Promise<string> },
) {
  app.post(CONTROL_PATH, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const key = controlToken();
    const given = request.headers[CONTROL_HEADER];
    if (!key || typeof given !== 'string' || !sameKey(given, key) || !fromThisMachine(request)) {
      return reply.code(404).type('application/problem+json').send({ status: 404, title: 'Not Found' });
    }
    return { file: await backup() };
  });
}

/** Asks the running server for a backup; resolves with the file it wrote. */
export function requestServerBackup(server: NonNullable<LockHolder['server']>): Promise<string> {
  const url = new URL(CONTROL_PATH, server.controlUrl);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { [CONTROL_HEADER]: server.controlToken },
        // Its own address, whatever name its certificate carries.
        rejectUnauthorized: false,
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => {
          if (response.statusCode === 200) resolve((JSON.parse(body) as { file: string }).file);
          else reject(new Error(`the server answered ${response.statusCode}: ${body.slice(0, 300)}`));
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}
