-- Hand-written (issue 35): indexes for list filters whose total (counted up to 10,001) or page read many rows for few
-- matches. Hand-written because drizzle's index builder has no INCLUDE: an INCLUDE column lets the count be read from
-- the index alone (no heap visit per entry), a trailing key column is checked inside the index.
--
-- The payments cockpit (/api/payments): a filtered view sums the price per currency over every match. Its partial
-- indexes now carry the currency and price, so that the sums and the count are index-only scans:
-- `loadingDate[...]` the loading index, `amount[...]` the amount index, `search=` the number index (with the number
-- and the parties the search matches against). Before: a Seq Scan or a bitmap heap scan of every open order.
DROP INDEX IF EXISTS "orders_customer_unpaid_loading_idx";
--> statement-breakpoint
CREATE INDEX "orders_customer_unpaid_loading_idx" ON "orders" USING btree ("loading_date" NULLS FIRST, "id")
  INCLUDE ("customer_price_currency", "customer_price")
  WHERE NOT "customer_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_carrier_unpaid_loading_idx";
--> statement-breakpoint
CREATE INDEX "orders_carrier_unpaid_loading_idx" ON "orders" USING btree ("loading_date" NULLS FIRST, "id")
  INCLUDE ("carrier_price_currency", "carrier_price")
  WHERE NOT "carrier_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_customer_unpaid_amount_idx";
--> statement-breakpoint
CREATE INDEX "orders_customer_unpaid_amount_idx" ON "orders" USING btree ("customer_price" NULLS FIRST, "id")
  INCLUDE ("customer_price_currency")
  WHERE NOT "customer_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_carrier_unpaid_amount_idx";
--> statement-breakpoint
CREATE INDEX "orders_carrier_unpaid_amount_idx" ON "orders" USING btree ("carrier_price" NULLS FIRST, "id")
  INCLUDE ("carrier_price_currency")
  WHERE NOT "carrier_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_customer_unpaid_number_idx";
--> statement-breakpoint
CREATE INDEX "orders_customer_unpaid_number_idx" ON "orders" USING btree ("id" NULLS FIRST)
  INCLUDE ("customer_price_currency", "customer_price", "number", "customer_id", "carrier_id")
  WHERE NOT "customer_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_carrier_unpaid_number_idx";
--> statement-breakpoint
CREATE INDEX "orders_carrier_unpaid_number_idx" ON "orders" USING btree ("id" NULLS FIRST)
  INCLUDE ("carrier_price_currency", "carrier_price", "number", "customer_id", "carrier_id")
  WHERE NOT "carrier_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');
--> statement-breakpoint
-- The loadings archive (live orders whose unloading is confirmed or its day over, the latest unloading first): an
-- exact price or a flag is the index's first column, followed by the archive's order, so that its page is read in
-- order among the matches only (`customerPrice=710000` walked 31,713 orders of the archive's index for 15), and
-- status and unloading_finished (the rest of the archive's condition) are included for its count.
CREATE INDEX IF NOT EXISTS "orders_archive_customer_price_idx" ON "orders" USING btree
  ("customer_price", "unloading_date" DESC NULLS LAST, "id") INCLUDE ("status", "unloading_finished")
  WHERE "deletion_reason" = 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_archive_carrier_price_idx" ON "orders" USING btree
  ("carrier_price", "unloading_date" DESC NULLS LAST, "id") INCLUDE ("status", "unloading_finished")
  WHERE "deletion_reason" = 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_archive_carrier_paid_idx" ON "orders" USING btree
  ("carrier_paid", "unloading_date" DESC NULLS LAST, "id") INCLUDE ("status", "unloading_finished")
  WHERE "deletion_reason" = 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_archive_loading_finished_idx" ON "orders" USING btree
  ("loading_finished", "unloading_date" DESC NULLS LAST, "id") INCLUDE ("status", "unloading_finished")
  WHERE "deletion_reason" = 0;
--> statement-breakpoint
-- A range of the margin or of the margin percent: the page walks the archive's index (the matches are many); the
-- count reads the range from these alone.
CREATE INDEX IF NOT EXISTS "orders_live_margin_idx" ON "orders" USING btree ("margin")
  INCLUDE ("status", "unloading_finished", "unloading_date") WHERE "deletion_reason" = 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_live_margin_percent_idx" ON "orders" USING btree ("margin_percent")
  INCLUDE ("status", "unloading_finished", "unloading_date") WHERE "deletion_reason" = 0;
--> statement-breakpoint
-- Tasks with the drawer's notification (`drawerNotification=true|false`) in the list's order: the page walked 10,000
-- tasks of the default order's index for 15, the count read the table.
CREATE INDEX IF NOT EXISTS "tasks_drawer_order_idx" ON "tasks" USING btree
  ("drawer_notification", "contact_date" NULLS FIRST, "id") WHERE "deletion_reason" = 0;
