CREATE TABLE "bank_csv_mappings" (
	"bank" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" integer NOT NULL,
	"line_hash" text NOT NULL,
	"position" integer NOT NULL,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"counterparty_name" text,
	"counterparty_account" text,
	"match_invoice_id" integer,
	"match_order_id" integer,
	"match_confidence" text,
	"booked_at" timestamp with time zone,
	"booked_invoice_id" integer,
	"booked_order_id" integer,
	CONSTRAINT "bank_statement_lines_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "bank_statement_lines_line_hash_unique" UNIQUE("line_hash")
);--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"bank" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bank_statements_uuid_unique" UNIQUE("uuid")
);--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_match_invoice_id_invoices_id_fk" FOREIGN KEY ("match_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_match_order_id_orders_id_fk" FOREIGN KEY ("match_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_booked_invoice_id_invoices_id_fk" FOREIGN KEY ("booked_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_booked_order_id_orders_id_fk" FOREIGN KEY ("booked_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","position");
