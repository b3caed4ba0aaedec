CREATE TABLE "task_contact_tries" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"task_id" integer NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'nieudana' NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_contact_tries_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'niewykonane' NOT NULL,
	"phone_prefix" text DEFAULT '48' NOT NULL,
	"phone" text,
	"user_id" integer,
	"created_by_id" integer,
	"query_id" integer,
	"order_id" integer,
	"comment" text,
	"contact_date" timestamp with time zone NOT NULL,
	"telegram_notification" boolean DEFAULT false NOT NULL,
	"drawer_notification" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"deletion_reason" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tasks_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "task_contact_tries" ADD CONSTRAINT "task_contact_tries_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_query_id_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."queries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_contact_tries_task_idx" ON "task_contact_tries" USING btree ("task_id","date");--> statement-breakpoint
CREATE INDEX "tasks_list_idx" ON "tasks" USING btree ("deletion_reason","status","contact_date");--> statement-breakpoint
CREATE INDEX "tasks_query_idx" ON "tasks" USING btree ("query_id");--> statement-breakpoint
CREATE INDEX "tasks_order_idx" ON "tasks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tasks_badge_idx" ON "tasks" USING btree ("user_id","contact_date") WHERE "tasks"."status" = 'niewykonane' AND "tasks"."drawer_notification" AND "tasks"."deletion_reason" = 0;