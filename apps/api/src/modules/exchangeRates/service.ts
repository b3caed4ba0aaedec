import type { ExchangeRateQuote } from '@spedycja/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { ExchangeRateService, NbpRate } from '../../integrations/nbp/types.ts';
import { readSetting } from '../settings/repository.ts';

/**
 * The EUR rate of an invoice whose tax point is `day`: NBP's table A mid rate of the last business day before it
 * (art. 31a of the VAT act). Offline, the euroExchangeRate setting (hundredths) stands in, marked 'settings' so that
 * the invoice says so and the user confirms it.
 */
export async function quoteEurRate(
  nbp: ExchangeRateService,
  db: DbOrTx,
  day: string,
): Promise<ExchangeRateQuote | null> {
  const fromNbp = await nbp.eurBefore(day);
  if (fromNbp) return { rate: fromNbp.rate, source: 'nbp', table: fromNbp.table, date: fromNbp.date };
  const setting = Number((await readSetting(db, 'euroExchangeRate')) ?? '');
  if (!Number.isInteger(setting) || setting <= 0) return null;
  return { rate: setting * 100, source: 'settings', table: null, date: null };
}

/**
 * NBP asked ahead: `warm(day)` (from a route's beforeTransaction, outside any transaction) asks NBP and keeps the
 * answer, a failure included, for a short while; `rates` answers from it, so the handler's lookup inside the
 * request's transaction does not wait on the network. A day nobody warmed is asked as before.
 */
export function warmedRates(nbp: ExchangeRateService, keepMs = 30_000) {
  const warmed = new Map<string, { at: number; rate: NbpRate | null }>();
  const rates: ExchangeRateService = {
    async eurBefore(day) {
      const hit = warmed.get(day);
      if (hit && Date.now() - hit.at < keepMs) return hit.rate;
      return nbp.eurBefore(day);
    },
    latestEur: () => nbp.latestEur(),
  };
  const warm = async (day: string | null | undefined) => {
    if (!day) return;
    const rate = await nbp.eurBefore(day);
    if (warmed.size > 1000) warmed.clear();
    warmed.set(day, { at: Date.now(), rate });
  };
  return { rates, warm };
}
