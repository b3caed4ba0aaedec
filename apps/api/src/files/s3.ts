import { createHash, createHmac } from 'node:crypto';
import { AppError } from '../http/errors.ts';
import { assertSha256, type FileStore, sha256Of } from './store.ts';

export type S3Settings = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
};

const EMPTY_HASH = createHash('sha256').update('').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The bucket refused (502) or did not answer (503): a Polish problem naming it; the details go to the log. */
export class S3Error extends AppError {
  constructor(status: 502 | 503, message: string) {
    super(
      status,
      status === 503 ? 's3_unavailable' : 's3_refused',
      status === 503
        ? 'Magazyn plików S3 nie odpowiada. Spróbuj ponownie za chwilę.'
        : 'Magazyn plików S3 odrzucił żądanie: sprawdź S3_ENDPOINT, S3_BUCKET i klucze.',
    );
    this.message = message;
  }
}

/** The Authorization header of AWS Signature Version 4 (every header given is signed, `host` among them). */
export function signV4(r: {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  payloadHash: string;
  amzDate: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}): string {
  const day = r.amzDate.slice(0, 8);
  const names = Object.keys(r.headers).sort();
  const canonical = [
    r.method,
    r.path,
    r.query,
    ...names.map((n) => `${n}:${String(r.headers[n]).trim()}`),
    '',
    names.join(';'),
    r.payloadHash,
  ].join('\n');
  const scope = `${day}/${r.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', r.amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join(
    '\n',
  );
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${r.secretAccessKey}`, day), r.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${r.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}

/**
 * Files in an S3-compatible bucket (AWS, MinIO, Hetzner, Backblaze), path-style (`{endpoint}/{bucket}/files/{aa}/{sha}`),
 * each request signed with AWS Signature Version 4. Several app instances share the files. A file is written with
 * `If-None-Match: *` after a HEAD: a stored key is never overwritten.
 */
export function createS3Store(settings: S3Settings, fetchImpl: typeof fetch = fetch): FileStore {
  const base = new URL(settings.endpoint);
  const keyOf = (sha256: string) => `files/${assertSha256(sha256).slice(0, 2)}/${sha256}`;

  async function request(
    method: 'GET' | 'PUT' | 'HEAD' | 'DELETE',
    key: string,
    options: { query?: Record<string, string>; body?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const now = new Date();
    const amzDate = now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const prefix = base.pathname.replace(/\/$/, '');
    const path = `${prefix}/${rfc3986(settings.bucket)}${key ? `/${key.split('/').map(rfc3986).join('/')}` : ''}`;
    const query = Object.entries(options.query ?? {})
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
      .join('&');
    const payloadHash = options.body ? createHash('sha256').update(options.body).digest('hex') : EMPTY_HASH;
    const headers: Record<string, string> = {
      host: base.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    };
    const authorization = signV4({ method, path, query, headers, payloadHash, amzDate, ...settings });
    const { host: _host, ...sent } = headers;
    const url = `${base.protocol}//${base.host}${path}${query ? `?${query}` : ''}`;
    try {
      return await fetchImpl(url, {
        method,
        headers: {
          ...sent,
          authorization,
        },
        ...(options.body ? { body: new Uint8Array(options.body) } : {}),
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      throw new S3Error(503, `S3 (${base.host}) did not answer: ${(error as Error).message}`);
    }
  }

  const fail = async (res: Response, what: string) =>
    new S3Error(502, `S3 (${base.host}) refused ${what}: ${res.status} ${(await res.text()).slice(0, 200)}`);

  const has = async (sha256: string) => {
    const res = await request('HEAD', keyOf(sha256));
    if (res.status === 404) return false;
    if (!res.ok) throw await fail(res, 'HEAD');
    return true;
  };

  return {
    kind: 's3',
    async put(data) {
      const sha256 = sha256Of(data);
      if (await has(sha256)) return { sha256, size: data.length };
      const res = await request('PUT', keyOf(sha256), {
        body: data,
        headers: { 'if-none-match': '*', 'content-type': 'application/octet-stream' },
      });
      // 412: stored meanwhile by another instance (the same bytes).
      if (!res.ok && res.status !== 412) throw await fail(res, 'PUT');
      await res.arrayBuffer().catch(() => undefined);
      return { sha256, size: data.length };
    },
    async get(sha256) {
      const res = await request('GET', keyOf(sha256));
      if (res.status === 404) return null;
      if (!res.ok) throw await fail(res, 'GET');
      return Buffer.from(await res.arrayBuffer());
    },
    has,
    async delete(sha256) {
      const res = await request('DELETE', keyOf(sha256));
      if (!res.ok && res.status !== 404) throw await fail(res, 'DELETE');
    },
    async list() {
      const out: string[] = [];
      let token: string | undefined;
      do {
        const res = await request('GET', '', {
          query: { 'list-type': '2', prefix: 'files/', ...(token ? { 'continuation-token': token } : {}) },
        });
        if (!res.ok) throw await fail(res, 'ListObjectsV2');
        const xml = await res.text();
        for (const m of xml.matchAll(/<Key>files\/[0-9a-f]{2}\/([0-9a-f]{64})<\/Key>/g)) out.push(m[1] as string);
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? /<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1]
          : undefined;
      } while (token);
      return out.sort();
    },
  };
}
