CREATE TABLE "status_counts" (
	"table_name" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "status_counts_table_idx" ON "status_counts" USING btree ("table_name","status");--> statement-breakpoint
-- Hand-written: each statement that changes orders or queries adds its net change of live rows per status (a
-- transition table per event: one statement of the seeder's 10,000 rows adds one row per status, an edit that keeps
-- the status adds nothing).
CREATE OR REPLACE FUNCTION status_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO status_counts (table_name, status, n)
      SELECT TG_TABLE_NAME, status, count(*) FROM new_rows WHERE deletion_reason = 0 GROUP BY status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO status_counts (table_name, status, n)
      SELECT TG_TABLE_NAME, status, -count(*) FROM old_rows WHERE deletion_reason = 0 GROUP BY status;
  ELSE
    INSERT INTO status_counts (table_name, status, n)
      SELECT TG_TABLE_NAME, status, sum(d) FROM (
        SELECT status, -1 AS d FROM old_rows WHERE deletion_reason = 0
        UNION ALL SELECT status, 1 AS d FROM new_rows WHERE deletion_reason = 0
      ) changes GROUP BY status HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION status_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM status_counts WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_status_counts_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_changed();
--> statement-breakpoint
CREATE TRIGGER orders_status_counts_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_changed();
--> statement-breakpoint
CREATE TRIGGER orders_status_counts_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_changed();
--> statement-breakpoint
CREATE TRIGGER orders_status_counts_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER queries_status_counts_insert AFTER INSERT ON queries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_changed();
--> statement-breakpoint
CREATE TRIGGER queries_status_counts_update AFTER UPDATE ON queries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_changed();
--> statement-breakpoint
CREATE TRIGGER queries_status_counts_delete AFTER DELETE ON queries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_changed();
--> statement-breakpoint
CREATE TRIGGER queries_status_counts_truncate AFTER TRUNCATE ON queries
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_truncated();
--> statement-breakpoint
INSERT INTO status_counts (table_name, status, n)
  SELECT 'orders', status, count(*) FROM orders WHERE deletion_reason = 0 GROUP BY status
  UNION ALL SELECT 'queries', status, count(*) FROM queries WHERE deletion_reason = 0 GROUP BY status;
