CREATE TABLE "stats_monthly" (
	"month" date NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"margin" bigint DEFAULT 0 NOT NULL,
	"margin_revenue" bigint DEFAULT 0 NOT NULL,
	"queries" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_monthly_month_user_id_pk" PRIMARY KEY("month","user_id")
);
--> statement-breakpoint
-- Hand-written: the triggers that keep stats_monthly, and the sums of what is there already.
CREATE OR REPLACE FUNCTION stats_add(p_month date, p_user integer, p_orders bigint, p_revenue bigint, p_cost bigint,
    p_margin bigint, p_margin_revenue bigint, p_queries bigint, p_conversions bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_month IS NULL OR (p_orders = 0 AND p_revenue = 0 AND p_cost = 0 AND p_margin = 0 AND p_margin_revenue = 0
      AND p_queries = 0 AND p_conversions = 0) THEN
    RETURN;
  END IF;
  INSERT INTO stats_monthly AS s (month, user_id, orders, revenue, cost, margin, margin_revenue, queries, conversions)
    VALUES (p_month, coalesce(p_user, 0), p_orders, p_revenue, p_cost, p_margin, p_margin_revenue, p_queries,
            p_conversions)
    ON CONFLICT (month, user_id) DO UPDATE SET orders = s.orders + EXCLUDED.orders,
      revenue = s.revenue + EXCLUDED.revenue, cost = s.cost + EXCLUDED.cost, margin = s.margin + EXCLUDED.margin,
      margin_revenue = s.margin_revenue + EXCLUDED.margin_revenue, queries = s.queries + EXCLUDED.queries,
      conversions = s.conversions + EXCLUDED.conversions;
END $$;
--> statement-breakpoint
-- An order counts (not deleted, 'aktywne' or 'zakonczone') in the month of its loading date; a conversion is a
-- query 'zamienione' linked both ways to an order that counts. OLD is null on INSERT, NEW on DELETE.
CREATE OR REPLACE FUNCTION stats_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_live boolean := TG_OP <> 'INSERT' AND OLD.deletion_reason = 0 AND OLD.status IN ('aktywne', 'zakonczone');
  new_live boolean := TG_OP <> 'DELETE' AND NEW.deletion_reason = 0 AND NEW.status IN ('aktywne', 'zakonczone');
  old_month date;
  new_month date;
  q record;
  was boolean;
  now_is boolean;
BEGIN
  IF old_live THEN old_month := date_trunc('month', OLD.loading_date AT TIME ZONE 'UTC')::date; END IF;
  IF new_live THEN new_month := date_trunc('month', NEW.loading_date AT TIME ZONE 'UTC')::date; END IF;
  IF NOT (old_live AND new_live AND old_month IS NOT DISTINCT FROM new_month
      AND OLD.user_id IS NOT DISTINCT FROM NEW.user_id
      AND OLD.customer_price_pln IS NOT DISTINCT FROM NEW.customer_price_pln
      AND OLD.carrier_price_pln IS NOT DISTINCT FROM NEW.carrier_price_pln
      AND OLD.margin IS NOT DISTINCT FROM NEW.margin) THEN
    IF old_live THEN
      PERFORM stats_add(old_month, OLD.user_id, -1, -coalesce(OLD.customer_price_pln, 0),
        -coalesce(OLD.carrier_price_pln, 0), -coalesce(OLD.margin, 0),
        CASE WHEN OLD.margin IS NULL THEN 0 ELSE -coalesce(OLD.customer_price_pln, 0) END, 0, 0);
    END IF;
    IF new_live THEN
      PERFORM stats_add(new_month, NEW.user_id, 1, coalesce(NEW.customer_price_pln, 0),
        coalesce(NEW.carrier_price_pln, 0), coalesce(NEW.margin, 0),
        CASE WHEN NEW.margin IS NULL THEN 0 ELSE coalesce(NEW.customer_price_pln, 0) END, 0, 0);
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND old_live = new_live AND OLD.query_uuid IS NOT DISTINCT FROM NEW.query_uuid THEN
    RETURN NULL;
  END IF;
  FOR q IN SELECT uuid, user_id, created_at, status, deletion_reason, order_uuid FROM queries
      WHERE uuid = OLD.query_uuid OR uuid = NEW.query_uuid LOOP
    was := coalesce(old_live AND q.deletion_reason = 0 AND q.status = 'zamienione' AND q.order_uuid = OLD.uuid
      AND OLD.query_uuid = q.uuid, false);
    now_is := coalesce(new_live AND q.deletion_reason = 0 AND q.status = 'zamienione' AND q.order_uuid = NEW.uuid
      AND NEW.query_uuid = q.uuid, false);
    IF was <> now_is THEN
      PERFORM stats_add(date_trunc('month', q.created_at AT TIME ZONE 'Europe/Warsaw')::date, q.user_id,
        0, 0, 0, 0, 0, 0, CASE WHEN now_is THEN 1 ELSE -1 END);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_queries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_live boolean := TG_OP <> 'INSERT' AND OLD.deletion_reason = 0;
  new_live boolean := TG_OP <> 'DELETE' AND NEW.deletion_reason = 0;
  old_conv boolean := false;
  new_conv boolean := false;
  old_month date;
  new_month date;
BEGIN
  IF old_live THEN
    old_month := date_trunc('month', OLD.created_at AT TIME ZONE 'Europe/Warsaw')::date;
    IF OLD.status = 'zamienione' AND OLD.order_uuid IS NOT NULL THEN
      old_conv := EXISTS (SELECT 1 FROM orders o WHERE o.uuid = OLD.order_uuid AND o.query_uuid = OLD.uuid
        AND o.deletion_reason = 0 AND o.status IN ('aktywne', 'zakonczone'));
    END IF;
  END IF;
  IF new_live THEN
    new_month := date_trunc('month', NEW.created_at AT TIME ZONE 'Europe/Warsaw')::date;
    IF NEW.status = 'zamienione' AND NEW.order_uuid IS NOT NULL THEN
      new_conv := EXISTS (SELECT 1 FROM orders o WHERE o.uuid = NEW.order_uuid AND o.query_uuid = NEW.uuid
        AND o.deletion_reason = 0 AND o.status IN ('aktywne', 'zakonczone'));
    END IF;
  END IF;
  IF old_live AND new_live AND old_conv = new_conv AND old_month = new_month
      AND OLD.user_id IS NOT DISTINCT FROM NEW.user_id THEN
    RETURN NULL;
  END IF;
  IF old_live THEN
    PERFORM stats_add(old_month, OLD.user_id, 0, 0, 0, 0, 0, -1, CASE WHEN old_conv THEN -1 ELSE 0 END);
  END IF;
  IF new_live THEN
    PERFORM stats_add(new_month, NEW.user_id, 0, 0, 0, 0, 0, 1, CASE WHEN new_conv THEN 1 ELSE 0 END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_stats AFTER INSERT OR UPDATE OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION stats_orders();
--> statement-breakpoint
CREATE TRIGGER queries_stats AFTER INSERT OR UPDATE OR DELETE ON queries FOR EACH ROW EXECUTE FUNCTION stats_queries();
--> statement-breakpoint
INSERT INTO stats_monthly (month, user_id, orders, revenue, cost, margin, margin_revenue)
  SELECT date_trunc('month', loading_date AT TIME ZONE 'UTC')::date, coalesce(user_id, 0), count(*),
         coalesce(sum(customer_price_pln), 0), coalesce(sum(carrier_price_pln), 0), coalesce(sum(margin), 0),
         coalesce(sum(customer_price_pln) FILTER (WHERE margin IS NOT NULL), 0)
  FROM orders
  WHERE deletion_reason = 0 AND status IN ('aktywne', 'zakonczone') AND loading_date IS NOT NULL
  GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO stats_monthly AS s (month, user_id, queries, conversions)
  SELECT date_trunc('month', q.created_at AT TIME ZONE 'Europe/Warsaw')::date, coalesce(q.user_id, 0), count(*),
         count(*) FILTER (WHERE q.status = 'zamienione' AND EXISTS (
           SELECT 1 FROM orders o WHERE o.uuid = q.order_uuid AND o.query_uuid = q.uuid AND o.deletion_reason = 0
             AND o.status IN ('aktywne', 'zakonczone')))
  FROM queries q
  WHERE q.deletion_reason = 0
  GROUP BY 1, 2
  ON CONFLICT (month, user_id) DO UPDATE SET queries = EXCLUDED.queries, conversions = EXCLUDED.conversions;
