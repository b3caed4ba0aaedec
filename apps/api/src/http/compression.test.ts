import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCompression } from './compression.ts';

/** A JSON answer of about `bytes` bytes, as varied as a statement's lines (its length kept as it grows). */
function answerOf(bytes: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const line = JSON.stringify({
      uuid: `0a1b2c3d-${i}`,
      title: `Zapłata za fakturę FV ${i}/11/2026, zlecenie ${(i * 7919) % 100000}`,
      amount: (i * 104729) % 1000000,
    });
    lines.push(line);
    length += line.length + 1;
  }
  return `{"lines":[${lines.join(',')}]}`;
}

describe('API answers compressed', () => {
  const small = answerOf(60 * 1024);
  const large = answerOf(1024 * 1024);
  const app = Fastify();
  afterAll(() => app.close());

  const get = async (url: string, encoding: string) => {
    await app.ready();
    return app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
  };

  it('compresses an answer up to 256 KB at level 4, a larger one at the fastest level, both back to the same JSON', async () => {
    await app.register(compress, apiCompression);
    app.get('/small', (_request, reply) => reply.type('application/json').send(small));
    app.get('/large', (_request, reply) => reply.type('application/json').send(large));

    const smallGzip = await get('/small', 'gzip');
    expect(smallGzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(smallGzip.rawPayload).toString()).toBe(small);
    expect(smallGzip.rawPayload.length).toBe(gzipSync(small, { level: 4 }).length);

    const largeGzip = await get('/large', 'gzip');
    expect(largeGzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(largeGzip.rawPayload).toString()).toBe(large);
    expect(largeGzip.rawPayload.length).toBe(gzipSync(large, { level: 1 }).length);

    const largeBrotli = await get('/large', 'br');
    expect(largeBrotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(largeBrotli.rawPayload).toString()).toBe(large);
    const quality1 = brotliCompressSync(large, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    expect(largeBrotli.rawPayload.length).toBe(quality1.length);
  });
});
