-- Issue 36: an import of orders adds its new orders to the monthly stats itself, one stats_add a (month, owner) of
-- each chunk summed in one statement (modules/imports/orderService.ts), instead of this trigger's stats_add an order
-- (a tenth of the time of each imported order's insert). It sets 'app.stats_by_statement' to 'on' in its transaction
-- just around the INSERT of the new orders, which set no query; every other write goes through the trigger as before.
DROP TRIGGER orders_stats ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_stats AFTER INSERT OR UPDATE OR DELETE ON orders FOR EACH ROW
  WHEN (current_setting('app.stats_by_statement', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION stats_orders();
