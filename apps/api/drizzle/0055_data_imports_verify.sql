ALTER TABLE "data_import_rows" ADD COLUMN "verify_outcome" text;--> statement-breakpoint
ALTER TABLE "data_import_rows" ADD COLUMN "verify_message" text;--> statement-breakpoint
ALTER TABLE "data_imports" ADD COLUMN "verify_state" text;--> statement-breakpoint
ALTER TABLE "data_imports" ADD COLUMN "verify_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_imports" ADD COLUMN "verify_note" text;--> statement-breakpoint
CREATE INDEX "data_import_rows_verify_idx" ON "data_import_rows" USING btree ("import_id","row_number") WHERE verify_outcome = 'pending';--> statement-breakpoint
CREATE INDEX "data_imports_verifying_idx" ON "data_imports" USING btree ("id") WHERE verify_state = 'queued';