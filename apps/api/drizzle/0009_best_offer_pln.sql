ALTER TABLE "queries" ADD COLUMN "best_offer_pln" integer;--> statement-breakpoint
-- Existing queries get their best offer in PLN.
UPDATE "queries" SET "best_offer_pln" = CASE WHEN "best_offer_currency" = 'eur'
  THEN round("best_offer"::bigint * coalesce((SELECT value::int FROM settings WHERE key = 'euroExchangeRate'), 100) / 100.0)::int
  ELSE "best_offer" END
WHERE "best_offer" IS NOT NULL;
