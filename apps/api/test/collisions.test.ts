import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import type { Database } from '../src/db/client.ts';
import { requestScoped } from '../src/db/requestTx.ts';
import { settings } from '../src/db/schema/index.ts';
import { ADMIN, bearer, dbKinds, freshDatabase, idleOutbox, testConfig } from './helpers.ts';

describe.each(dbKinds)('a write that collides with another (%s)', (kind) => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let token: string;
  let collide = true;
  const rate = async () =>
    (await database.db.select().from(settings).where(eq(settings.key, 'euroExchangeRate')))[0]?.value;

  beforeAll(async () => {
    const config = testConfig();
    database = await freshDatabase(kind);
    await bootstrap(database.db, config);
    app = await buildApp({ config, db: database.db, logger: false, outbox: idleOutbox() });
    const db = requestScoped(database.db);
    // Left out of the documentation, so out of the access list: it writes, then PostgreSQL reports a deadlock once.
    app.post('/api/test/collide', { schema: { hide: true } }, async () => {
      await db.update(settings).set({ value: '999' }).where(eq(settings.key, 'euroExchangeRate'));
      if (collide) {
        collide = false;
        await db.execute(sql`DO $$ BEGIN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END $$`);
      }
      return { ok: true };
    });
    await app.ready();
    token = (
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: ADMIN.username, password: ADMIN.password },
      })
    ).json().token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 503 with Retry-After and a Polish problem, keeps nothing, and the same key then runs', async () => {
    const before = await rate();
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/test/collide',
        headers: { ...bearer(token), 'idempotency-key': 'collide-0001' },
        payload: {},
      });
    const first = await send();
    expect(first.statusCode).toBe(503);
    expect(first.headers['retry-after']).toBe('1');
    expect(first.json().detail).toBe(
      'Ten zapis zbiegł się w czasie z innym i nic nie zostało zapisane. Spróbuj ponownie.',
    );
    expect(await rate()).toBe(before);
    // Nothing was kept under the key: sent again, the write runs (it is not an answer replayed).
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await rate()).toBe('999');
  });
});
