CREATE TABLE "order_number_counters" (
	"period" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'aktywne' NOT NULL,
	"user_id" integer,
	"created_by_id" integer,
	"changed_by_id" integer,
	"show_in_calendar" boolean DEFAULT true NOT NULL,
	"loading_finished" boolean DEFAULT false NOT NULL,
	"unloading_finished" boolean DEFAULT false NOT NULL,
	"customer_id" integer,
	"customer_price" integer,
	"customer_price_currency" text DEFAULT 'pln' NOT NULL,
	"customer_paid" boolean DEFAULT false NOT NULL,
	"customer_paid_confirmed" boolean DEFAULT false NOT NULL,
	"customer_date_of_payment" timestamp with time zone,
	"customer_date_of_payment_string" text,
	"carrier_id" integer,
	"carrier_price" integer,
	"carrier_price_currency" text DEFAULT 'pln' NOT NULL,
	"carrier_acquired_by" text,
	"carrier_paid" boolean DEFAULT false NOT NULL,
	"carrier_paid_confirmed" boolean DEFAULT false NOT NULL,
	"carrier_date_of_payment" timestamp with time zone,
	"carrier_date_of_payment_string" text,
	"carrier_is_payer" boolean DEFAULT false NOT NULL,
	"driver_picks_up_money" boolean DEFAULT false NOT NULL,
	"driver_name" text,
	"driver_id" text,
	"driver_phone_prefix" text DEFAULT '48' NOT NULL,
	"driver_phone" text,
	"truck" text,
	"trailer" text,
	"order_additional_info" text,
	"mail_sent_to_customer" boolean DEFAULT false NOT NULL,
	"mail_sent_to_carrier" boolean DEFAULT false NOT NULL,
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
	CONSTRAINT "orders_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_list_idx" ON "orders" USING btree ("deletion_reason","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_loading_date_idx" ON "orders" USING btree ("loading_date");--> statement-breakpoint
CREATE INDEX "orders_unloading_date_idx" ON "orders" USING btree ("unloading_date");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_carrier_idx" ON "orders" USING btree ("carrier_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_cargo_trgm" ON "orders" USING gin ("cargo" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_loading_city_trgm" ON "orders" USING gin (f_unaccent(lower("loading_city")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_unloading_city_trgm" ON "orders" USING gin (f_unaccent(lower("unloading_city")) gin_trgm_ops);