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
-- The loadings archive (live orders whose unloading is confirmed or its day over, the latest unloading first). A flag
-- asked true (`carrierPaid=true`, `loadingFinished=true`: a value a filter gives as a constant) has a partial index of
-- its own in the archive's order: its page is read in order among the matches, its count from the index alone (status
-- and unloading_finished, the rest of the archive's condition, included). Not the flag as a first column: PostgreSQL
-- then read every unloading-date range (the calendar's month) through it; nor an exact price's index (price, date):
-- where prices repeat, as in the tests' data, it was taken for the calendar and the orders' usual count.
CREATE INDEX IF NOT EXISTS "orders_archive_carrier_paid_idx" ON "orders" USING btree
  ("unloading_date" DESC NULLS LAST, "id") INCLUDE ("status", "unloading_finished")
  WHERE "deletion_reason" = 0 AND "carrier_paid";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_archive_loading_finished_idx" ON "orders" USING btree
  ("unloading_date" DESC NULLS LAST, "id") INCLUDE ("status", "unloading_finished")
  WHERE "deletion_reason" = 0 AND "loading_finished";
--> statement-breakpoint
-- A range of the margin or of the margin percent: the page walks the archive's index (the matches are many); the
-- count reads the range from these alone.
CREATE INDEX IF NOT EXISTS "orders_live_margin_idx" ON "orders" USING btree ("margin")
  INCLUDE ("status", "unloading_finished", "unloading_date") WHERE "deletion_reason" = 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_live_margin_percent_idx" ON "orders" USING btree ("margin_percent")
  INCLUDE ("status", "unloading_finished", "unloading_date") WHERE "deletion_reason" = 0;
--> statement-breakpoint
-- Tasks with the drawer's notification (`drawerNotification=true`) in the list's order: the page walked 10,000 tasks
-- of the default order's index for 15, the count read the table.
CREATE INDEX IF NOT EXISTS "tasks_drawer_order_idx" ON "tasks" USING btree ("contact_date" NULLS FIRST, "id")
  WHERE "deletion_reason" = 0 AND "drawer_notification";
--> statement-breakpoint
-- Debtors (`/api/customers?debtor=true`): customers.debt_since (migration 0051), the earliest payment date among the
-- customer's open VAT invoices (not paid, something due), kept in the transaction of every write of invoices. Only
-- the customers of rows that were or are open are recomputed (no other row can change the earliest date), each from
-- invoices_customer_unpaid_idx, and written only when the date changed, locked in id order (two statements touching
-- the same customers lock them in one order). The filter was an EXISTS per customer: the page probed the invoices of
-- 13,368 customers walked in name order for 30 debtors, the count read every overdue invoice.
CREATE OR REPLACE FUNCTION refresh_customer_debt_since(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH kept AS (
    SELECT c.id, (SELECT min(i.payment_date) FROM invoices i WHERE i.customer_id = c.id
      AND NOT i.paid AND i.type = 'vat' AND i.due_amount > 0) AS since
    FROM customers c WHERE c.id = ANY (ids)
  ), changed AS (
    SELECT c.id, k.since FROM customers c JOIN kept k ON k.id = c.id
    WHERE c.debt_since IS DISTINCT FROM k.since ORDER BY c.id FOR UPDATE OF c
  )
  UPDATE customers c SET debt_since = changed.since FROM changed WHERE c.id = changed.id;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_debt_since_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  -- Each operation's transition tables only (a statement trigger's function cannot name one its trigger lacks).
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT customer_id) INTO ids FROM new_rows
      WHERE type = 'vat' AND NOT paid AND due_amount > 0 AND customer_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT customer_id) INTO ids FROM old_rows
      WHERE type = 'vat' AND NOT paid AND due_amount > 0 AND customer_id IS NOT NULL;
  ELSE
    SELECT array_agg(DISTINCT customer_id) INTO ids FROM (
      SELECT customer_id FROM new_rows WHERE type = 'vat' AND NOT paid AND due_amount > 0
      UNION ALL SELECT customer_id FROM old_rows WHERE type = 'vat' AND NOT paid AND due_amount > 0
    ) open_rows WHERE customer_id IS NOT NULL;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM refresh_customer_debt_since(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_debt_since_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers SET debt_since = NULL WHERE debt_since IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_debt_since_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_debt_since_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_debt_since_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_debt_since_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_debt_since_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_debt_since_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_debt_since_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION customer_debt_since_truncated();
--> statement-breakpoint
-- Derived, like search_text and the sort keys: neither a change of the customer (its version) nor a line of its history.
DROP TRIGGER "customers_version" ON "customers";
--> statement-breakpoint
CREATE TRIGGER customers_version BEFORE UPDATE ON customers FOR EACH ROW
  EXECUTE FUNCTION bump_version('search_text', 'company_sort_key', 'name_sort_key', 'debt_since');
--> statement-breakpoint
DROP TRIGGER "customers_history" ON "customers";
--> statement-breakpoint
CREATE TRIGGER customers_history AFTER INSERT OR UPDATE OR DELETE ON customers FOR EACH ROW
  EXECUTE FUNCTION record_history('company_sort_key', 'name_sort_key', 'debt_since');
--> statement-breakpoint
-- The present invoices' dates (as customer_debt_since_changed would have kept them).
UPDATE customers c SET debt_since = d.since
  FROM (SELECT customer_id, min(payment_date) AS since FROM invoices
        WHERE type = 'vat' AND NOT paid AND due_amount > 0 AND customer_id IS NOT NULL GROUP BY customer_id) d
  WHERE c.id = d.customer_id AND c.debt_since IS DISTINCT FROM d.since;
