-- Issue 38: carriers' invoices, the payments ledger and transfer batches have a version and a history like the other
-- records (functions of migration 0021).
CREATE TRIGGER carrier_invoices_version BEFORE UPDATE ON carrier_invoices FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER carrier_invoices_history AFTER INSERT OR UPDATE OR DELETE ON carrier_invoices FOR EACH ROW
  EXECUTE FUNCTION record_history();
--> statement-breakpoint
CREATE TRIGGER payments_version BEFORE UPDATE ON payments FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER payments_history AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW
  EXECUTE FUNCTION record_history();
--> statement-breakpoint
CREATE TRIGGER transfer_batches_version BEFORE UPDATE ON transfer_batches FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER transfer_batches_history AFTER INSERT OR UPDATE OR DELETE ON transfer_batches FOR EACH ROW
  EXECUTE FUNCTION record_history();
