ALTER TABLE "orders" ADD COLUMN "chosen_offer_uuid" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_chosen_offer_uuid_offers_uuid_fk" FOREIGN KEY ("chosen_offer_uuid") REFERENCES "public"."offers"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_chosen_offer_idx" ON "orders" USING btree ("chosen_offer_uuid");