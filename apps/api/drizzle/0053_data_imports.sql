CREATE TABLE "data_import_rows" (
	"import_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"outcome" text,
	"error" text,
	"record_uuid" uuid,
	CONSTRAINT "data_import_rows_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "data_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"sheet" text,
	"sheets" text[] DEFAULT '{}' NOT NULL,
	"encoding" text,
	"headers" text[] NOT NULL,
	"row_count" integer NOT NULL,
	"mapping" jsonb NOT NULL,
	"mapping_name" text,
	"duplicates" text DEFAULT 'skip' NOT NULL,
	"create_missing_parties" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'uploaded' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"counts" jsonb,
	"check_counts" jsonb,
	"created_by_id" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	CONSTRAINT "data_imports_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"headers" text[] NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "data_import_rows" ADD CONSTRAINT "data_import_rows_import_id_data_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."data_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_imports" ADD CONSTRAINT "data_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_import_rows_pending_idx" ON "data_import_rows" USING btree ("import_id","row_number") WHERE outcome IS NULL;--> statement-breakpoint
CREATE INDEX "data_imports_created_idx" ON "data_imports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "data_imports_sha_idx" ON "data_imports" USING btree ("sha256","kind");--> statement-breakpoint
CREATE INDEX "data_imports_running_idx" ON "data_imports" USING btree ("id") WHERE state = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "import_mappings_kind_name_uq" ON "import_mappings" USING btree ("kind","name");