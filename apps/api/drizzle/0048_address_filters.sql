CREATE INDEX "orders_loading_postal_code_prefix_idx" ON "orders" USING btree (lower("loading_postal_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_unloading_postal_code_prefix_idx" ON "orders" USING btree (lower("unloading_postal_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_street_trgm" ON "orders" USING gin (f_unaccent(lower(coalesce("loading_street_address", '') || ' ' || coalesce("unloading_street_address", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carriers_postal_code_prefix_idx" ON "carriers" USING btree (lower("postal_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "carriers_street_trgm" ON "carriers" USING gin (f_unaccent(lower("street_address")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_postal_code_prefix_idx" ON "customers" USING btree (lower("postal_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_street_trgm" ON "customers" USING gin (f_unaccent(lower("street_address")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "queries_loading_postal_code_prefix_idx" ON "queries" USING btree (lower("loading_postal_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "queries_unloading_postal_code_prefix_idx" ON "queries" USING btree (lower("unloading_postal_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "queries_street_trgm" ON "queries" USING gin (f_unaccent(lower(coalesce("loading_street_address", '') || ' ' || coalesce("unloading_street_address", ''))) gin_trgm_ops);