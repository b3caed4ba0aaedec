import { Agent, request } from 'node:http';

/** A small closed-loop load generator on loopback: N connections, each sending the next request when the last returns. */

export type LoadResult = { requests: number; errors: number; rps: number; p50: number; p95: number; p99: number };

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export async function load(
  url: string | (() => string),
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  // node:http with keep-alive rather than fetch: fetch reads a body through web streams, which on a 1 MB answer (a
  // month of the calendar) added tens of milliseconds of the client's own work to each measured request.
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const get = (target: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(target, { agent, headers: options.headers }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  const worker = async () => {
    while (performance.now() < deadline) {
      const target = typeof url === 'function' ? url() : url;
      const t0 = performance.now();
      try {
        if ((await get(target)) >= 400) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** Times a piece of work run one at a time (the SQL alone, without HTTP). */
export async function timeIt(work: () => Promise<unknown>, runs: number) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: { path: string }[];
}) => Promise<AutocannonResult>;

/**
 * Throughput at many connections, measured with autocannon (lighter than fetch, so the load
 * generator takes less of the two cores from the server). It reports p97.5 where we print p95.
 */
export async function loadMany(
  base: string,
  paths: string[],
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const { createRequire } = await import('node:module');
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const result = await autocannon({
    url: base,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    requests: paths.map((path) => ({ path })),
  });
  return {
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    p99: result.latency.p99,
  };
}
