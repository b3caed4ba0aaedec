-- Hand-written (issue 35), after 0049_kept_party_names (its columns, filled there): orders and queries keep their
-- customer's and carrier's company names and their owner's name, so that the lists sort by them along an index.
-- Set from the records when a row is written with another one (a foreign key's SET NULL too) — and when a kept name
-- itself is written (a row written back whole from an older read), so that it can only ever be the record's —,
-- and on every row of a record that is renamed. Not a change of the order or query: neither its version nor its
-- history.
CREATE OR REPLACE FUNCTION order_party_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.customer_id IS DISTINCT FROM OLD.customer_id
      OR NEW.customer_company_name IS DISTINCT FROM OLD.customer_company_name THEN
    NEW.customer_company_name := (SELECT company_name FROM customers WHERE id = NEW.customer_id);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.carrier_id IS DISTINCT FROM OLD.carrier_id
      OR NEW.carrier_company_name IS DISTINCT FROM OLD.carrier_company_name THEN
    NEW.carrier_company_name := (SELECT company_name FROM carriers WHERE id = NEW.carrier_id);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.owner_name IS DISTINCT FROM OLD.owner_name THEN
    NEW.owner_name := (SELECT name FROM users WHERE id = NEW.user_id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_party_names BEFORE INSERT OR UPDATE OF customer_id, carrier_id, user_id, customer_company_name,
  carrier_company_name, owner_name ON orders FOR EACH ROW EXECUTE FUNCTION order_party_names();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION query_party_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.customer_id IS DISTINCT FROM OLD.customer_id
      OR NEW.customer_company_name IS DISTINCT FROM OLD.customer_company_name THEN
    NEW.customer_company_name := (SELECT company_name FROM customers WHERE id = NEW.customer_id);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.owner_name IS DISTINCT FROM OLD.owner_name THEN
    NEW.owner_name := (SELECT name FROM users WHERE id = NEW.user_id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER queries_party_names BEFORE INSERT OR UPDATE OF customer_id, user_id, customer_company_name, owner_name
  ON queries FOR EACH ROW EXECUTE FUNCTION query_party_names();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET customer_company_name = NEW.company_name WHERE customer_id = NEW.id;
  UPDATE queries SET customer_company_name = NEW.company_name WHERE customer_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_renamed AFTER UPDATE OF company_name ON customers FOR EACH ROW
  WHEN (OLD.company_name IS DISTINCT FROM NEW.company_name) EXECUTE FUNCTION customer_renamed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION carrier_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET carrier_company_name = NEW.company_name WHERE carrier_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER carriers_renamed AFTER UPDATE OF company_name ON carriers FOR EACH ROW
  WHEN (OLD.company_name IS DISTINCT FROM NEW.company_name) EXECUTE FUNCTION carrier_renamed();
--> statement-breakpoint
-- The users' rename (0047_kept_counts: the tasks' assignee name) renames the owner of orders and queries too.
CREATE OR REPLACE FUNCTION user_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tasks SET assignee_name = NEW.name WHERE user_id = NEW.id;
  UPDATE orders SET owner_name = NEW.name WHERE user_id = NEW.id;
  UPDATE queries SET owner_name = NEW.name WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER orders_version ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_version BEFORE UPDATE ON orders FOR EACH ROW
  EXECUTE FUNCTION bump_version('customer_price_pln', 'carrier_price_pln', 'margin', 'margin_percent',
    'carrier_invoice_payment_date', 'carrier_payment_due', 'customer_company_name', 'carrier_company_name', 'owner_name');
--> statement-breakpoint
DROP TRIGGER orders_history ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_history AFTER INSERT OR UPDATE OR DELETE ON orders FOR EACH ROW
  EXECUTE FUNCTION record_history('customer_price_pln', 'carrier_price_pln', 'margin', 'margin_percent',
    'loading_latitude', 'loading_longitude', 'unloading_latitude', 'unloading_longitude', 'carrier_invoice_payment_date',
    'carrier_payment_due', 'customer_company_name', 'carrier_company_name', 'owner_name');
--> statement-breakpoint
DROP TRIGGER queries_version ON queries;
--> statement-breakpoint
CREATE TRIGGER queries_version BEFORE UPDATE ON queries FOR EACH ROW
  EXECUTE FUNCTION bump_version('best_offer', 'best_offer_currency', 'best_offer_pln', 'pending_offers',
    'best_offer_margin', 'customer_company_name', 'owner_name');
--> statement-breakpoint
DROP TRIGGER queries_history ON queries;
--> statement-breakpoint
CREATE TRIGGER queries_history AFTER INSERT OR UPDATE OR DELETE ON queries FOR EACH ROW
  EXECUTE FUNCTION record_history('best_offer', 'best_offer_currency', 'best_offer_pln', 'pending_offers',
    'best_offer_margin', 'loading_latitude', 'loading_longitude', 'unloading_latitude', 'unloading_longitude',
    'customer_company_name', 'owner_name');
