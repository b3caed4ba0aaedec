-- The payments cockpit's orders (as orders_customer_unpaid_idx / orders_carrier_unpaid_idx of 0017/0022, outside the
-- schema): per side an index for each sortable column, NULLS FIRST as `order[x]=asc` sorts (read backwards for desc).
CREATE INDEX IF NOT EXISTS "orders_customer_unpaid_date_idx" ON "orders" USING btree ("customer_date_of_payment" NULLS FIRST, "id") WHERE NOT "customer_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_customer_unpaid_number_idx" ON "orders" USING btree ("id" NULLS FIRST) WHERE NOT "customer_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_customer_unpaid_loading_idx" ON "orders" USING btree ("loading_date" NULLS FIRST, "id") WHERE NOT "customer_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_customer_unpaid_amount_idx" ON "orders" USING btree ("customer_price" NULLS FIRST, "id") WHERE NOT "customer_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_carrier_unpaid_date_idx" ON "orders" USING btree ("carrier_payment_due" NULLS FIRST, "id") WHERE NOT "carrier_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_carrier_unpaid_number_idx" ON "orders" USING btree ("id" NULLS FIRST) WHERE NOT "carrier_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_carrier_unpaid_loading_idx" ON "orders" USING btree ("loading_date" NULLS FIRST, "id") WHERE NOT "carrier_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_carrier_unpaid_amount_idx" ON "orders" USING btree ("carrier_price" NULLS FIRST, "id") WHERE NOT "carrier_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');
--> statement-breakpoint
-- Hand-written (issue 35): values kept on write so that the money lists read a page's worth, not the table.
--
-- The invoices' count and sums per type, currency and month of issue, as net changes (as status_counts): an edit that
-- changes none of them adds nothing; a reader folds them (modules/invoices/kept.ts).
CREATE OR REPLACE FUNCTION invoice_month_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_month_totals (type, currency, month, n, total_net, total_vat, total_gross)
      SELECT type, currency, date_trunc('month', created_date)::date, count(*), sum(total_net), sum(total_vat),
        sum(total_gross)
      FROM new_rows GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invoice_month_totals (type, currency, month, n, total_net, total_vat, total_gross)
      SELECT type, currency, date_trunc('month', created_date)::date, -count(*), -sum(total_net), -sum(total_vat),
        -sum(total_gross)
      FROM old_rows GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO invoice_month_totals (type, currency, month, n, total_net, total_vat, total_gross)
      SELECT type, currency, month, sum(d), sum(net), sum(vat), sum(gross) FROM (
        SELECT type, currency, date_trunc('month', created_date)::date AS month, -1 AS d, -total_net AS net,
          -total_vat AS vat, -total_gross AS gross FROM old_rows
        UNION ALL SELECT type, currency, date_trunc('month', created_date)::date, 1, total_net, total_vat, total_gross
          FROM new_rows
      ) changes GROUP BY type, currency, month
      HAVING sum(d) <> 0 OR sum(net) <> 0 OR sum(vat) <> 0 OR sum(gross) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_month_totals_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_month_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_month_totals_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_month_totals_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_month_totals_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_month_totals_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_month_totals_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_month_totals_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_month_totals_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_month_totals_truncated();
--> statement-breakpoint
-- What each customer owes per currency: the open VAT invoices (not paid, something due), one row per customer and
-- currency changed in place, in key order (two statements touching the same customers lock them in one order).
CREATE OR REPLACE FUNCTION customer_balances_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO customer_balances AS b (customer_id, currency, due, n)
      SELECT customer_id, currency, sum(due_amount), count(*) FROM new_rows
      WHERE type = 'vat' AND NOT paid AND due_amount > 0 AND customer_id IS NOT NULL
      GROUP BY customer_id, currency ORDER BY customer_id, currency
    ON CONFLICT (customer_id, currency) DO UPDATE SET due = b.due + excluded.due, n = b.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO customer_balances AS b (customer_id, currency, due, n)
      SELECT customer_id, currency, -sum(due_amount), -count(*) FROM old_rows
      WHERE type = 'vat' AND NOT paid AND due_amount > 0 AND customer_id IS NOT NULL
      GROUP BY customer_id, currency ORDER BY customer_id, currency
    ON CONFLICT (customer_id, currency) DO UPDATE SET due = b.due + excluded.due, n = b.n + excluded.n;
  ELSE
    INSERT INTO customer_balances AS b (customer_id, currency, due, n)
      SELECT customer_id, currency, sum(due), sum(d) FROM (
        SELECT customer_id, currency, -due_amount AS due, -1 AS d FROM old_rows
          WHERE type = 'vat' AND NOT paid AND due_amount > 0 AND customer_id IS NOT NULL
        UNION ALL SELECT customer_id, currency, due_amount, 1 FROM new_rows
          WHERE type = 'vat' AND NOT paid AND due_amount > 0 AND customer_id IS NOT NULL
      ) changes GROUP BY customer_id, currency HAVING sum(d) <> 0 OR sum(due) <> 0
      ORDER BY customer_id, currency
    ON CONFLICT (customer_id, currency) DO UPDATE SET due = b.due + excluded.due, n = b.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_balances_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_balances;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_customer_balances_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_balances_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_customer_balances_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_balances_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_customer_balances_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_balances_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_customer_balances_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION customer_balances_truncated();
