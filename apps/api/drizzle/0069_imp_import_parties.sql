CREATE TABLE "data_import_parties" (
	"import_id" integer NOT NULL,
	"kind" text NOT NULL,
	"record_uuid" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"verify_outcome" text,
	"verify_message" text,
	CONSTRAINT "data_import_parties_import_id_kind_record_uuid_pk" PRIMARY KEY("import_id","kind","record_uuid")
);
--> statement-breakpoint
DROP INDEX "data_import_rows_verify_idx";--> statement-breakpoint
ALTER TABLE "data_import_parties" ADD CONSTRAINT "data_import_parties_import_id_data_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."data_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_import_parties_verify_idx" ON "data_import_parties" USING btree ("import_id","row_number") WHERE verify_outcome = 'pending';--> statement-breakpoint
-- The queues asked for before: each row's party, as the rows kept it.
INSERT INTO "data_import_parties" ("import_id", "kind", "record_uuid", "row_number", "verify_outcome", "verify_message")
SELECT DISTINCT ON (r."import_id", r."record_uuid") r."import_id", i."kind", r."record_uuid", r."row_number", r."verify_outcome", r."verify_message"
FROM "data_import_rows" r JOIN "data_imports" i ON i."id" = r."import_id"
WHERE r."verify_outcome" IS NOT NULL AND r."record_uuid" IS NOT NULL AND i."kind" IN ('customers', 'carriers')
ORDER BY r."import_id", r."record_uuid", r."row_number";--> statement-breakpoint
ALTER TABLE "data_import_rows" DROP COLUMN "verify_outcome";--> statement-breakpoint
ALTER TABLE "data_import_rows" DROP COLUMN "verify_message";