CREATE TABLE "carriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text,
	"name" text,
	"phone_prefix" text DEFAULT '48' NOT NULL,
	"phone" text,
	"email" text,
	"street_address" text,
	"postal_code" text,
	"city" text,
	"country" text,
	"nip" text,
	"language" text DEFAULT 'Polski' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(company_name, '') || ' ' || coalesce(name, '') || ' ' || coalesce(nip, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(email, '') || ' ' || coalesce(city, '')))) STORED,
	"account_number" text,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"max_cargo_length" integer,
	"max_cargo_width" integer,
	"max_cargo_height" integer,
	"max_cargo_weight" integer,
	"method_of_contact" text,
	CONSTRAINT "carriers_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text,
	"name" text,
	"phone_prefix" text DEFAULT '48' NOT NULL,
	"phone" text,
	"email" text,
	"street_address" text,
	"postal_code" text,
	"city" text,
	"country" text,
	"nip" text,
	"language" text DEFAULT 'Polski' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(company_name, '') || ' ' || coalesce(name, '') || ' ' || coalesce(nip, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(email, '') || ' ' || coalesce(city, '')))) STORED,
	"acquired_by" text,
	CONSTRAINT "customers_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_nip_uq" ON "carriers" USING btree ("nip") WHERE "carriers"."nip" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_phone_uq" ON "carriers" USING btree ("phone_prefix","phone") WHERE "carriers"."phone" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "carriers_search_trgm" ON "carriers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carriers_company_name_idx" ON "carriers" USING btree ("company_name");--> statement-breakpoint
CREATE INDEX "carriers_countries_gin" ON "carriers" USING gin ("countries");--> statement-breakpoint
CREATE INDEX "carriers_capacity_idx" ON "carriers" USING btree ("max_cargo_weight","max_cargo_length");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_nip_uq" ON "customers" USING btree ("nip") WHERE "customers"."nip" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_phone_uq" ON "customers" USING btree ("phone_prefix","phone") WHERE "customers"."phone" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_search_trgm" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_company_name_idx" ON "customers" USING btree ("company_name");