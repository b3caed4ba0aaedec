CREATE TABLE "carrier_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"carrier_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by_id" integer,
	CONSTRAINT "carrier_api_keys_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "carrier_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "order_etas" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"eta_at" timestamp with time zone NOT NULL,
	"minutes_late" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"position_at" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"basis" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"carrier_id" integer,
	"plate" text,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"accuracy" double precision,
	"speed" double precision,
	"heading" double precision,
	"source" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_api_keys" ADD CONSTRAINT "carrier_api_keys_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_api_keys" ADD CONSTRAINT "carrier_api_keys_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_api_keys" ADD CONSTRAINT "carrier_api_keys_revoked_by_id_users_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_etas" ADD CONSTRAINT "order_etas_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_api_keys_carrier_idx" ON "carrier_api_keys" USING btree ("carrier_id","id");--> statement-breakpoint
CREATE INDEX "order_etas_late_idx" ON "order_etas" USING btree ("order_id") WHERE "order_etas"."status" = 'opoznienie';--> statement-breakpoint
CREATE INDEX "order_etas_position_at_idx" ON "order_etas" USING btree ("position_at");--> statement-breakpoint
CREATE INDEX "positions_order_at_idx" ON "positions" USING btree ("order_id","at" DESC NULLS LAST) WHERE "positions"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "positions_at_idx" ON "positions" USING btree ("at");--> statement-breakpoint
CREATE INDEX "positions_unattached_idx" ON "positions" USING btree ("received_at") WHERE "positions"."order_id" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_carrier_truck_idx" ON "orders" USING btree ("carrier_id",regexp_replace(upper("truck"), '[^A-Z0-9]', '', 'g')) WHERE "orders"."deletion_reason" = 0 AND "orders"."truck" IS NOT NULL;