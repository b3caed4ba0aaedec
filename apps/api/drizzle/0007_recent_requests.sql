CREATE TABLE "recent_requests" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"status" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
