CREATE TABLE "invoice_number_counters" (
	"type" text NOT NULL,
	"period" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_number_counters_type_period_pk" PRIMARY KEY("type","period")
);
--> statement-breakpoint
CREATE TABLE "invoice_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"amount" integer NOT NULL,
	"unit" text DEFAULT 'km' NOT NULL,
	"netto" bigint NOT NULL,
	"netto_value" bigint NOT NULL,
	"vat_rate" integer NOT NULL,
	"vat_value" bigint NOT NULL,
	"brutto_value" bigint NOT NULL,
	CONSTRAINT "invoice_positions_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"number" text NOT NULL,
	"number_sort" bigint NOT NULL,
	"created_date" date NOT NULL,
	"sale_date" date NOT NULL,
	"payment_date" date,
	"payment_date_string" text,
	"payment_method" text DEFAULT 'przelew' NOT NULL,
	"currency" text DEFAULT 'pln' NOT NULL,
	"description" text,
	"vendor_name" text NOT NULL,
	"vendor_nip" text NOT NULL,
	"vendor_street_address" text NOT NULL,
	"vendor_postal_code" text NOT NULL,
	"vendor_city" text NOT NULL,
	"vendor_bank_account" text,
	"customer_id" integer,
	"customer_name" text NOT NULL,
	"customer_nip" text NOT NULL,
	"customer_street_address" text NOT NULL,
	"customer_postal_code" text NOT NULL,
	"customer_city" text NOT NULL,
	"customer_country" text DEFAULT 'PL' NOT NULL,
	"customer_email" text,
	"correction_reason" text,
	"corrected_document_number" text,
	"corrected_document_date" date,
	"corrected_invoice_id" integer,
	"order_id" integer,
	"order_pro_forma_id" integer,
	"invoice_sent" boolean DEFAULT false NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"paid_date" date,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"exchange_rate" integer,
	"exchange_rate_source" text,
	"exchange_rate_table" text,
	"exchange_rate_date" date,
	"total_net" bigint DEFAULT 0 NOT NULL,
	"total_vat" bigint DEFAULT 0 NOT NULL,
	"total_gross" bigint DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachment_refs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_positions" ADD CONSTRAINT "invoice_positions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_pro_forma_id_orders_id_fk" FOREIGN KEY ("order_pro_forma_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_positions_invoice_idx" ON "invoice_positions" USING btree ("invoice_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_type_number_uq" ON "invoices" USING btree ("type","number");--> statement-breakpoint
CREATE INDEX "invoices_type_created_idx" ON "invoices" USING btree ("type","created_date","id");--> statement-breakpoint
CREATE INDEX "invoices_type_number_sort_idx" ON "invoices" USING btree ("type","number_sort","id");--> statement-breakpoint
CREATE INDEX "invoices_type_payment_idx" ON "invoices" USING btree ("type","payment_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "invoices_sale_date_idx" ON "invoices" USING btree ("sale_date");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_order_pro_forma_idx" ON "invoices" USING btree ("order_pro_forma_id");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "invoices_corrected_idx" ON "invoices" USING btree ("corrected_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_number_trgm" ON "invoices" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_customer_name_trgm" ON "invoices" USING gin (f_unaccent(lower("customer_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_customer_nip_trgm" ON "invoices" USING gin ("customer_nip" gin_trgm_ops);