--> statement-breakpoint
-- The payments cockpit's open orders per side, currency and payment day (the UTC day the date is kept as), as net
-- changes: an order counts on a side while not paid on it, live and 'aktywne' or 'zakonczone' (the cockpit's base).
CREATE OR REPLACE FUNCTION payment_day_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_day_totals (side, currency, day, n, amount)
      SELECT side, currency, day, sum(d), sum(amount) FROM (
        SELECT 'customer' AS side, customer_price_currency AS currency,
          (customer_date_of_payment AT TIME ZONE 'UTC')::date AS day, 1 AS d, coalesce(customer_price, 0) AS amount
          FROM new_rows WHERE NOT customer_paid AND deletion_reason = 0 AND status IN ('aktywne', 'zakonczone')
        UNION ALL SELECT 'carrier', carrier_price_currency, (carrier_payment_due AT TIME ZONE 'UTC')::date, 1,
          coalesce(carrier_price, 0)
          FROM new_rows WHERE NOT carrier_paid AND deletion_reason = 0 AND status IN ('aktywne', 'zakonczone')
      ) changes GROUP BY side, currency, day;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO payment_day_totals (side, currency, day, n, amount)
      SELECT side, currency, day, sum(d), sum(amount) FROM (
        SELECT 'customer' AS side, customer_price_currency AS currency,
          (customer_date_of_payment AT TIME ZONE 'UTC')::date AS day, -1 AS d, -coalesce(customer_price, 0) AS amount
          FROM old_rows WHERE NOT customer_paid AND deletion_reason = 0 AND status IN ('aktywne', 'zakonczone')
        UNION ALL SELECT 'carrier', carrier_price_currency, (carrier_payment_due AT TIME ZONE 'UTC')::date, -1,
          -coalesce(carrier_price, 0)
          FROM old_rows WHERE NOT carrier_paid AND deletion_reason = 0 AND status IN ('aktywne', 'zakonczone')
      ) changes GROUP BY side, currency, day;
  ELSE
    INSERT INTO payment_day_totals (side, currency, day, n, amount)
      SELECT side, currency, day, sum(d), sum(amount) FROM (
        SELECT 'customer' AS side, customer_price_currency AS currency,
          (customer_date_of_payment AT TIME ZONE 'UTC')::date AS day, -1 AS d, -coalesce(customer_price, 0) AS amount
          FROM old_rows WHERE NOT customer_paid AND deletion_reason = 0 AND status IN ('aktywne', 'zakonczone')
        UNION ALL SELECT 'carrier', carrier_price_currency, (carrier_payment_due AT TIME ZONE 'UTC')::date, -1,
          -coalesce(carrier_price, 0)
          FROM old_rows WHERE NOT carrier_paid AND deletion_reason = 0 AND status IN ('aktywne', 'zakonczone')
        UNION ALL SELECT 'customer', customer_price_currency, (customer_date_of_payment AT TIME ZONE 'UTC')::date, 1,
          coalesce(customer_price, 0)
          FROM new_rows WHERE NOT customer_paid AND deletion_reason = 0 AND status IN ('aktywne', 'zakonczone')
        UNION ALL SELECT 'carrier', carrier_price_currency, (carrier_payment_due AT TIME ZONE 'UTC')::date, 1,
          coalesce(carrier_price, 0)
          FROM new_rows WHERE NOT carrier_paid AND deletion_reason = 0 AND status IN ('aktywne', 'zakonczone')
      ) changes GROUP BY side, currency, day HAVING sum(d) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_day_totals_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM payment_day_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_payment_day_totals_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_changed();
--> statement-breakpoint
CREATE TRIGGER orders_payment_day_totals_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_changed();
--> statement-breakpoint
CREATE TRIGGER orders_payment_day_totals_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_changed();
--> statement-breakpoint
CREATE TRIGGER orders_payment_day_totals_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_truncated();
--> statement-breakpoint
-- A statement's lines and booked lines, kept on the statement.
CREATE OR REPLACE FUNCTION bank_statement_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE bank_statements s SET line_count = s.line_count + c.lines, booked_count = s.booked_count + c.booked
      FROM (SELECT statement_id, count(*) AS lines, count(booked_at) AS booked FROM new_rows GROUP BY statement_id) c
      WHERE s.id = c.statement_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE bank_statements s SET line_count = s.line_count - c.lines, booked_count = s.booked_count - c.booked
      FROM (SELECT statement_id, count(*) AS lines, count(booked_at) AS booked FROM old_rows GROUP BY statement_id) c
      WHERE s.id = c.statement_id;
  ELSE
    UPDATE bank_statements s SET line_count = s.line_count + c.lines, booked_count = s.booked_count + c.booked
      FROM (
        SELECT statement_id, sum(d) AS lines, sum(b) AS booked FROM (
          SELECT statement_id, -1 AS d, CASE WHEN booked_at IS NULL THEN 0 ELSE -1 END AS b FROM old_rows
          UNION ALL SELECT statement_id, 1, CASE WHEN booked_at IS NULL THEN 0 ELSE 1 END FROM new_rows
        ) changes GROUP BY statement_id HAVING sum(d) <> 0 OR sum(b) <> 0
      ) c
      WHERE s.id = c.statement_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_statement_lines_counts_insert AFTER INSERT ON bank_statement_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bank_statement_counts_changed();
--> statement-breakpoint
CREATE TRIGGER bank_statement_lines_counts_update AFTER UPDATE ON bank_statement_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bank_statement_counts_changed();
--> statement-breakpoint
CREATE TRIGGER bank_statement_lines_counts_delete AFTER DELETE ON bank_statement_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bank_statement_counts_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bank_statement_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bank_statements SET line_count = 0, booked_count = 0 WHERE line_count <> 0 OR booked_count <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_statement_lines_counts_truncate AFTER TRUNCATE ON bank_statement_lines
  FOR EACH STATEMENT EXECUTE FUNCTION bank_statement_counts_truncated();
--> statement-breakpoint
-- The values as they stand (the triggers above keep them from here on).
INSERT INTO invoice_month_totals (type, currency, month, n, total_net, total_vat, total_gross)
  SELECT type, currency, date_trunc('month', created_date)::date, count(*), sum(total_net), sum(total_vat),
    sum(total_gross)
  FROM invoices GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO customer_balances (customer_id, currency, due, n)
  SELECT customer_id, currency, sum(due_amount), count(*) FROM invoices
  WHERE type = 'vat' AND NOT paid AND due_amount > 0 AND customer_id IS NOT NULL
  GROUP BY customer_id, currency;
--> statement-breakpoint
INSERT INTO payment_day_totals (side, currency, day, n, amount)
  SELECT 'customer', customer_price_currency, (customer_date_of_payment AT TIME ZONE 'UTC')::date, count(*),
    coalesce(sum(customer_price), 0)
  FROM orders WHERE NOT customer_paid AND deletion_reason = 0 AND status IN ('aktywne', 'zakonczone')
  GROUP BY 2, 3
  UNION ALL SELECT 'carrier', carrier_price_currency, (carrier_payment_due AT TIME ZONE 'UTC')::date, count(*),
    coalesce(sum(carrier_price), 0)
  FROM orders WHERE NOT carrier_paid AND deletion_reason = 0 AND status IN ('aktywne', 'zakonczone')
  GROUP BY 2, 3;
--> statement-breakpoint
UPDATE bank_statements s SET line_count = c.lines, booked_count = c.booked
  FROM (SELECT statement_id, count(*) AS lines, count(booked_at) AS booked FROM bank_statement_lines GROUP BY statement_id) c
  WHERE s.id = c.statement_id;
