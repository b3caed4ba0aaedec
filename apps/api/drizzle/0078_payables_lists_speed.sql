CREATE INDEX "carrier_invoices_live_default_idx" ON "carrier_invoices" USING btree ("issue_date" DESC NULLS FIRST,"id") WHERE "carrier_invoices"."deletion_reason" = 0;--> statement-breakpoint
CREATE INDEX "carrier_invoices_live_number_idx" ON "carrier_invoices" USING btree ("number" NULLS FIRST,"id") WHERE "carrier_invoices"."deletion_reason" = 0;--> statement-breakpoint
CREATE INDEX "carrier_invoices_live_due_date_idx" ON "carrier_invoices" USING btree ("due_date" NULLS FIRST,"id") WHERE "carrier_invoices"."deletion_reason" = 0;--> statement-breakpoint
CREATE INDEX "carrier_invoices_live_received_date_idx" ON "carrier_invoices" USING btree ("received_date" NULLS FIRST,"id") WHERE "carrier_invoices"."deletion_reason" = 0;--> statement-breakpoint
CREATE INDEX "carrier_invoices_live_gross_amount_idx" ON "carrier_invoices" USING btree ("gross_amount" NULLS FIRST,"id") WHERE "carrier_invoices"."deletion_reason" = 0;--> statement-breakpoint
CREATE INDEX "carrier_invoices_live_due_amount_idx" ON "carrier_invoices" USING btree ("due_amount" NULLS FIRST,"id") WHERE "carrier_invoices"."deletion_reason" = 0;--> statement-breakpoint
CREATE INDEX "carrier_invoices_open_number_idx" ON "carrier_invoices" USING btree ("number" NULLS FIRST,"id") WHERE "carrier_invoices"."due_amount" > 0 AND "carrier_invoices"."deletion_reason" = 0 AND "carrier_invoices"."type" = 'vat';--> statement-breakpoint
CREATE INDEX "carrier_invoices_open_issue_date_idx" ON "carrier_invoices" USING btree ("issue_date" NULLS FIRST,"id") WHERE "carrier_invoices"."due_amount" > 0 AND "carrier_invoices"."deletion_reason" = 0 AND "carrier_invoices"."type" = 'vat';--> statement-breakpoint
CREATE INDEX "carrier_invoices_open_received_date_idx" ON "carrier_invoices" USING btree ("received_date" NULLS FIRST,"id") WHERE "carrier_invoices"."due_amount" > 0 AND "carrier_invoices"."deletion_reason" = 0 AND "carrier_invoices"."type" = 'vat';--> statement-breakpoint
CREATE INDEX "carrier_invoices_open_gross_amount_idx" ON "carrier_invoices" USING btree ("gross_amount" NULLS FIRST,"id") WHERE "carrier_invoices"."due_amount" > 0 AND "carrier_invoices"."deletion_reason" = 0 AND "carrier_invoices"."type" = 'vat';--> statement-breakpoint
CREATE INDEX "carrier_invoices_open_due_amount_idx" ON "carrier_invoices" USING btree ("due_amount" NULLS FIRST,"id") WHERE "carrier_invoices"."due_amount" > 0 AND "carrier_invoices"."deletion_reason" = 0 AND "carrier_invoices"."type" = 'vat';--> statement-breakpoint
CREATE INDEX "carrier_invoices_live_carrier_id_idx" ON "carrier_invoices" USING btree ("carrier_id","id") WHERE "carrier_invoices"."deletion_reason" = 0;--> statement-breakpoint
CREATE TABLE "cashflow_day_totals" (
	"side" text NOT NULL,
	"currency" text NOT NULL,
	"day" date,
	"held" boolean DEFAULT false NOT NULL,
	"in_batch" boolean DEFAULT false NOT NULL,
	"n" integer NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cashflow_day_totals_idx" ON "cashflow_day_totals" USING btree ("side","day");--> statement-breakpoint
-- 'in': our VAT invoices not paid with something due, by payment date, as net changes.
CREATE OR REPLACE FUNCTION cashflow_in_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cashflow_day_totals (side, currency, day, n, amount)
      SELECT 'in', currency, payment_date, count(*), sum(due_amount) FROM new_rows
        WHERE NOT paid AND type = 'vat' AND due_amount > 0 GROUP BY currency, payment_date;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO cashflow_day_totals (side, currency, day, n, amount)
      SELECT 'in', currency, payment_date, -count(*), -sum(due_amount) FROM old_rows
        WHERE NOT paid AND type = 'vat' AND due_amount > 0 GROUP BY currency, payment_date;
  ELSE
    -- No row where none of the kept figures changed.
    INSERT INTO cashflow_day_totals (side, currency, day, n, amount)
      SELECT 'in', currency, day, sum(d), sum(amount) FROM (
        SELECT currency, payment_date AS day, -1 AS d, -due_amount AS amount FROM old_rows
          WHERE NOT paid AND type = 'vat' AND due_amount > 0
        UNION ALL SELECT currency, payment_date, 1, due_amount FROM new_rows
          WHERE NOT paid AND type = 'vat' AND due_amount > 0
      ) changes GROUP BY currency, day HAVING sum(d) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- 'out': the carriers' live VAT invoices with something due, by due date, held and in a batch apart.
CREATE OR REPLACE FUNCTION cashflow_out_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cashflow_day_totals (side, currency, day, held, in_batch, n, amount)
      SELECT 'out', currency, due_date, held, batch_id IS NOT NULL, count(*), sum(due_amount) FROM new_rows
        WHERE due_amount > 0 AND deletion_reason = 0 AND type = 'vat' GROUP BY currency, due_date, held, batch_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO cashflow_day_totals (side, currency, day, held, in_batch, n, amount)
      SELECT 'out', currency, due_date, held, batch_id IS NOT NULL, -count(*), -sum(due_amount) FROM old_rows
        WHERE due_amount > 0 AND deletion_reason = 0 AND type = 'vat' GROUP BY currency, due_date, held, batch_id IS NOT NULL;
  ELSE
    -- No row where none of the kept figures changed.
    INSERT INTO cashflow_day_totals (side, currency, day, held, in_batch, n, amount)
      SELECT 'out', currency, day, held, in_batch, sum(d), sum(amount) FROM (
        SELECT currency, due_date AS day, held, batch_id IS NOT NULL AS in_batch, -1 AS d, -due_amount AS amount FROM old_rows
          WHERE due_amount > 0 AND deletion_reason = 0 AND type = 'vat'
        UNION ALL SELECT currency, due_date, held, batch_id IS NOT NULL, 1, due_amount FROM new_rows
          WHERE due_amount > 0 AND deletion_reason = 0 AND type = 'vat'
      ) changes GROUP BY currency, day, held, in_batch HAVING sum(d) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cashflow_day_totals_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM cashflow_day_totals WHERE side = TG_ARGV[0];
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_cashflow_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cashflow_in_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_cashflow_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cashflow_in_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_cashflow_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cashflow_in_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_cashflow_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION cashflow_day_totals_truncated('in');
--> statement-breakpoint
CREATE TRIGGER carrier_invoices_cashflow_insert AFTER INSERT ON carrier_invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cashflow_out_changed();
--> statement-breakpoint
CREATE TRIGGER carrier_invoices_cashflow_update AFTER UPDATE ON carrier_invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cashflow_out_changed();
--> statement-breakpoint
CREATE TRIGGER carrier_invoices_cashflow_delete AFTER DELETE ON carrier_invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cashflow_out_changed();
--> statement-breakpoint
CREATE TRIGGER carrier_invoices_cashflow_truncate AFTER TRUNCATE ON carrier_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION cashflow_day_totals_truncated('out');
--> statement-breakpoint
INSERT INTO cashflow_day_totals (side, currency, day, n, amount)
  SELECT 'in', currency, payment_date, count(*), sum(due_amount) FROM invoices
    WHERE NOT paid AND type = 'vat' AND due_amount > 0 GROUP BY currency, payment_date;
--> statement-breakpoint
INSERT INTO cashflow_day_totals (side, currency, day, held, in_batch, n, amount)
  SELECT 'out', currency, due_date, held, batch_id IS NOT NULL, count(*), sum(due_amount) FROM carrier_invoices
    WHERE due_amount > 0 AND deletion_reason = 0 AND type = 'vat' GROUP BY currency, due_date, held, batch_id IS NOT NULL;

--> statement-breakpoint
CREATE INDEX "carrier_invoices_family_idx" ON "carrier_invoices" USING btree ("id") WHERE "carrier_invoices"."deletion_reason" = 0 AND ("carrier_invoices"."corrected_id" IS NOT NULL OR "carrier_invoices"."type" <> 'vat');
