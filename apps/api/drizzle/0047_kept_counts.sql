-- Hand-written (issue 35), after 0046_list_indexes (it fills tasks.assignee_name, added there): the unfiltered totals
-- of the customers, carriers, tasks and offers lists, kept as the orders' and queries' are (migration 0037): each
-- statement adds its net change, the reader sums and folds them.
-- Customers and carriers: every row (status 'wszystkie'); an edit changes nothing.
CREATE OR REPLACE FUNCTION row_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO status_counts (table_name, status, n) SELECT TG_TABLE_NAME, 'wszystkie', count(*) FROM new_rows HAVING count(*) > 0;
  ELSE
    INSERT INTO status_counts (table_name, status, n) SELECT TG_TABLE_NAME, 'wszystkie', -count(*) FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Tasks: live ones per status.
CREATE OR REPLACE FUNCTION task_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
-- Offers: the active ones (the list shows only those unless asked).
CREATE OR REPLACE FUNCTION offer_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO status_counts (table_name, status, n)
      SELECT TG_TABLE_NAME, 'aktywne', count(*) FROM new_rows WHERE active HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO status_counts (table_name, status, n)
      SELECT TG_TABLE_NAME, 'aktywne', -count(*) FROM old_rows WHERE active HAVING count(*) > 0;
  ELSE
    INSERT INTO status_counts (table_name, status, n)
      SELECT TG_TABLE_NAME, 'aktywne', sum(d) FROM (
        SELECT -1 AS d FROM old_rows WHERE active
        UNION ALL SELECT 1 AS d FROM new_rows WHERE active
      ) changes HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_row_counts_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_changed();
--> statement-breakpoint
CREATE TRIGGER customers_row_counts_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_changed();
--> statement-breakpoint
CREATE TRIGGER customers_row_counts_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER carriers_row_counts_insert AFTER INSERT ON carriers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_changed();
--> statement-breakpoint
CREATE TRIGGER carriers_row_counts_delete AFTER DELETE ON carriers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_changed();
--> statement-breakpoint
CREATE TRIGGER carriers_row_counts_truncate AFTER TRUNCATE ON carriers
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER tasks_status_counts_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_counts_changed();
--> statement-breakpoint
CREATE TRIGGER tasks_status_counts_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_counts_changed();
--> statement-breakpoint
CREATE TRIGGER tasks_status_counts_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_counts_changed();
--> statement-breakpoint
CREATE TRIGGER tasks_status_counts_truncate AFTER TRUNCATE ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER offers_status_counts_insert AFTER INSERT ON offers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offer_counts_changed();
--> statement-breakpoint
CREATE TRIGGER offers_status_counts_update AFTER UPDATE ON offers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offer_counts_changed();
--> statement-breakpoint
CREATE TRIGGER offers_status_counts_delete AFTER DELETE ON offers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offer_counts_changed();
--> statement-breakpoint
CREATE TRIGGER offers_status_counts_truncate AFTER TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_truncated();
--> statement-breakpoint
-- Locked while counted, so that no write lands between the count and its trigger's first change.
LOCK TABLE customers, carriers, tasks, offers IN SHARE MODE;
--> statement-breakpoint
DELETE FROM status_counts WHERE table_name IN ('customers', 'carriers', 'tasks', 'offers');
--> statement-breakpoint
INSERT INTO status_counts (table_name, status, n)
  SELECT 'customers', 'wszystkie', count(*) FROM customers
  UNION ALL SELECT 'carriers', 'wszystkie', count(*) FROM carriers
  UNION ALL SELECT 'tasks', status, count(*) FROM tasks WHERE deletion_reason = 0 GROUP BY status
  UNION ALL SELECT 'offers', 'aktywne', count(*) FROM offers WHERE active;
--> statement-breakpoint
-- Tasks keep their assignee's name (order[user.name] along tasks_assignee_sort_idx): set from users.name when a task
-- is written with a user (a foreign key's SET NULL too), and on the user's tasks when the user is renamed. Not a change
-- of the task: neither its version nor its history.
CREATE OR REPLACE FUNCTION task_assignee_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.assignee_name := (SELECT name FROM users WHERE id = NEW.user_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_assignee_name BEFORE INSERT OR UPDATE OF user_id ON tasks FOR EACH ROW
  EXECUTE FUNCTION task_assignee_name();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tasks SET assignee_name = NEW.name WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_renamed AFTER UPDATE OF name ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION user_renamed();
--> statement-breakpoint
DROP TRIGGER tasks_version ON tasks;
--> statement-breakpoint
CREATE TRIGGER tasks_version BEFORE UPDATE ON tasks FOR EACH ROW
  EXECUTE FUNCTION bump_version('telegram_reminded_for', 'assignee_name');
--> statement-breakpoint
DROP TRIGGER tasks_history ON tasks;
--> statement-breakpoint
CREATE TRIGGER tasks_history AFTER INSERT OR UPDATE OR DELETE ON tasks FOR EACH ROW
  EXECUTE FUNCTION record_history('telegram_reminded_for', 'assignee_name');
--> statement-breakpoint
UPDATE tasks SET assignee_name = u.name FROM users u WHERE u.id = tasks.user_id;
