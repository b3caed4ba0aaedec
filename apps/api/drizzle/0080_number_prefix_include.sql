-- The number filter's prefix index, now holding the id and the deletion mark (hand-written: drizzle's index builder has
-- no INCLUDE). A prefix typed by a dispatcher ('12' is 12/…, 120/…, 1200/…) whose matches lie past the list's first
-- rows is answered from its matches on their own: their ids are now read from this index alone and the page's taken
-- by a top-N sort, where every match was read from the table (66,666 rows at 1,000,000 orders: 358 ms → 14–38 ms).
DROP INDEX "orders_number_prefix_idx";--> statement-breakpoint
CREATE INDEX "orders_number_prefix_idx" ON "orders" USING btree ("number" text_pattern_ops) INCLUDE ("id", "deletion_reason");
