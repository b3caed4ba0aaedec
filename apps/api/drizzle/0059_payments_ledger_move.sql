-- Issue 38: one payments ledger for both sides. Every receipt (invoice_payments) and every payment to a carrier
-- (carrier_payments) moves into `payments` with its uuid, version, dates, cancellation and statement line, and its
-- counterparty (the invoice's customer, the order's carrier); their history rows follow the uuid and stay as they
-- are. The ledger's own history trigger is off for the move, so that the move adds no line to anyone's history.
ALTER TABLE payments DISABLE TRIGGER payments_history;
--> statement-breakpoint
INSERT INTO payments (uuid, direction, invoice_id, customer_id, date, amount, currency, method, note, statement_line_id,
    cancelled_at, cancel_reason, created_by_id, created_at, version)
  SELECT p.uuid, 'in', p.invoice_id, i.customer_id, p.date, p.amount, p.currency, p.method, p.note,
    p.statement_line_id, p.cancelled_at, p.cancel_reason, p.created_by_id, p.created_at, p.version
  FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id
  ORDER BY p.id;
--> statement-breakpoint
INSERT INTO payments (uuid, direction, order_id, carrier_id, date, amount, currency, method, note, statement_line_id,
    cancelled_at, cancel_reason, created_by_id, created_at, version)
  SELECT p.uuid, 'out', p.order_id, o.carrier_id, p.date, p.amount, p.currency, p.method, p.note,
    p.statement_line_id, p.cancelled_at, p.cancel_reason, p.created_by_id, p.created_at, p.version
  FROM carrier_payments p JOIN orders o ON o.id = p.order_id
  ORDER BY p.id;
--> statement-breakpoint
ALTER TABLE payments ENABLE TRIGGER payments_history;
--> statement-breakpoint
-- Nothing lost: the move stops the migration when a row or a grosz did not arrive.
DO $$
BEGIN
  IF (SELECT count(*) FROM invoice_payments) <> (SELECT count(*) FROM payments WHERE direction = 'in')
     OR (SELECT coalesce(sum(amount), 0) FROM invoice_payments) <> (SELECT coalesce(sum(amount), 0) FROM payments WHERE direction = 'in')
     OR (SELECT count(*) FROM carrier_payments) <> (SELECT count(*) FROM payments WHERE direction = 'out' AND order_id IS NOT NULL)
     OR (SELECT coalesce(sum(amount), 0) FROM carrier_payments) <> (SELECT coalesce(sum(amount), 0) FROM payments WHERE direction = 'out' AND order_id IS NOT NULL)
  THEN
    RAISE EXCEPTION 'payments ledger: the move lost rows or amounts';
  END IF;
END $$;
