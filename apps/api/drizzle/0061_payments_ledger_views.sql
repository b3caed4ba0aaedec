-- Issue 38: the two former tables as views of the ledger, for raw readers (reports, scripts) of issue 26's names.
-- Written through (simple views are updatable), a row gets the view's direction.
CREATE VIEW invoice_payments AS
  SELECT id, uuid, direction, invoice_id, date, amount, currency, method, note, statement_line_id, cancelled_at,
    cancel_reason, created_by_id, created_at, version
  FROM payments WHERE direction = 'in'
  WITH CASCADED CHECK OPTION;
--> statement-breakpoint
ALTER VIEW invoice_payments ALTER COLUMN direction SET DEFAULT 'in';
--> statement-breakpoint
CREATE VIEW carrier_payments AS
  SELECT id, uuid, direction, order_id, carrier_invoice_id, date, amount, currency, method, note, statement_line_id,
    transfer_line_id, cancelled_at, cancel_reason, created_by_id, created_at, version
  FROM payments WHERE direction = 'out'
  WITH CASCADED CHECK OPTION;
--> statement-breakpoint
ALTER VIEW carrier_payments ALTER COLUMN direction SET DEFAULT 'out';
