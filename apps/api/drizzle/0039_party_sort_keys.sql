-- One ALTER per table: each rewrites its table once.
ALTER TABLE "carriers" ADD COLUMN "company_sort_key" text GENERATED ALWAYS AS (lower(company_name)) STORED,
  ADD COLUMN "name_sort_key" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "company_sort_key" text GENERATED ALWAYS AS (lower(company_name)) STORED,
  ADD COLUMN "name_sort_key" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
-- Hand-written: a search's order with the searched text beside it, so that the picker's walk (modules/parties/walk.ts)
-- reads the index alone (an index on lower(...) itself cannot be read alone: PostgreSQL wants the column under it).
CREATE INDEX "carriers_search_walk_idx" ON "carriers" ("company_sort_key", "name_sort_key", "id") INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "customers_search_walk_idx" ON "customers" ("company_sort_key", "name_sort_key", "id") INCLUDE ("search_text");
--> statement-breakpoint
-- Derived columns, like search_text: neither a change of the record (its version) nor a line of its history.
DROP TRIGGER "customers_version" ON "customers";--> statement-breakpoint
CREATE TRIGGER customers_version BEFORE UPDATE ON customers FOR EACH ROW
  EXECUTE FUNCTION bump_version('search_text', 'company_sort_key', 'name_sort_key');--> statement-breakpoint
DROP TRIGGER "carriers_version" ON "carriers";--> statement-breakpoint
CREATE TRIGGER carriers_version BEFORE UPDATE ON carriers FOR EACH ROW
  EXECUTE FUNCTION bump_version('search_text', 'company_sort_key', 'name_sort_key');--> statement-breakpoint
DROP TRIGGER "customers_history" ON "customers";--> statement-breakpoint
CREATE TRIGGER customers_history AFTER INSERT OR UPDATE OR DELETE ON customers FOR EACH ROW
  EXECUTE FUNCTION record_history('company_sort_key', 'name_sort_key');--> statement-breakpoint
DROP TRIGGER "carriers_history" ON "carriers";--> statement-breakpoint
CREATE TRIGGER carriers_history AFTER INSERT OR UPDATE OR DELETE ON carriers FOR EACH ROW
  EXECUTE FUNCTION record_history('company_sort_key', 'name_sort_key');
