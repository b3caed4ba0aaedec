-- Issue 26: interest notes have a version and a history like the other records (functions of migration 0021).
CREATE TRIGGER interest_notes_version BEFORE UPDATE ON interest_notes FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER interest_notes_history AFTER INSERT OR UPDATE OR DELETE ON interest_notes FOR EACH ROW
  EXECUTE FUNCTION record_history();
