DROP INDEX "tasks_default_order_idx";--> statement-breakpoint
DROP INDEX "users_name_idx";--> statement-breakpoint
DROP INDEX "verifications_customer_idx";--> statement-breakpoint
DROP INDEX "verifications_carrier_idx";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "assignee_name" text;--> statement-breakpoint
CREATE INDEX "orders_cargo_sort_idx" ON "orders" USING btree ("cargo" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_loading_type_sort_idx" ON "orders" USING btree ("loading_type" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_distance_sort_idx" ON "orders" USING btree ("distance" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_cargo_length_sort_idx" ON "orders" USING btree ("cargo_length" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_cargo_width_sort_idx" ON "orders" USING btree ("cargo_width" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_cargo_height_sort_idx" ON "orders" USING btree ("cargo_height" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_cargo_weight_sort_idx" ON "orders" USING btree ("cargo_weight" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_loading_city_sort_idx" ON "orders" USING btree ("loading_city" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_unloading_city_sort_idx" ON "orders" USING btree ("unloading_city" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_loading_country_sort_idx" ON "orders" USING btree ("loading_country" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_unloading_country_sort_idx" ON "orders" USING btree ("unloading_country" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_customer_price_sort_idx" ON "orders" USING btree ("customer_price" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_carrier_price_sort_idx" ON "orders" USING btree ("carrier_price" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_margin_percent_sort_idx" ON "orders" USING btree ("margin_percent" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_archive_order_idx" ON "orders" USING btree ("unloading_date" DESC NULLS LAST,"id") WHERE "orders"."deletion_reason" = 0;--> statement-breakpoint
CREATE INDEX "carriers_name_sort_idx" ON "carriers" USING btree ("name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_nip_sort_idx" ON "carriers" USING btree ("nip" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_email_sort_idx" ON "carriers" USING btree ("email" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_city_sort_idx" ON "carriers" USING btree ("city" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_country_sort_idx" ON "carriers" USING btree ("country" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_language_sort_idx" ON "carriers" USING btree ("language" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_created_at_sort_idx" ON "carriers" USING btree ("created_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_method_of_contact_sort_idx" ON "carriers" USING btree ("method_of_contact" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_max_cargo_length_sort_idx" ON "carriers" USING btree ("max_cargo_length" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_max_cargo_width_sort_idx" ON "carriers" USING btree ("max_cargo_width" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_max_cargo_height_sort_idx" ON "carriers" USING btree ("max_cargo_height" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_max_cargo_weight_sort_idx" ON "carriers" USING btree ("max_cargo_weight" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_vat_status_sort_idx" ON "carriers" USING btree ("vat_status" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_verified_at_sort_idx" ON "carriers" USING btree ("verified_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_ocp_valid_to_sort_idx" ON "carriers" USING btree ("ocp_valid_to" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_country_company_idx" ON "carriers" USING btree ("country","company_name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "customers_name_sort_idx" ON "customers" USING btree ("name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "customers_nip_sort_idx" ON "customers" USING btree ("nip" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "customers_email_sort_idx" ON "customers" USING btree ("email" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "customers_city_sort_idx" ON "customers" USING btree ("city" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "customers_country_sort_idx" ON "customers" USING btree ("country" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "customers_language_sort_idx" ON "customers" USING btree ("language" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "customers_created_at_sort_idx" ON "customers" USING btree ("created_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "customers_acquired_by_sort_idx" ON "customers" USING btree ("acquired_by" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "customers_country_company_idx" ON "customers" USING btree ("country","company_name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "offers_active_newest_idx" ON "offers" USING btree ("active","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "offers_active_created_idx" ON "offers" USING btree ("active","created_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "offers_active_price_idx" ON "offers" USING btree ("active","price" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_unloading_date_sort_idx" ON "queries" USING btree ("unloading_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_cargo_sort_idx" ON "queries" USING btree ("cargo" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_loading_type_sort_idx" ON "queries" USING btree ("loading_type" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_distance_sort_idx" ON "queries" USING btree ("distance" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_cargo_length_sort_idx" ON "queries" USING btree ("cargo_length" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_cargo_width_sort_idx" ON "queries" USING btree ("cargo_width" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_cargo_height_sort_idx" ON "queries" USING btree ("cargo_height" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_cargo_weight_sort_idx" ON "queries" USING btree ("cargo_weight" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_loading_city_sort_idx" ON "queries" USING btree ("loading_city" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_unloading_city_sort_idx" ON "queries" USING btree ("unloading_city" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_loading_country_sort_idx" ON "queries" USING btree ("loading_country" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_unloading_country_sort_idx" ON "queries" USING btree ("unloading_country" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_customer_price_sort_idx" ON "queries" USING btree ("customer_price" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_customer_price_suggested_sort_idx" ON "queries" USING btree ("customer_price_suggested" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "queries_best_offer_pln_sort_idx" ON "queries" USING btree ("best_offer_pln" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "task_contact_tries_date_idx" ON "task_contact_tries" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "tasks_status_order_idx" ON "tasks" USING btree ("status","contact_date" NULLS FIRST,"id") WHERE "tasks"."deletion_reason" = 0;--> statement-breakpoint
CREATE INDEX "tasks_user_order_idx" ON "tasks" USING btree ("user_id","contact_date" NULLS FIRST,"id") WHERE "tasks"."deletion_reason" = 0;--> statement-breakpoint
CREATE INDEX "tasks_created_sort_idx" ON "tasks" USING btree ("created_at" NULLS FIRST,"id") WHERE "tasks"."deletion_reason" = 0;--> statement-breakpoint
CREATE INDEX "tasks_assignee_sort_idx" ON "tasks" USING btree ("assignee_name" NULLS FIRST,"id") WHERE "tasks"."deletion_reason" = 0;--> statement-breakpoint
CREATE INDEX "tasks_finished_sort_idx" ON "tasks" USING btree ("finished_at" NULLS FIRST,"id") WHERE "tasks"."deletion_reason" = 0;--> statement-breakpoint
CREATE INDEX "tasks_deleted_order_idx" ON "tasks" USING btree ("contact_date" NULLS FIRST,"id") WHERE "tasks"."deletion_reason" > 0;--> statement-breakpoint
CREATE INDEX "telegram_messages_status_log_idx" ON "telegram_messages" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "telegram_messages_kind_log_idx" ON "telegram_messages" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_login_sort_idx" ON "users" USING btree ("login" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_email_sort_idx" ON "users" USING btree ("email" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_created_sort_idx" ON "users" USING btree ("created_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "tasks_default_order_idx" ON "tasks" USING btree ("contact_date" NULLS FIRST,"id") WHERE "tasks"."deletion_reason" = 0;--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "verifications_customer_idx" ON "verifications" USING btree ("customer_id","checked_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "verifications_carrier_idx" ON "verifications" USING btree ("carrier_id","checked_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);