import type { FastifyBaseLogger } from 'fastify';
import { addDays, type ExchangeRateService, type NbpRate } from './types.ts';

/** The public NBP API; NBP_API_URL points elsewhere (a mirror, the tests' fake). */
export const DEFAULT_NBP_API_URL = 'https://api.nbp.pl/api';

type NbpSeries = { table?: string; code?: string; rates?: { no?: string; effectiveDate?: string; mid?: number }[] };

/**
 * The NBP web API (`/exchangerates/rates/a/eur/{from}/{to}/?format=json`). A day's rate never changes, so what was
 * read is remembered; a failure (offline, a timeout, NBP's 404 "Brak danych") answers null and the caller falls back.
 */
export function createNbpClient(
  options: { baseUrl?: string; timeoutMs?: number },
  log?: FastifyBaseLogger,
): ExchangeRateService {
  const base = (options.baseUrl ?? DEFAULT_NBP_API_URL).replace(/\/$/, '');
  const timeout = options.timeoutMs ?? 4000;
  const known = new Map<string, NbpRate>();

  async function series(path: string): Promise<NbpRate | null> {
    try {
      const res = await fetch(`${base}${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeout),
      });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`${res.status} from NBP`);
      const body = (await res.json()) as NbpSeries;
      const last = [...(body.rates ?? [])]
        .filter((r) => typeof r.mid === 'number' && r.effectiveDate && r.no)
        .sort((a, b) => String(a.effectiveDate).localeCompare(String(b.effectiveDate)))
        .at(-1);
      if (!last) return null;
      return {
        rate: Math.round((last.mid as number) * 10_000),
        table: last.no as string,
        date: last.effectiveDate as string,
      };
    } catch (error) {
      log?.warn({ error: String(error) }, 'NBP exchange rate not available');
      return null;
    }
  }

  return {
    async eurBefore(day) {
      const cached = known.get(day);
      if (cached) return cached;
      // Two weeks back covers any run of holidays; the last published day before `day` is the one.
      const rate = await series(`/exchangerates/rates/a/eur/${addDays(day, -14)}/${addDays(day, -1)}/?format=json`);
      if (rate) {
        if (known.size > 2000) known.clear();
        known.set(day, rate);
      }
      return rate;
    },
    latestEur: () => series('/exchangerates/rates/a/eur/?format=json'),
  };
}
