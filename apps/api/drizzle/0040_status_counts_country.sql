ALTER TABLE "status_counts" ADD COLUMN "country" text;--> statement-breakpoint
-- Hand-written: the net changes per status and loading country (an edit that moves the loading country counts).
CREATE OR REPLACE FUNCTION status_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO status_counts (table_name, status, country, n)
      SELECT TG_TABLE_NAME, status, loading_country, count(*) FROM new_rows WHERE deletion_reason = 0
      GROUP BY status, loading_country;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO status_counts (table_name, status, country, n)
      SELECT TG_TABLE_NAME, status, loading_country, -count(*) FROM old_rows WHERE deletion_reason = 0
      GROUP BY status, loading_country;
  ELSE
    INSERT INTO status_counts (table_name, status, country, n)
      SELECT TG_TABLE_NAME, status, loading_country, sum(d) FROM (
        SELECT status, loading_country, -1 AS d FROM old_rows WHERE deletion_reason = 0
        UNION ALL SELECT status, loading_country, 1 AS d FROM new_rows WHERE deletion_reason = 0
      ) changes GROUP BY status, loading_country HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DELETE FROM status_counts;
--> statement-breakpoint
INSERT INTO status_counts (table_name, status, country, n)
  SELECT 'orders', status, loading_country, count(*) FROM orders WHERE deletion_reason = 0
  GROUP BY status, loading_country
  UNION ALL SELECT 'queries', status, loading_country, count(*) FROM queries WHERE deletion_reason = 0
  GROUP BY status, loading_country;
