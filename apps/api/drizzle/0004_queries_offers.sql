CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"query_id" integer NOT NULL,
	"carrier_id" integer,
	"acquired_by" text DEFAULT 'brak' NOT NULL,
	"currency" text DEFAULT 'pln' NOT NULL,
	"price" integer NOT NULL,
	"email" text,
	"phone_prefix" text DEFAULT '48' NOT NULL,
	"phone" text,
	"active" boolean DEFAULT true NOT NULL,
	"verification_token_hash" text,
	"verification_expires_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "offers_verification_token_hash_unique" UNIQUE("verification_token_hash")
);
--> statement-breakpoint
CREATE TABLE "queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'aktywne' NOT NULL,
	"user_id" integer,
	"created_by_id" integer,
	"customer_id" integer,
	"customer_price" integer,
	"customer_price_suggested" integer,
	"customer_price_currency" text DEFAULT 'pln' NOT NULL,
	"best_offer" integer,
	"best_offer_currency" text,
	"cargo" text,
	"cargo_length" integer,
	"cargo_width" integer,
	"cargo_height" integer,
	"cargo_weight" integer,
	"loading_street_address" text,
	"loading_postal_code" text,
	"loading_city" text,
	"loading_country" text,
	"loading_date" timestamp with time zone,
	"unloading_street_address" text,
	"unloading_postal_code" text,
	"unloading_city" text,
	"unloading_country" text,
	"unloading_date" timestamp with time zone,
	"loading_type" text DEFAULT 'brak informacji' NOT NULL,
	"distance" integer,
	"loading_latitude" double precision,
	"loading_longitude" double precision,
	"unloading_latitude" double precision,
	"unloading_longitude" double precision,
	"additional_info" text,
	"euro_exchange_rate" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deletion_reason" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "queries_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_query_id_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."queries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_query_idx" ON "offers" USING btree ("query_id","active");--> statement-breakpoint
CREATE INDEX "offers_carrier_idx" ON "offers" USING btree ("carrier_id");--> statement-breakpoint
CREATE INDEX "queries_list_idx" ON "queries" USING btree ("deletion_reason","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "queries_loading_date_idx" ON "queries" USING btree ("loading_date");--> statement-breakpoint
CREATE INDEX "queries_created_idx" ON "queries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "queries_customer_idx" ON "queries" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "queries_user_idx" ON "queries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "queries_loading_country_idx" ON "queries" USING btree ("loading_country","loading_date");--> statement-breakpoint
CREATE INDEX "queries_unloading_country_idx" ON "queries" USING btree ("unloading_country");--> statement-breakpoint
CREATE INDEX "queries_cargo_trgm" ON "queries" USING gin ("cargo" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "queries_loading_city_trgm" ON "queries" USING gin (f_unaccent(lower("loading_city")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "queries_unloading_city_trgm" ON "queries" USING gin (f_unaccent(lower("unloading_city")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "queries_public_idx" ON "queries" USING btree ("loading_date","id") WHERE "queries"."status" = 'aktywne' AND "queries"."deletion_reason" = 0;