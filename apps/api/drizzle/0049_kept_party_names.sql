DROP INDEX "orders_customer_idx";--> statement-breakpoint
DROP INDEX "orders_carrier_idx";--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
DROP INDEX "queries_customer_idx";--> statement-breakpoint
DROP INDEX "queries_user_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_company_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier_company_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "owner_name" text;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "customer_company_name" text;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "owner_name" text;--> statement-breakpoint
-- Hand-written: the names filled in before the indexes on them are built (and with the foreign keys' old indexes
-- dropped above), one rewrite per table. The tables' own triggers are off meanwhile: a filled name is neither a
-- change of the record (version, history) nor of any kept count or sum (0050_kept_party_names_triggers keeps them).
ALTER TABLE "orders" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "orders" o SET
  "customer_company_name" = (SELECT c.company_name FROM customers c WHERE c.id = o.customer_id),
  "carrier_company_name" = (SELECT k.company_name FROM carriers k WHERE k.id = o.carrier_id),
  "owner_name" = (SELECT u.name FROM users u WHERE u.id = o.user_id)
  WHERE o.customer_id IS NOT NULL OR o.carrier_id IS NOT NULL OR o.user_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "queries" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "queries" q SET
  "customer_company_name" = (SELECT c.company_name FROM customers c WHERE c.id = q.customer_id),
  "owner_name" = (SELECT u.name FROM users u WHERE u.id = q.user_id)
  WHERE q.customer_id IS NOT NULL OR q.user_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "queries" ENABLE TRIGGER USER;--> statement-breakpoint
CREATE INDEX "orders_customer_company_name_sort_idx" ON "orders" USING btree ("customer_company_name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_carrier_company_name_sort_idx" ON "orders" USING btree ("carrier_company_name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_owner_name_sort_idx" ON "orders" USING btree ("owner_name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_customer_unpaid_party_idx" ON "orders" USING btree ("customer_company_name" NULLS FIRST,"id") WHERE NOT "orders"."customer_paid" AND "orders"."deletion_reason" = 0 AND "orders"."status" IN ('aktywne', 'zakonczone');--> statement-breakpoint
CREATE INDEX "orders_carrier_unpaid_party_idx" ON "orders" USING btree ("carrier_company_name" NULLS FIRST,"id") WHERE NOT "orders"."carrier_paid" AND "orders"."deletion_reason" = 0 AND "orders"."status" IN ('aktywne', 'zakonczone');--> statement-breakpoint
CREATE INDEX "queries_customer_company_name_sort_idx" ON "queries" USING btree ("customer_company_name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_owner_name_sort_idx" ON "queries" USING btree ("owner_name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "orders_carrier_idx" ON "orders" USING btree ("carrier_id","id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "queries_customer_idx" ON "queries" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "queries_user_idx" ON "queries" USING btree ("user_id","id");