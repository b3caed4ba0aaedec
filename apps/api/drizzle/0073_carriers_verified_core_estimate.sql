DROP INDEX "carriers_verified_core_idx";--> statement-breakpoint
CREATE INDEX "carriers_verified_core_idx" ON "carriers" USING btree ("verified_at","ocp_valid_to") WHERE ("carriers"."verified_at" IS NOT NULL
  AND ("carriers"."registry_status" IS NULL OR "carriers"."registry_status" = 'aktywna')
  AND (("carriers"."country" IS NOT NULL AND "carriers"."country" <> 'PL') OR "carriers"."vat_status" IS NOT DISTINCT FROM 'Czynny')
  AND "carriers"."ocp_valid_to" IS NOT NULL);