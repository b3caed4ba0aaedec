CREATE TABLE "backup_runs" (
	"scheduled_for" timestamp with time zone PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"host" text NOT NULL,
	"file" text,
	"error" text
);
