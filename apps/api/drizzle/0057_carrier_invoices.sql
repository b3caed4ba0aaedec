CREATE TABLE "carrier_invoice_orders" (
	"carrier_invoice_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "carrier_invoice_orders_carrier_invoice_id_order_id_pk" PRIMARY KEY("carrier_invoice_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "carrier_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text DEFAULT 'vat' NOT NULL,
	"corrected_id" integer,
	"source" text DEFAULT 'hand' NOT NULL,
	"received_invoice_id" integer,
	"portal_document_id" integer,
	"carrier_id" integer NOT NULL,
	"number" text NOT NULL,
	"issue_date" date NOT NULL,
	"received_date" date,
	"documents_received_date" date,
	"currency" text DEFAULT 'pln' NOT NULL,
	"net_amount" bigint NOT NULL,
	"vat_amount" bigint NOT NULL,
	"gross_amount" bigint NOT NULL,
	"exchange_rate" integer,
	"bank_account" text,
	"payment_term_days" integer DEFAULT 60 NOT NULL,
	"payment_term_from" text DEFAULT 'documents' NOT NULL,
	"due_date" date,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"due_amount" bigint DEFAULT 0 NOT NULL,
	"paid_date" date,
	"batch_id" integer,
	"held" boolean DEFAULT false NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"deletion_reason" integer DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "carrier_invoices_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"direction" text NOT NULL,
	"invoice_id" integer,
	"carrier_invoice_id" integer,
	"order_id" integer,
	"customer_id" integer,
	"carrier_id" integer,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"method" text DEFAULT 'przelew' NOT NULL,
	"note" text,
	"statement_line_id" integer,
	"transfer_line_id" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payments_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "transfer_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'przygotowana' NOT NULL,
	"execution_date" date NOT NULL,
	"refused" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"elixir_file" text,
	"pain001_file" text,
	"exported_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "transfer_batches_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "transfer_line_invoices" (
	"line_id" integer NOT NULL,
	"carrier_invoice_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "transfer_line_invoices_line_id_carrier_invoice_id_pk" PRIMARY KEY("line_id","carrier_invoice_id")
);
--> statement-breakpoint
CREATE TABLE "transfer_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" integer NOT NULL,
	"position" integer NOT NULL,
	"carrier_id" integer NOT NULL,
	"account" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"title" text NOT NULL,
	"mpp" boolean DEFAULT false NOT NULL,
	"vat_amount" bigint DEFAULT 0 NOT NULL,
	"whitelist_status" text NOT NULL,
	"whitelist_request_id" text,
	"override_reason" text,
	"paid_at" timestamp with time zone,
	CONSTRAINT "transfer_lines_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier_payment_term_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier_payment_term_from" text;--> statement-breakpoint
ALTER TABLE "carrier_invoice_orders" ADD CONSTRAINT "carrier_invoice_orders_carrier_invoice_id_carrier_invoices_id_fk" FOREIGN KEY ("carrier_invoice_id") REFERENCES "public"."carrier_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoice_orders" ADD CONSTRAINT "carrier_invoice_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoices" ADD CONSTRAINT "carrier_invoices_corrected_id_carrier_invoices_id_fk" FOREIGN KEY ("corrected_id") REFERENCES "public"."carrier_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoices" ADD CONSTRAINT "carrier_invoices_received_invoice_id_received_invoices_id_fk" FOREIGN KEY ("received_invoice_id") REFERENCES "public"."received_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoices" ADD CONSTRAINT "carrier_invoices_portal_document_id_order_documents_id_fk" FOREIGN KEY ("portal_document_id") REFERENCES "public"."order_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoices" ADD CONSTRAINT "carrier_invoices_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoices" ADD CONSTRAINT "carrier_invoices_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_carrier_invoice_id_carrier_invoices_id_fk" FOREIGN KEY ("carrier_invoice_id") REFERENCES "public"."carrier_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_batches" ADD CONSTRAINT "transfer_batches_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_line_invoices" ADD CONSTRAINT "transfer_line_invoices_line_id_transfer_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."transfer_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_line_invoices" ADD CONSTRAINT "transfer_line_invoices_carrier_invoice_id_carrier_invoices_id_fk" FOREIGN KEY ("carrier_invoice_id") REFERENCES "public"."carrier_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_lines" ADD CONSTRAINT "transfer_lines_batch_id_transfer_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."transfer_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_lines" ADD CONSTRAINT "transfer_lines_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_invoice_orders_order_idx" ON "carrier_invoice_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_invoices_number_uq" ON "carrier_invoices" USING btree ("carrier_id",lower("number")) WHERE "carrier_invoices"."deletion_reason" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_invoices_received_uq" ON "carrier_invoices" USING btree ("received_invoice_id") WHERE "carrier_invoices"."deletion_reason" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_invoices_portal_uq" ON "carrier_invoices" USING btree ("portal_document_id") WHERE "carrier_invoices"."deletion_reason" = 0;--> statement-breakpoint
CREATE INDEX "carrier_invoices_issue_idx" ON "carrier_invoices" USING btree ("issue_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carrier_invoices_carrier_idx" ON "carrier_invoices" USING btree ("carrier_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "carrier_invoices_corrected_idx" ON "carrier_invoices" USING btree ("corrected_id");--> statement-breakpoint
CREATE INDEX "carrier_invoices_batch_idx" ON "carrier_invoices" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "carrier_invoices_open_due_idx" ON "carrier_invoices" USING btree ("due_date" NULLS FIRST,"id") WHERE "carrier_invoices"."due_amount" > 0 AND "carrier_invoices"."deletion_reason" = 0 AND "carrier_invoices"."type" = 'vat';--> statement-breakpoint
CREATE INDEX "carrier_invoices_number_trgm" ON "carrier_invoices" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id","date","id");--> statement-breakpoint
CREATE INDEX "payments_carrier_invoice_idx" ON "payments" USING btree ("carrier_invoice_id","date","id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "payments_direction_date_idx" ON "payments" USING btree ("direction","date","id");--> statement-breakpoint
CREATE INDEX "payments_transfer_line_idx" ON "payments" USING btree ("transfer_line_id");--> statement-breakpoint
CREATE INDEX "transfer_batches_created_idx" ON "transfer_batches" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "transfer_line_invoices_invoice_idx" ON "transfer_line_invoices" USING btree ("carrier_invoice_id");--> statement-breakpoint
CREATE INDEX "transfer_lines_batch_idx" ON "transfer_lines" USING btree ("batch_id","position");--> statement-breakpoint
CREATE INDEX "transfer_lines_open_idx" ON "transfer_lines" USING btree ("account","amount") WHERE "transfer_lines"."paid_at" IS NULL;