CREATE TABLE "carrier_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"method" text DEFAULT 'przelew' NOT NULL,
	"note" text,
	"statement_line_id" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "carrier_payments_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" integer NOT NULL,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"method" text DEFAULT 'przelew' NOT NULL,
	"note" text,
	"statement_line_id" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_payments_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_payments" ADD CONSTRAINT "carrier_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_payments" ADD CONSTRAINT "carrier_payments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_payments_order_idx" ON "carrier_payments" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","date","id") WHERE "invoice_payments"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_all_idx" ON "invoice_payments" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE INDEX "invoices_unpaid_idx" ON "invoices" USING btree ("type","payment_date","id") WHERE NOT "invoices"."paid";--> statement-breakpoint
CREATE INDEX "invoices_customer_unpaid_idx" ON "invoices" USING btree ("customer_id","payment_date") WHERE NOT "invoices"."paid";