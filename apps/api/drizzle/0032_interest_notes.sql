CREATE TABLE "interest_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"created_date" date NOT NULL,
	"until_date" date NOT NULL,
	"currency" text NOT NULL,
	"days_late" integer NOT NULL,
	"interest" bigint NOT NULL,
	"periods" jsonb NOT NULL,
	"compensation_eur" integer,
	"compensation_amount" bigint,
	"compensation_rate" integer,
	"compensation_table" text,
	"compensation_rate_date" date,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "interest_notes_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "interest_notes_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "interest_notes" ADD CONSTRAINT "interest_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "interest_notes" ADD CONSTRAINT "interest_notes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "interest_notes_invoice_idx" ON "interest_notes" USING btree ("invoice_id","id");
