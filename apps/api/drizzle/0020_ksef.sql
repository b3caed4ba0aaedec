CREATE TABLE "ksef_config" (
	"id" integer PRIMARY KEY NOT NULL,
	"environment" text DEFAULT 'TEST' NOT NULL,
	"token_cipher" text,
	"token_last4" text,
	"auto_send" boolean DEFAULT false NOT NULL,
	"sync_hourly" boolean DEFAULT false NOT NULL,
	"sync_from" timestamp with time zone,
	"last_sync_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ksef_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"xml" text NOT NULL,
	"hash" text NOT NULL,
	"session_ref" text,
	"invoice_ref" text,
	"posted_at" timestamp with time zone,
	"upo" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"mail_after" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "received_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"ksef_number" text NOT NULL,
	"invoice_number" text NOT NULL,
	"seller_nip" text NOT NULL,
	"seller_name" text,
	"issue_date" date NOT NULL,
	"payment_date" date,
	"net_amount" bigint NOT NULL,
	"vat_amount" bigint NOT NULL,
	"gross_amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"xml" text NOT NULL,
	"order_id" integer,
	"permanent_storage_date" timestamp with time zone,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "received_invoices_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_error" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_hash" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_offline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ksef_outbox" ADD CONSTRAINT "ksef_outbox_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_invoices" ADD CONSTRAINT "received_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ksef_outbox_due_idx" ON "ksef_outbox" USING btree ("next_attempt_at") WHERE "ksef_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ksef_outbox_invoice_idx" ON "ksef_outbox" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "received_invoices_ksef_number_uq" ON "received_invoices" USING btree ("ksef_number");--> statement-breakpoint
CREATE INDEX "received_invoices_issue_idx" ON "received_invoices" USING btree ("issue_date","id");--> statement-breakpoint
CREATE INDEX "received_invoices_seller_idx" ON "received_invoices" USING btree ("seller_nip","issue_date");--> statement-breakpoint
CREATE INDEX "received_invoices_order_idx" ON "received_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "received_invoices_unmatched_idx" ON "received_invoices" USING btree ("issue_date","id") WHERE "received_invoices"."order_id" IS NULL;--> statement-breakpoint
CREATE INDEX "invoices_ksef_status_idx" ON "invoices" USING btree ("type","ksef_status","created_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_ksef_number_uq" ON "invoices" USING btree ("ksef_number") WHERE "invoices"."ksef_number" IS NOT NULL;--> statement-breakpoint
-- The one row of the KSeF connection settings.
INSERT INTO "ksef_config" ("id") VALUES (1) ON CONFLICT DO NOTHING;
