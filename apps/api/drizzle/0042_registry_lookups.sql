CREATE TABLE "registry_lookups" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"nip" text NOT NULL,
	"answer" jsonb NOT NULL,
	"checked_by_id" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_lookups_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "registry_lookups" ADD CONSTRAINT "registry_lookups_checked_by_id_users_id_fk" FOREIGN KEY ("checked_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registry_lookups_checked_at_idx" ON "registry_lookups" USING btree ("checked_at");