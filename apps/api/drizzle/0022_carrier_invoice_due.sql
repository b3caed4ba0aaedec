ALTER TABLE "orders" ADD COLUMN "carrier_invoice_payment_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier_payment_due" timestamp with time zone GENERATED ALWAYS AS (coalesce(carrier_invoice_payment_date::timestamp AT TIME ZONE 'UTC', carrier_date_of_payment)) STORED;--> statement-breakpoint
-- Hand-written: the payables list reads the carrier's due date (its invoice's, else the order's) from this index.
DROP INDEX IF EXISTS "orders_carrier_unpaid_idx";--> statement-breakpoint
CREATE INDEX "orders_carrier_unpaid_idx" ON "orders" USING btree ("carrier_payment_due", "id") WHERE NOT "carrier_paid" AND "deletion_reason" = 0 AND "status" IN ('aktywne', 'zakonczone');--> statement-breakpoint
-- The order knows the payment date of the carrier invoice matched to it (the latest one), whoever matches or unmatches
-- it: the sync, 'Przypisz do zlecenia', a deleted order setting order_id to NULL.
CREATE OR REPLACE FUNCTION received_invoice_due() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched int[] := ARRAY[]::int[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.order_id IS NOT NULL THEN
    touched := touched || OLD.order_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.order_id IS NOT NULL THEN
    touched := touched || NEW.order_id;
  END IF;
  UPDATE orders o SET carrier_invoice_payment_date = (
      SELECT r.payment_date FROM received_invoices r WHERE r.order_id = o.id ORDER BY r.id DESC LIMIT 1)
    WHERE o.id = ANY(touched)
      AND o.carrier_invoice_payment_date IS DISTINCT FROM (
        SELECT r.payment_date FROM received_invoices r WHERE r.order_id = o.id ORDER BY r.id DESC LIMIT 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER received_invoices_due AFTER INSERT OR DELETE OR UPDATE OF order_id, payment_date ON received_invoices
  FOR EACH ROW EXECUTE FUNCTION received_invoice_due();
--> statement-breakpoint
UPDATE orders o SET carrier_invoice_payment_date = r.payment_date
  FROM (SELECT DISTINCT ON (order_id) order_id, payment_date FROM received_invoices WHERE order_id IS NOT NULL
        ORDER BY order_id, id DESC) r
  WHERE r.order_id = o.id AND r.payment_date IS NOT NULL;
--> statement-breakpoint
-- Bookkeeping, not an edit: no new version of the order, no line in its history.
DROP TRIGGER IF EXISTS orders_version ON orders;--> statement-breakpoint
CREATE TRIGGER orders_version BEFORE UPDATE ON orders FOR EACH ROW
  EXECUTE FUNCTION bump_version('customer_price_pln', 'carrier_price_pln', 'margin', 'margin_percent', 'carrier_invoice_payment_date', 'carrier_payment_due');
--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_history ON orders;--> statement-breakpoint
CREATE TRIGGER orders_history AFTER INSERT OR UPDATE OR DELETE ON orders FOR EACH ROW
  EXECUTE FUNCTION record_history('customer_price_pln', 'carrier_price_pln', 'margin', 'margin_percent', 'loading_latitude', 'loading_longitude', 'unloading_latitude', 'unloading_longitude', 'carrier_invoice_payment_date', 'carrier_payment_due');
