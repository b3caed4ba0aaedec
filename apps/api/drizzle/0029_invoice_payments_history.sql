-- Issue 26: payments have a version and a history like the other records (functions of migration 0021).
CREATE TRIGGER invoice_payments_version BEFORE UPDATE ON invoice_payments FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER invoice_payments_history AFTER INSERT OR UPDATE OR DELETE ON invoice_payments FOR EACH ROW
  EXECUTE FUNCTION record_history();
--> statement-breakpoint
CREATE TRIGGER carrier_payments_version BEFORE UPDATE ON carrier_payments FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER carrier_payments_history AFTER INSERT OR UPDATE OR DELETE ON carrier_payments FOR EACH ROW
  EXECUTE FUNCTION record_history();
--> statement-breakpoint
-- What was marked paid before payments were kept becomes one payment of the whole gross on the day it was marked.
INSERT INTO invoice_payments (invoice_id, date, amount, currency, method, note)
  SELECT i.id, coalesce(i.paid_date, i.created_date), i.total_gross, i.currency, 'przelew',
         'Oznaczona jako zapłacona przed ewidencją płatności'
  FROM invoices i WHERE i.paid AND i.type = 'vat' AND i.total_gross > 0;
--> statement-breakpoint
INSERT INTO carrier_payments (order_id, date, amount, currency, method, note)
  SELECT o.id, coalesce(o.carrier_paid_date, current_date), coalesce(o.carrier_price, 0), o.carrier_price_currency,
         'przelew', 'Oznaczone jako zapłacone przed ewidencją płatności'
  FROM orders o WHERE o.carrier_paid;
--> statement-breakpoint
UPDATE invoices i SET paid_amount = coalesce((SELECT sum(p.amount) FROM invoice_payments p
  WHERE p.invoice_id = i.id AND p.cancelled_at IS NULL), 0);
--> statement-breakpoint
UPDATE invoices i SET due_amount = CASE
  WHEN i.type <> 'vat' OR i.paid THEN 0
  ELSE greatest(0, i.total_gross + coalesce((SELECT sum(c.total_gross) FROM invoices c WHERE c.corrected_invoice_id = i.id), 0)
       - i.paid_amount - coalesce((SELECT sum(c.paid_amount) FROM invoices c WHERE c.corrected_invoice_id = i.id), 0))
  END;
