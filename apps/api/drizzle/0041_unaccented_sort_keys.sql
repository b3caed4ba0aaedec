-- The search's sort keys unaccented, as search_text is (modules/parties/walk.ts: 'sciezk' begins 'Ścieżka', Ś sorts
-- beside S). PostgreSQL 15 cannot change a generated expression: the columns are dropped (with their index) and added
-- again, one ALTER per table so that each table is rewritten once.
ALTER TABLE "carriers" DROP COLUMN "company_sort_key", DROP COLUMN "name_sort_key",
  ADD COLUMN "company_sort_key" text GENERATED ALWAYS AS (f_unaccent(lower(company_name))) STORED,
  ADD COLUMN "name_sort_key" text GENERATED ALWAYS AS (f_unaccent(lower(name))) STORED;--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "company_sort_key", DROP COLUMN "name_sort_key",
  ADD COLUMN "company_sort_key" text GENERATED ALWAYS AS (f_unaccent(lower(company_name))) STORED,
  ADD COLUMN "name_sort_key" text GENERATED ALWAYS AS (f_unaccent(lower(name))) STORED;--> statement-breakpoint
CREATE INDEX "carriers_search_walk_idx" ON "carriers" ("company_sort_key", "name_sort_key", "id") INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "customers_search_walk_idx" ON "customers" ("company_sort_key", "name_sort_key", "id") INCLUDE ("search_text");
