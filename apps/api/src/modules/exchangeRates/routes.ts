import { isRealDate } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { adminOnly } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { iri } from '../../http/hydra.ts';
import type { ExchangeRateService } from '../../integrations/nbp/types.ts';
import { refreshMixedCurrencyBestOffers } from '../offers/bestOffer.ts';
import { exchangeRateMessages } from './messages.ts';
import { quoteEurRate } from './service.ts';

const quoteQuery = z.object({
  date: z
    .string()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v), { error: exchangeRateMessages.badDate }),
});

/** EUR rates for invoices (NBP, or the settings offline) and the settings' refresh of euroExchangeRate from NBP. */
export async function exchangeRatesRoutes(app: FastifyInstance, { db, nbp }: { db: Db; nbp: ExchangeRateService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Exchange rates'];

  r.get(
    '/api/exchange_rates/eur',
    { config: adminOnly, schema: { tags, querystring: quoteQuery } },
    async (request) => {
      const quote = await quoteEurRate(nbp, db, request.query.date);
      // No NBP rate and no rate in the settings: the setting is the admin's to fill in (409 saying which).
      if (!quote) throw new AppError(409, 'rate_unavailable', exchangeRateMessages.noRate);
      return quote;
    },
  );

  /** The latest NBP table A rate into the euroExchangeRate setting (hundredths, as the orders use it). */
  // Its own transaction: a request transaction held while NBP answers would stop everyone on the embedded database.
  r.post(
    '/api/settings/euroExchangeRate/refresh',
    { config: { ...adminOnly, ownTransactions: true }, schema: { tags } },
    async () => {
      const latest = await nbp.latestEur();
      if (!latest) throw new AppError(503, 'nbp_unavailable', exchangeRateMessages.nbpUnavailable);
      const value = String(Math.round(latest.rate / 100));
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(settings)
          .set({ value })
          .where(eq(settings.key, 'euroExchangeRate'))
          .returning();
        await refreshMixedCurrencyBestOffers(tx);
        return updated;
      });
      return {
        '@id': row ? iri('settings', row.uuid) : null,
        '@type': 'Setting',
        uuid: row?.uuid,
        key: 'euroExchangeRate',
        value,
        nbp: { rate: latest.rate, table: latest.table, date: latest.date },
      };
    },
  );
}
