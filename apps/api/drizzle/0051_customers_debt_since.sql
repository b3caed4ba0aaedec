ALTER TABLE "customers" ADD COLUMN "debt_since" date;--> statement-breakpoint
CREATE INDEX "customers_owing_company_idx" ON "customers" USING btree ("company_name" NULLS FIRST,"id") WHERE "customers"."debt_since" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_debt_since_idx" ON "customers" USING btree ("debt_since") WHERE "customers"."debt_since" IS NOT NULL;