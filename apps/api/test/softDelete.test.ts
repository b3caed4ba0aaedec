import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { factories } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

// Orders, queries and tasks arrive with their issues; the mechanism is tested on a table of its own.
const things = pgTable('test_things', {
  uuid: uuid('uuid').primaryKey(),
  title: text('title'),
  deletionReason: integer('deletion_reason').notNull().default(0),
});

describe.each(dbKinds)('soft delete and restore on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  const id = '11111111-2222-4333-8444-555555555555';

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.database.db.execute(
      sql`CREATE TABLE test_things (uuid uuid PRIMARY KEY, title text, deletion_reason integer NOT NULL DEFAULT 0)`,
    );
    await t.database.db.execute(sql`INSERT INTO test_things (uuid, title) VALUES (${id}, 'x')`);
    t.softDelete.set('task', { table: things, uuid: things.uuid, deletionReason: things.deletionReason });
    admin = await t.login();
    user = (await factories(t.app, admin).user({ login: 'dispatcher', name: 'D' })).token;
  });
  afterAll(() => t.close());

  const reason = async () =>
    (await selectRows<{ deletion_reason: number }>(t.database.db, sql`SELECT deletion_reason FROM test_things`))[0]
      ?.deletion_reason;
  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  it('defaults the reason to 1 (Błędne dane)', async () => {
    expect((await post(`/api/remove/${id}`, user, { type: 'task' })).statusCode).toBe(200);
    expect(await reason()).toBe(1);
  });

  it('refuses a real second removal: a repeat without an Idempotency-Key runs (and is refused)', async () => {
    const again = await post(`/api/remove/${id}`, user, { type: 'task', reason: 1 });
    expect(again.statusCode).toBe(422);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    const other = await post(`/api/remove/${id}`, user, { type: 'task', reason: 2 });
    expect(other.statusCode).toBe(422);
    expect(await reason()).toBe(1);
  });

  it('lets only an admin restore', async () => {
    expect((await post(`/api/restore/${id}`, user, { type: 'task' })).statusCode).toBe(403);
    expect(await reason()).toBe(1);
    expect((await post(`/api/restore/${id}`, admin, { type: 'task' })).statusCode).toBe(200);
    expect(await reason()).toBe(0);
  });

  it('removes with any reason a user gives', async () => {
    expect((await post(`/api/remove/${id}`, user, { type: 'task', reason: 3 })).statusCode).toBe(200);
    expect(await reason()).toBe(3);
    await t.database.db.execute(sql`UPDATE test_things SET deletion_reason = 0`);
  });

  it('refuses bad input without changing anything', async () => {
    expect((await post(`/api/remove/${id}`, user, { type: 'planet', reason: 1 })).statusCode).toBe(422);
    expect((await post(`/api/remove/${id}`, user, { type: 'task', reason: 0 })).statusCode).toBe(422);
    // No order has this uuid: the type decides where the record is looked up.
    expect((await post(`/api/remove/${id}`, user, { type: 'order', reason: 1 })).statusCode).toBe(404);
    expect((await post('/api/remove/99999999-2222-4333-8444-555555555555', user, { type: 'task' })).statusCode).toBe(
      404,
    );
    expect((await post('/api/remove/not-a-uuid', user, { type: 'task' })).statusCode).toBe(404);
    expect(await reason()).toBe(0);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/remove/${id}`, payload: { type: 'task' } });
    expect(res.statusCode).toBe(401);
  });
});
