ALTER TABLE "orders" ADD COLUMN "mail_sent_to_customer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mail_sent_to_customer_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mail_sent_to_carrier_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mail_sent_to_carrier_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "query_uuid" uuid;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "pending_offers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "customer_date_of_payment" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "customer_date_of_payment_string" text;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "order_additional_info" text;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "order_uuid" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_query_uuid_queries_uuid_fk" FOREIGN KEY ("query_uuid") REFERENCES "public"."queries"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_order_uuid_orders_uuid_fk" FOREIGN KEY ("order_uuid") REFERENCES "public"."orders"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_query_idx" ON "orders" USING btree ("query_uuid");