CREATE TABLE "invoice_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" integer NOT NULL,
	"day" integer NOT NULL,
	"language" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"due_amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"mail_id" integer,
	"manual" boolean DEFAULT false NOT NULL,
	"sent_by_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "invoice_reminders_invoice_day_uq" UNIQUE("invoice_id","day")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "no_reminders" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "invoice_reminders_sent_idx" ON "invoice_reminders" USING btree ("sent_at");
