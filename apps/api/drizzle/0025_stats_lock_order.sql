-- An order moved between two months or owners takes its share out of one stats_monthly row and into another. Two such
-- moves in opposite directions at the same moment would each hold one row and wait for the other (a deadlock): the
-- rows are now always touched in (month, owner) order.
CREATE OR REPLACE FUNCTION stats_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_live boolean := TG_OP <> 'INSERT' AND OLD.deletion_reason = 0 AND OLD.status IN ('aktywne', 'zakonczone');
  new_live boolean := TG_OP <> 'DELETE' AND NEW.deletion_reason = 0 AND NEW.status IN ('aktywne', 'zakonczone');
  old_month date;
  new_month date;
  old_first boolean;
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
    -- Without a month on one side (no loading date) there is nothing to order: that side adds nothing.
    old_first := coalesce(NOT new_live OR (old_live AND (old_month, coalesce(OLD.user_id, 0)) <= (new_month, coalesce(NEW.user_id, 0))), true);
    IF old_live AND old_first THEN
      PERFORM stats_add(old_month, OLD.user_id, -1, -coalesce(OLD.customer_price_pln, 0),
        -coalesce(OLD.carrier_price_pln, 0), -coalesce(OLD.margin, 0),
        CASE WHEN OLD.margin IS NULL THEN 0 ELSE -coalesce(OLD.customer_price_pln, 0) END, 0, 0);
    END IF;
    IF new_live THEN
      PERFORM stats_add(new_month, NEW.user_id, 1, coalesce(NEW.customer_price_pln, 0),
        coalesce(NEW.carrier_price_pln, 0), coalesce(NEW.margin, 0),
        CASE WHEN NEW.margin IS NULL THEN 0 ELSE coalesce(NEW.customer_price_pln, 0) END, 0, 0);
    END IF;
    IF old_live AND NOT old_first THEN
      PERFORM stats_add(old_month, OLD.user_id, -1, -coalesce(OLD.customer_price_pln, 0),
        -coalesce(OLD.carrier_price_pln, 0), -coalesce(OLD.margin, 0),
        CASE WHEN OLD.margin IS NULL THEN 0 ELSE -coalesce(OLD.customer_price_pln, 0) END, 0, 0);
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
-- The same for a query moved to another owner (its month never changes: it is its creation's).
CREATE OR REPLACE FUNCTION stats_queries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_live boolean := TG_OP <> 'INSERT' AND OLD.deletion_reason = 0;
  new_live boolean := TG_OP <> 'DELETE' AND NEW.deletion_reason = 0;
  old_conv boolean := false;
  new_conv boolean := false;
  old_month date;
  new_month date;
  old_first boolean;
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
  -- Without a month on one side (no loading date) there is nothing to order: that side adds nothing.
    old_first := coalesce(NOT new_live OR (old_live AND (old_month, coalesce(OLD.user_id, 0)) <= (new_month, coalesce(NEW.user_id, 0))), true);
  IF old_live AND old_first THEN
    PERFORM stats_add(old_month, OLD.user_id, 0, 0, 0, 0, 0, -1, CASE WHEN old_conv THEN -1 ELSE 0 END);
  END IF;
  IF new_live THEN
    PERFORM stats_add(new_month, NEW.user_id, 0, 0, 0, 0, 0, 1, CASE WHEN new_conv THEN 1 ELSE 0 END);
  END IF;
  IF old_live AND NOT old_first THEN
    PERFORM stats_add(old_month, OLD.user_id, 0, 0, 0, 0, 0, -1, CASE WHEN old_conv THEN -1 ELSE 0 END);
  END IF;
  RETURN NULL;
END $$;
