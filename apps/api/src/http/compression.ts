import zlib, { type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * The compressors of API answers above the synchronous path's 256 KB (a bank statement of 1,682 lines is 1 MB): gzip
 * level 1 and brotli quality 1, where the smaller answers keep level 4. At 1 MB, gzip level 1 took 3.4 ms against
 * 6–10 ms at level 4 for 5 % more bytes, and brotli quality 1 2.1 ms against 5.3 ms for 3 % more; on the office's
 * network the bytes cost less than the milliseconds. The synchronous methods are zlib's own, with the options given.
 */
const fastStreams = {
  createGzip: (options?: ZlibOptions) => zlib.createGzip({ ...options, level: 1 }),
  createDeflate: (options?: ZlibOptions) => zlib.createDeflate({ ...options, level: 1 }),
  createBrotliCompress: (options?: BrotliOptions) =>
    zlib.createBrotliCompress({
      ...options,
      params: { ...options?.params, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
    }),
  gzipSync: zlib.gzipSync,
  deflateSync: zlib.deflateSync,
  brotliCompressSync: zlib.brotliCompressSync,
};

/**
 * API answers above 1 KB go out compressed (JSON only: the web app's files are compressed at build time). Up to
 * 256 KB in one synchronous call (a page of 30 queries, 53 KB: 0.2 ms as gzip level 4, 0.4 ms as brotli): the plugin's
 * default on 2 cores streamed every answer above 8 KB through the thread pool, which cost a list page more (0.5 ms of
 * CPU, 3 ms of latency) than the compression itself. gzip at level 4: 10 % larger than level 6, a third of its time.
 * Larger answers (streamed) at the fastest levels (`fastStreams`).
 */
export const apiCompression: FastifyCompressOptions = {
  threshold: 1024,
  syncThreshold: 256 * 1024,
  zlibOptions: { level: 4 },
  zlib: fastStreams,
  encodings: ['br', 'gzip'],
  customTypes: /^application\/(?:[\w.+-]+\+)?json\b/,
};
