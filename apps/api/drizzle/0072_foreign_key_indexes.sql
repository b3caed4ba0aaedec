CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("customer_id") WHERE "payments"."customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_carrier_idx" ON "payments" USING btree ("carrier_id") WHERE "payments"."carrier_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transfer_lines_carrier_idx" ON "transfer_lines" USING btree ("carrier_id");--> statement-breakpoint
CREATE INDEX "portal_links_carrier_idx" ON "portal_links" USING btree ("carrier_id") WHERE "portal_links"."carrier_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "positions_carrier_idx" ON "positions" USING btree ("carrier_id") WHERE "positions"."carrier_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "queries_order_uuid_idx" ON "queries" USING btree ("order_uuid") WHERE "queries"."order_uuid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_match_order_idx" ON "bank_statement_lines" USING btree ("match_order_id") WHERE "bank_statement_lines"."match_order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_booked_order_idx" ON "bank_statement_lines" USING btree ("booked_order_id") WHERE "bank_statement_lines"."booked_order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_match_invoice_idx" ON "bank_statement_lines" USING btree ("match_invoice_id") WHERE "bank_statement_lines"."match_invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_booked_invoice_idx" ON "bank_statement_lines" USING btree ("booked_invoice_id") WHERE "bank_statement_lines"."booked_invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_match_carrier_invoice_idx" ON "bank_statement_lines" USING btree ("match_carrier_invoice_id") WHERE "bank_statement_lines"."match_carrier_invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_booked_carrier_invoice_idx" ON "bank_statement_lines" USING btree ("booked_carrier_invoice_id") WHERE "bank_statement_lines"."booked_carrier_invoice_id" IS NOT NULL;