CREATE TABLE "telegram_bot" (
	"id" integer PRIMARY KEY NOT NULL,
	"token_ciphertext" text,
	"update_offset" bigint DEFAULT 0 NOT NULL,
	"update_bot_id" text,
	"poll_locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_link_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"chat_id" text NOT NULL,
	"html" text NOT NULL,
	"summary" text NOT NULL,
	"task_id" integer,
	"contact_date" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "telegram_messages_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "telegram_reminded_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "telegram_on_assignment" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "telegram_on_offer_verified" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "telegram_link_codes" ADD CONSTRAINT "telegram_link_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_messages" ADD CONSTRAINT "telegram_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_messages" ADD CONSTRAINT "telegram_messages_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_link_codes_user_idx" ON "telegram_link_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "telegram_messages_due_idx" ON "telegram_messages" USING btree ("next_attempt_at") WHERE "telegram_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "telegram_messages_sending_idx" ON "telegram_messages" USING btree ("locked_until") WHERE "telegram_messages"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "telegram_messages_user_idx" ON "telegram_messages" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "telegram_messages_created_idx" ON "telegram_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_messages_reminder_uq" ON "telegram_messages" USING btree ("task_id","contact_date") WHERE "telegram_messages"."kind" = 'reminder';--> statement-breakpoint
CREATE INDEX "tasks_telegram_due_idx" ON "tasks" USING btree ("contact_date") WHERE "tasks"."status" = 'niewykonane' AND "tasks"."telegram_notification" AND "tasks"."deletion_reason" = 0 AND "tasks"."telegram_reminded_for" IS DISTINCT FROM "tasks"."contact_date";