DROP INDEX "orders_loading_date_idx";--> statement-breakpoint
DROP INDEX "orders_country_list_idx";--> statement-breakpoint
DROP INDEX "orders_unloading_date_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "carriers_company_name_idx";--> statement-breakpoint
DROP INDEX "customers_company_name_idx";--> statement-breakpoint
DROP INDEX "queries_loading_date_idx";--> statement-breakpoint
DROP INDEX "queries_created_idx";--> statement-breakpoint
CREATE INDEX "orders_country_count_idx" ON "orders" USING btree ("loading_country","status","deletion_reason","loading_date" NULLS FIRST,"customer_price");--> statement-breakpoint
CREATE INDEX "orders_loading_date_idx" ON "orders" USING btree ("loading_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_country_list_idx" ON "orders" USING btree ("loading_country","status","deletion_reason","loading_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_unloading_date_idx" ON "orders" USING btree ("unloading_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_company_name_idx" ON "carriers" USING btree ("company_name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "customers_company_name_idx" ON "customers" USING btree ("company_name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_loading_date_idx" ON "queries" USING btree ("loading_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_created_idx" ON "queries" USING btree ("created_at" NULLS FIRST,"id");