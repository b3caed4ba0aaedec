CREATE TABLE "customer_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"token_hash" text,
	"token_sealed" text,
	"sent_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"first_opened_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_links_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "customer_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "customer_milestones" (
	"order_id" integer NOT NULL,
	"milestone" text NOT NULL,
	"mail_id" integer,
	"to" text,
	"kept" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_milestones_order_id_milestone_pk" PRIMARY KEY("order_id","milestone")
);
--> statement-breakpoint
CREATE TABLE "panel_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"panel_user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "panel_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_set_at" timestamp with time zone,
	CONSTRAINT "panel_users_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "panel_users_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "track_show_vehicle" boolean;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "milestone_mails" text;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "visible_to_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "panel_user_id" integer;--> statement-breakpoint
ALTER TABLE "customer_links" ADD CONSTRAINT "customer_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_milestones" ADD CONSTRAINT "customer_milestones_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_milestones" ADD CONSTRAINT "customer_milestones_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_invitations" ADD CONSTRAINT "panel_invitations_panel_user_id_panel_users_id_fk" FOREIGN KEY ("panel_user_id") REFERENCES "public"."panel_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_users" ADD CONSTRAINT "panel_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_users" ADD CONSTRAINT "panel_users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_users" ADD CONSTRAINT "panel_users_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_milestones_mail_idx" ON "customer_milestones" USING btree ("mail_id") WHERE "customer_milestones"."mail_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "panel_invitations_token_uq" ON "panel_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "panel_invitations_user_idx" ON "panel_invitations" USING btree ("panel_user_id");--> statement-breakpoint
CREATE INDEX "panel_users_customer_idx" ON "panel_users" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "panel_users_customer_active_idx" ON "panel_users" USING btree ("customer_id") WHERE "panel_users"."active";--> statement-breakpoint
CREATE INDEX "panel_users_created_by_idx" ON "panel_users" USING btree ("created_by_id") WHERE "panel_users"."created_by_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_panel_user_id_users_id_fk" FOREIGN KEY ("panel_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queries_panel_user_idx" ON "queries" USING btree ("panel_user_id") WHERE "queries"."panel_user_id" IS NOT NULL;