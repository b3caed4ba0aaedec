import type { ExchangeRateQuote } from '@spedycja/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { ExchangeRateService } from '../../integrations/nbp/types.ts';
import { readSetting } from '../settings/routes.ts';

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
