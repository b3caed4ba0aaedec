CREATE TABLE "record_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"record_uuid" uuid NOT NULL,
	"action" text NOT NULL,
	"user_uuid" uuid,
	"user_name" text,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("record_uuid","id" DESC NULLS LAST);--> statement-breakpoint
-- Versions: every UPDATE that changes a row bumps its version, whoever writes it (a route, a conversion, a script).
-- The trigger's arguments are columns whose change is bookkeeping, not an edit (a reminder sent, a best offer
-- recomputed): they do not make a version, so nobody's open form turns stale by them.
CREATE OR REPLACE FUNCTION bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV is NULL, not empty, for a trigger without arguments.
  IF (to_jsonb(NEW) - 'version' - coalesce(TG_ARGV, '{}'::text[]))
     IS DISTINCT FROM (to_jsonb(OLD) - 'version' - coalesce(TG_ARGV, '{}'::text[])) THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- History: after each change made by a request (app.user_uuid is set by the request's transaction; scripts, seeds
-- and background workers write none), in the same transaction. Identity, bookkeeping, passwords and tokens never.
CREATE OR REPLACE FUNCTION record_history() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := current_setting('app.user_uuid', true);
  ignored text[] := coalesce(TG_ARGV, '{}'::text[]) || ARRAY['id', 'uuid', 'version', 'created_at', 'search_text', 'password_hash',
    'verification_token_hash'];
  old_row jsonb;
  new_row jsonb;
  changes jsonb;
  action text := nullif(current_setting('app.action', true), '');
  target uuid;
BEGIN
  IF actor IS NULL OR actor = '' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    new_row := to_jsonb(NEW) - ignored;
    SELECT coalesce(jsonb_agg(jsonb_build_object('field', key, 'from', NULL, 'to', value) ORDER BY key), '[]'::jsonb)
      INTO changes FROM jsonb_each(new_row) WHERE value <> 'null'::jsonb;
    action := 'create';
    target := NEW.uuid;
  ELSIF TG_OP = 'DELETE' THEN
    changes := '[]'::jsonb;
    action := 'delete';
    target := OLD.uuid;
  ELSE
    old_row := to_jsonb(OLD) - ignored;
    new_row := to_jsonb(NEW) - ignored;
    SELECT coalesce(jsonb_agg(jsonb_build_object('field', n.key, 'from', o.value, 'to', n.value) ORDER BY n.key),
                    '[]'::jsonb)
      INTO changes FROM jsonb_each(new_row) n JOIN jsonb_each(old_row) o USING (key)
      WHERE n.value IS DISTINCT FROM o.value;
    IF changes = '[]'::jsonb THEN
      RETURN NULL;
    END IF;
    IF (old_row ->> 'deletion_reason') IS DISTINCT FROM (new_row ->> 'deletion_reason') THEN
      action := CASE WHEN coalesce((new_row ->> 'deletion_reason')::int, 0) > 0 THEN 'delete' ELSE 'restore' END;
    END IF;
    action := coalesce(action, 'update');
    target := NEW.uuid;
  END IF;
  INSERT INTO record_history (resource, record_uuid, action, user_uuid, user_name, changes)
    VALUES (TG_TABLE_NAME, target, action, actor::uuid, current_setting('app.user_name', true), changes);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER queries_version BEFORE UPDATE ON queries FOR EACH ROW
  EXECUTE FUNCTION bump_version('best_offer', 'best_offer_currency', 'best_offer_pln', 'pending_offers', 'best_offer_margin');
--> statement-breakpoint
CREATE TRIGGER orders_version BEFORE UPDATE ON orders FOR EACH ROW
  EXECUTE FUNCTION bump_version('customer_price_pln', 'carrier_price_pln', 'margin', 'margin_percent');
--> statement-breakpoint
CREATE TRIGGER customers_version BEFORE UPDATE ON customers FOR EACH ROW EXECUTE FUNCTION bump_version('search_text');
--> statement-breakpoint
CREATE TRIGGER carriers_version BEFORE UPDATE ON carriers FOR EACH ROW EXECUTE FUNCTION bump_version('search_text');
--> statement-breakpoint
CREATE TRIGGER tasks_version BEFORE UPDATE ON tasks FOR EACH ROW EXECUTE FUNCTION bump_version('telegram_reminded_for');
--> statement-breakpoint
CREATE TRIGGER offers_version BEFORE UPDATE ON offers FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER invoices_version BEFORE UPDATE ON invoices FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER users_version BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER settings_version BEFORE UPDATE ON settings FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER queries_history AFTER INSERT OR UPDATE OR DELETE ON queries FOR EACH ROW
  EXECUTE FUNCTION record_history('best_offer', 'best_offer_currency', 'best_offer_pln', 'pending_offers', 'best_offer_margin', 'loading_latitude', 'loading_longitude', 'unloading_latitude', 'unloading_longitude');
--> statement-breakpoint
CREATE TRIGGER orders_history AFTER INSERT OR UPDATE OR DELETE ON orders FOR EACH ROW
  EXECUTE FUNCTION record_history('customer_price_pln', 'carrier_price_pln', 'margin', 'margin_percent', 'loading_latitude', 'loading_longitude', 'unloading_latitude', 'unloading_longitude');
--> statement-breakpoint
CREATE TRIGGER customers_history AFTER INSERT OR UPDATE OR DELETE ON customers FOR EACH ROW EXECUTE FUNCTION record_history();
--> statement-breakpoint
CREATE TRIGGER carriers_history AFTER INSERT OR UPDATE OR DELETE ON carriers FOR EACH ROW EXECUTE FUNCTION record_history();
--> statement-breakpoint
CREATE TRIGGER tasks_history AFTER INSERT OR UPDATE OR DELETE ON tasks FOR EACH ROW EXECUTE FUNCTION record_history('telegram_reminded_for');
--> statement-breakpoint
CREATE TRIGGER offers_history AFTER INSERT OR UPDATE OR DELETE ON offers FOR EACH ROW EXECUTE FUNCTION record_history();
--> statement-breakpoint
CREATE TRIGGER invoices_history AFTER INSERT OR UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION record_history();
--> statement-breakpoint
CREATE TRIGGER users_history AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION record_history();
--> statement-breakpoint
CREATE TRIGGER settings_history AFTER INSERT OR UPDATE OR DELETE ON settings FOR EACH ROW EXECUTE FUNCTION record_history();
