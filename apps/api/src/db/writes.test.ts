import { describe, expect, it } from 'vitest';
import { statementWrites, tablesWrittenBy } from './writes.ts';

describe('the tables a statement writes', () => {
  it("reads drizzle's statements and hand-written ones", () => {
    expect(statementWrites('insert into "tasks" ("phone") values ($1) returning "id"')).toEqual([
      { table: 'tasks', kind: 'insert' },
    ]);
    expect(statementWrites('update "orders" set "cargo" = $1 where "orders"."id" = $2')).toEqual([
      { table: 'orders', kind: 'update' },
    ]);
    expect(statementWrites('delete from "idempotency_keys" where "owner" = $1')).toEqual([
      { table: 'idempotency_keys', kind: 'delete' },
    ]);
    expect(statementWrites('UPDATE orders o SET carrier_invoice_payment_date = NULL')).toEqual([
      { table: 'orders', kind: 'update' },
    ]);
    expect(statementWrites('  INSERT INTO "public"."queries" AS q (cargo) VALUES ($1)')).toEqual([
      { table: 'queries', kind: 'insert' },
    ]);
  });

  it('finds the writes inside a WITH, and none in a read, a lock or an upsert of the same table', () => {
    expect(
      statementWrites('WITH moved AS (UPDATE tasks SET order_id = $1 RETURNING id) DELETE FROM offers WHERE id = $2'),
    ).toEqual([
      { table: 'tasks', kind: 'update' },
      { table: 'offers', kind: 'delete' },
    ]);
    expect(statementWrites('select * from "orders" where "id" = $1 for update')).toEqual([]);
    expect(
      statementWrites('insert into "settings" ("key") values ($1) on conflict ("key") do update set "value" = $2'),
    ).toEqual([{ table: 'settings', kind: 'insert' }]);
    expect(statementWrites('begin')).toEqual([]);
    expect(statementWrites('commit')).toEqual([]);
    expect(statementWrites('TRUNCATE orders, queries')).toEqual([{ table: '*', kind: 'delete' }]);
  });

  it("adds what the database's triggers and foreign keys write in turn", () => {
    // A carrier invoice matched to an order sets the order's payment date (trigger received_invoices_due).
    expect(tablesWrittenBy('insert into "received_invoices" ("order_id") values ($1)')).toEqual(
      expect.arrayContaining(['received_invoices', 'orders', 'record_history', 'stats_monthly']),
    );
    // A new query changes no order; deleting one empties the orders' link to it (ON DELETE SET NULL).
    expect(tablesWrittenBy('insert into "queries" ("cargo") values ($1)')).not.toContain('orders');
    expect(tablesWrittenBy('delete from "queries" where "id" = $1')).toEqual(
      expect.arrayContaining(['queries', 'offers', 'orders', 'tasks']),
    );
    // A task is just a task (its history line, and its status's kept count).
    expect([...tablesWrittenBy('insert into "tasks" ("phone") values ($1)')].sort()).toEqual([
      'record_history',
      'status_counts',
      'tasks',
    ]);
  });
});
