CREATE TABLE "invoice_month_totals" (
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"month" date NOT NULL,
	"n" bigint NOT NULL,
	"total_net" bigint NOT NULL,
	"total_vat" bigint NOT NULL,
	"total_gross" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_balances" (
	"customer_id" integer NOT NULL,
	"currency" text NOT NULL,
	"due" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "customer_balances_customer_id_currency_pk" PRIMARY KEY("customer_id","currency")
);
--> statement-breakpoint
CREATE TABLE "payment_day_totals" (
	"side" text NOT NULL,
	"currency" text NOT NULL,
	"day" date,
	"n" bigint NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "invoices_type_created_idx";--> statement-breakpoint
DROP INDEX "invoices_type_number_sort_idx";--> statement-breakpoint
DROP INDEX "invoices_ksef_status_idx";--> statement-breakpoint
DROP INDEX "received_invoices_issue_idx";--> statement-breakpoint
DROP INDEX "received_invoices_unmatched_idx";--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "line_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "booked_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_month_totals_idx" ON "invoice_month_totals" USING btree ("type","month");--> statement-breakpoint
CREATE INDEX "customer_balances_due_idx" ON "customer_balances" USING btree ("due" DESC NULLS LAST,"customer_id","currency") WHERE "customer_balances"."n" > 0;--> statement-breakpoint
CREATE INDEX "payment_day_totals_idx" ON "payment_day_totals" USING btree ("side","day");--> statement-breakpoint
CREATE INDEX "invoices_type_sale_idx" ON "invoices" USING btree ("type","sale_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "invoices_type_customer_name_idx" ON "invoices" USING btree ("type","customer_name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "invoices_type_gross_idx" ON "invoices" USING btree ("type","total_gross" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "invoices_type_paid_amount_idx" ON "invoices" USING btree ("type","paid_amount" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "invoices_type_due_amount_idx" ON "invoices" USING btree ("type","due_amount" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "invoices_unpaid_created_idx" ON "invoices" USING btree ("type","created_date" NULLS FIRST,"id") WHERE NOT "invoices"."paid";--> statement-breakpoint
CREATE INDEX "invoices_part_paid_created_idx" ON "invoices" USING btree ("type","created_date" NULLS FIRST,"id") WHERE NOT "invoices"."paid" AND "invoices"."paid_amount" > 0;--> statement-breakpoint
CREATE INDEX "invoices_type_number_prefix_idx" ON "invoices" USING btree ("type","number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "received_invoices_gross_idx" ON "received_invoices" USING btree ("gross_amount" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "received_invoices_seller_nip_trgm" ON "received_invoices" USING gin ("seller_nip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "received_invoices_number_trgm" ON "received_invoices" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carrier_payments_date_idx" ON "carrier_payments" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "invoice_payments_date_idx" ON "invoice_payments" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "bank_statements_created_idx" ON "bank_statements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_type_created_idx" ON "invoices" USING btree ("type","created_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "invoices_type_number_sort_idx" ON "invoices" USING btree ("type","number_sort" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "invoices_ksef_status_idx" ON "invoices" USING btree ("type","ksef_status","created_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "received_invoices_issue_idx" ON "received_invoices" USING btree ("issue_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "received_invoices_unmatched_idx" ON "received_invoices" USING btree ("issue_date" NULLS FIRST,"id") WHERE "received_invoices"."order_id" IS NULL;