import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore } from '../src/files/disk.ts';
import { createS3Store, signV4 } from '../src/files/s3.ts';
import { type FileStore, sha256Of } from '../src/files/store.ts';

/** A local S3 server (s3rver) speaking the real protocol; it checks each request's Signature Version 4. */
async function startS3() {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 's3rver-')),
    configureBuckets: [{ name: 'pliki', configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'pliki',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
    },
    close: () => server.close(),
  };
}

let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.close());

const stores: [string, () => FileStore][] = [
  ['disk', () => createDiskStore(mkdtempSync(path.join(tmpdir(), 'files-')))],
  ['s3', () => createS3Store(s3.settings)],
];

describe.each(stores)('the %s file store', (_name, make) => {
  let store: FileStore;
  beforeAll(() => {
    store = make();
  });

  it('stores bytes under their SHA-256 and gives them back as they were', async () => {
    const data = randomBytes(100_000);
    const { sha256, size } = await store.put(data);
    expect(sha256).toBe(sha256Of(data));
    expect(size).toBe(data.length);
    expect(await store.has(sha256)).toBe(true);
    expect((await store.get(sha256))?.equals(data)).toBe(true);
    expect(await store.list()).toContain(sha256);
  });

  it('keeps one copy of the same bytes stored twice, also at once', async () => {
    const data = randomBytes(5000);
    const results = await Promise.all([store.put(data), store.put(data), store.put(data)]);
    expect(new Set(results.map((r) => r.sha256)).size).toBe(1);
    expect((await store.list()).filter((s) => s === sha256Of(data))).toHaveLength(1);
    expect((await store.get(sha256Of(data)))?.equals(data)).toBe(true);
  });

  it('answers null for a file it does not have, and deletes', async () => {
    const data = randomBytes(10);
    const { sha256 } = await store.put(data);
    await store.delete(sha256);
    expect(await store.has(sha256)).toBe(false);
    expect(await store.get(sha256)).toBeNull();
    expect(await store.get('0'.repeat(64))).toBeNull();
    await store.delete('0'.repeat(64));
  });

  it('takes nothing but a hash as a name: a path cannot leave the store', async () => {
    for (const bad of ['../../etc/passwd', `${'a'.repeat(63)}/`, '..', `${'A'.repeat(64)}`])
      await expect(store.get(bad)).rejects.toThrow(/SHA-256/);
  });
});

describe('the disk store on disk', () => {
  it('writes atomically: no temporary file stays, one file per hash in a folder of its first two characters', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'files-'));
    const store = createDiskStore(dir);
    const { sha256 } = await store.put(Buffer.from('CMR'));
    expect(readdirSync(dir)).toEqual([sha256.slice(0, 2)]);
    expect(readdirSync(path.join(dir, sha256.slice(0, 2)))).toEqual([sha256]);
  });
});

describe('the S3 signature and errors', () => {
  // s3rver checks the access key but not the Version 4 signature: the signer is checked against AWS's own example
  // (Amazon S3 API Reference, 'Signature Calculations for the Authorization Header', GET Object).
  it("signs AWS's documented GET Object example to its published signature", () => {
    const authorization = signV4({
      method: 'GET',
      path: '/test.txt',
      query: '',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      amzDate: '20130524T000000Z',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('reports the refusal naming S3 (502), and an unreachable server (503)', async () => {
    const wrong = createS3Store({ ...s3.settings, accessKeyId: 'UNKNOWN-KEY' });
    await expect(wrong.put(Buffer.from('x'))).rejects.toMatchObject({ status: 502, message: /S3/ });
    const away = createS3Store({ ...s3.settings, endpoint: 'http://127.0.0.1:9' });
    await expect(away.get('0'.repeat(64))).rejects.toMatchObject({ status: 503, message: /S3/ });
  });
});
