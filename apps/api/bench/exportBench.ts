import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/** The export scenario's target: exporting 100,000 orders as CSV. */
export const EXPORT_ROWS = 100_000;

/**
 * The orders export's filter for the first EXPORT_ROWS orders by loading date (fewer when the database holds fewer):
 * every status, loading on or before the date of the EXPORT_ROWS-th order.
 */
export async function exportQuery(db: Db): Promise<string> {
  const result = (await db.execute(
    sql`SELECT loading_date::text AS bound FROM orders WHERE deletion_reason = 0 AND loading_date IS NOT NULL
        ORDER BY loading_date, id OFFSET ${EXPORT_ROWS - 1} LIMIT 1`,
  )) as unknown as { rows: { bound: string }[] };
  const bound = result.rows[0]?.bound;
  const filter = bound
    ? `&loadingDate[lte]=${encodeURIComponent(new Date(bound.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString())}`
    : '';
  return `/api/orders/export?format=csv&status=wszystkie&order[loadingDate]=asc${filter}`;
}

const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : Number.NaN;
};

/**
 * Downloads the export once, counting its lines as they arrive, while the server's resident memory is read every
 * 50 ms: the time, the rows, and how far the memory grew above what it was before the request.
 */
export async function measureExport(url: string, headers: Record<string, string>, pid: number) {
  const before = rssOf(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 50);
  const t0 = performance.now();
  try {
    const response = await fetch(url, { headers });
    if (!response.ok || !response.body) throw new Error(`export: ${response.status} ${await response.text()}`);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) lines++;
    }
    return { rows: lines - 1, bytes, seconds: (performance.now() - t0) / 1000, growthMb: (peak - before) / 1e6 };
  } finally {
    clearInterval(timer);
    peak = Math.max(peak, rssOf(pid));
  }
}
