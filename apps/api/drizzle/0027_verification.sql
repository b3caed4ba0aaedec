CREATE TABLE "verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer,
	"carrier_id" integer,
	"source" text NOT NULL,
	"asked" jsonb NOT NULL,
	"answer" jsonb,
	"proof_id" text,
	"outcome" text NOT NULL,
	"order_id" integer,
	"override_reason" text,
	"checked_by_id" integer,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_on" date NOT NULL,
	CONSTRAINT "verifications_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "whitelist_daily_counter" (
	"day" date PRIMARY KEY NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier_bank_account" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cargo_value" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cargo_value_currency" text DEFAULT 'pln' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier_verification_override" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "bank_accounts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "vat_status" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "vat_status_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "registry_status" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "ocp_insurer" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "ocp_policy_number" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "ocp_sum" bigint;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "ocp_sum_currency" text DEFAULT 'pln' NOT NULL;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "ocp_valid_from" date;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "ocp_valid_to" date;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "licence_number" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "licence_valid_to" date;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "ocp_reminded_for" date;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "licence_reminded_for" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_accounts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "vat_status" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "vat_status_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "registry_status" text;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_checked_by_id_users_id_fk" FOREIGN KEY ("checked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verifications_customer_idx" ON "verifications" USING btree ("customer_id","checked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verifications_carrier_idx" ON "verifications" USING btree ("carrier_id","checked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verifications_order_idx" ON "verifications" USING btree ("order_id");