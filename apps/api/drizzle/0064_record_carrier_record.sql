CREATE TABLE "carrier_record_backfill" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	"events" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_record_events" (
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"carrier_id" integer NOT NULL,
	"month" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"on_time" boolean,
	"value" integer,
	CONSTRAINT "carrier_record_events_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "carrier_record_months" (
	"carrier_id" integer NOT NULL,
	"month" date NOT NULL,
	"loadings_timed" integer DEFAULT 0 NOT NULL,
	"loadings_on_time" integer DEFAULT 0 NOT NULL,
	"unloadings_timed" integer DEFAULT 0 NOT NULL,
	"unloadings_on_time" integer DEFAULT 0 NOT NULL,
	"accept_minutes" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"cmr_days" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"invoice_days" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"offers_made" integer DEFAULT 0 NOT NULL,
	"offers_won" integer DEFAULT 0 NOT NULL,
	"orders_carried" integer DEFAULT 0 NOT NULL,
	"positions_shared" integer DEFAULT 0 NOT NULL,
	"ratings" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "carrier_record_months_carrier_id_month_pk" PRIMARY KEY("carrier_id","month")
);
--> statement-breakpoint
CREATE TABLE "order_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL,
	"carrier_id" integer NOT NULL,
	"month" date NOT NULL,
	"score" integer NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "order_ratings_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "order_ratings_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "rating" integer;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "on_time_rate" integer;--> statement-breakpoint
ALTER TABLE "carrier_record_events" ADD CONSTRAINT "carrier_record_events_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_record_months" ADD CONSTRAINT "carrier_record_months_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_record_events_carrier_month_idx" ON "carrier_record_events" USING btree ("carrier_id","month");--> statement-breakpoint
CREATE INDEX "carrier_record_months_month_idx" ON "carrier_record_months" USING btree ("month");--> statement-breakpoint
CREATE INDEX "order_ratings_carrier_idx" ON "order_ratings" USING btree ("carrier_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "carriers_rating_sort_idx" ON "carriers" USING btree ("rating" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "carriers_on_time_rate_sort_idx" ON "carriers" USING btree ("on_time_rate" NULLS FIRST,"id");
--> statement-breakpoint
-- Hand-written: the carrier's kept record (issue 39) is derived, like search_text: neither a change of the carrier
-- (its version) nor a line of its history.
DROP TRIGGER "carriers_version" ON "carriers";--> statement-breakpoint
CREATE TRIGGER carriers_version BEFORE UPDATE ON carriers FOR EACH ROW
  EXECUTE FUNCTION bump_version('search_text', 'company_sort_key', 'name_sort_key', 'rating', 'on_time_rate');--> statement-breakpoint
DROP TRIGGER "carriers_history" ON "carriers";--> statement-breakpoint
CREATE TRIGGER carriers_history AFTER INSERT OR UPDATE OR DELETE ON carriers FOR EACH ROW
  EXECUTE FUNCTION record_history('company_sort_key', 'name_sort_key', 'rating', 'on_time_rate');
