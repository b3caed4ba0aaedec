import { apiMessages } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { removeExpiredKeys } from '../src/http/idempotency.ts';
import { CUSTOMER, factories, orderOf, queryOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { multipart, SAMPLES } from './portalHelpers.ts';

/**
 * Issue 13, part 1: the old 5-second guard answered a repeated POST with the first answer without running it. Now a
 * write without an Idempotency-Key always runs, and one with a key runs once per key.
 */
describe.each(dbKinds)('idempotency keys on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let other: string;
  let customer: { '@id': string; uuid: string };
  let carrier: { '@id': string };

  const api = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}, as = token) =>
    t.app.inject({
      method: method as 'POST',
      url,
      headers: { ...bearer(as), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const count = async (table: string, where = sql`true`) =>
    Number(
      (
        await selectRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${where}`,
        )
      )[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    other = (await factories(t.app, token).user({ login: 'dyspozytor', name: 'Dyspozytor' })).token;
    customer = (await api('POST', '/api/customers', CUSTOMER)).json();
    carrier = (
      await api('POST', '/api/carriers', { companyName: 'Przewozy Gęś', email: 'gesi@example.com', phone: '601601601' })
    ).json();
    // Generous: under a full parallel run the embedded database starts slowly.
  }, 120_000);
  afterAll(() => t.close());

  it('remove → restore → remove on one query really removes, and a second restore really restores', async () => {
    const q = (await api('POST', '/api/queries', queryOf(customer['@id']))).json();
    const state = async () => (await api('GET', `/api/queries/${q.uuid}`)).json().deletionReason;
    expect((await api('POST', `/api/remove/${q.uuid}`, { type: 'query', reason: 1 })).statusCode).toBe(200);
    expect((await api('POST', `/api/restore/${q.uuid}`, { type: 'query' })).statusCode).toBe(200);
    const third = await api('POST', `/api/remove/${q.uuid}`, { type: 'query', reason: 1 });
    expect(third.statusCode).toBe(200);
    expect(third.headers['idempotent-replayed']).toBeUndefined();
    expect(await state()).toBe(1);
    const fourth = await api('POST', `/api/restore/${q.uuid}`, { type: 'query' });
    expect(fourth.json().deletionReason).toBe(0);
    expect(await state()).toBe(0);
  });

  it('create → delete → the same POST again makes a new customer', async () => {
    const body = { companyName: 'Jednorazowy', city: 'Łódź', country: 'PL' };
    const first = (await api('POST', '/api/customers', body)).json();
    expect((await api('DELETE', `/api/customers/${first.uuid}`)).statusCode).toBe(204);
    const again = await api('POST', '/api/customers', body);
    expect(again.statusCode).toBe(201);
    expect(again.json().uuid).not.toBe(first.uuid);
    expect((await api('GET', `/api/customers/${again.json().uuid}`)).statusCode).toBe(200);
  });

  it('sends an order to the carrier again when asked again', async () => {
    const o = (await api('POST', '/api/orders', orderOf(customer['@id'], { carrier: carrier['@id'] }))).json();
    const mails = () => count('mail_outbox', sql`"to" = 'gesi@example.com'`);
    const before = await mails();
    expect((await api('POST', `/api/orders/${o.uuid}/send/carrier`)).statusCode).toBe(200);
    expect((await api('POST', `/api/orders/${o.uuid}/send/carrier`)).statusCode).toBe(200);
    expect(await mails()).toBe(before + 2);
  });

  it('stores two identical contact attempts', async () => {
    const task = (
      await api('POST', '/api/tasks', {
        phone: '600100200',
        comment: 'Oddzwonić',
        contactDate: new Date().toISOString(),
      })
    ).json();
    const attempt = { task: task['@id'], date: '2026-11-20T10:00:00.000Z', comment: 'Nie odbiera' };
    expect((await api('POST', '/api/task_contact_tries', attempt)).statusCode).toBe(201);
    expect((await api('POST', '/api/task_contact_tries', attempt)).statusCode).toBe(201);
    const listed = (await api('GET', `/api/task_contact_tries?task.uuid=${task.uuid}`)).json();
    expect(listed['hydra:totalItems']).toBe(2);
  });

  it('gives twelve identical orders sent at once twelve numbers', async () => {
    const body = orderOf(customer['@id'], { cargo: 'Skrypt' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => api('POST', '/api/orders', body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    expect(new Set(answers.map((a) => a.json().number)).size).toBe(12);
    expect(await count('orders', sql`cargo = 'Skrypt'`)).toBe(12);
  });

  it('runs a keyed write once and replays its stored answer', async () => {
    const headers = { 'idempotency-key': 'klucz-1' };
    const body = { companyName: 'Z kluczem', city: 'Gdańsk', country: 'PL' };
    const first = await api('POST', '/api/customers', body, headers);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await api('POST', '/api/customers', body, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.headers['content-type']).toContain('application/json');
    expect(await count('customers', sql`company_name = 'Z kluczem'`)).toBe(1);
  });

  it('refuses the same key with another body (422, Polish), changing nothing', async () => {
    const headers = { 'idempotency-key': 'klucz-2' };
    await api('POST', '/api/customers', { companyName: 'Pierwszy', country: 'PL' }, headers);
    const res = await api('POST', '/api/customers', { companyName: 'Drugi', country: 'PL' }, headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(apiMessages.idempotencyKeyReused);
    expect(await count('customers', sql`company_name = 'Drugi'`)).toBe(0);
    // The same key on another path is another request too.
    const elsewhere = await api('POST', '/api/carriers', { companyName: 'Pierwszy', country: 'PL' }, headers);
    expect(elsewhere.statusCode).toBe(422);
  });

  it('fingerprints a multipart upload by its file: the same file replays, another file under the key is a 422', async () => {
    const upload = (url: string, key: string, fields: Record<string, string>, name: string, data: Buffer) => {
      const body = multipart(fields, { name, data });
      return t.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...bearer(token), ...body.headers, 'idempotency-key': key },
      });
    };
    const statement = (title: string) =>
      Buffer.from(
        [
          ':20:IDEM',
          ':25:/PL61109010140000071219812874',
          ':28C:1',
          ':60F:C261101PLN0,00',
          ':61:2611201120C100,00NTRFNONREF//',
          `:86:020~00PRZELEW~20${title}~27KLIENT`,
          ':62F:C261120PLN100,00',
          '-',
        ].join('\r\n'),
      );

    // A bank statement: the same file twice is one statement; another file (same name) under the key is refused.
    const file = statement('Wpłata idempotentna');
    const first = await upload('/api/bank_statements', 'wyciag-1', {}, 'wyciag.sta', file);
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload('/api/bank_statements', 'wyciag-1', {}, 'wyciag.sta', Buffer.from(file));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().uuid).toBe(first.json().uuid);
    const other = await upload('/api/bank_statements', 'wyciag-1', {}, 'wyciag.sta', statement('Inna wpłata'));
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toBe(apiMessages.idempotencyKeyReused);
    expect(await count('bank_statements')).toBe(1);
    expect(await count('bank_statement_lines', sql`title LIKE '%Inna wpłata%'`)).toBe(0);

    // An order's file: the same again is replayed, another file (or the same with another kind) is refused.
    const order = (await api('POST', '/api/orders', orderOf(customer['@id'], { carrier: carrier['@id'] }))).json();
    const url = `/api/orders/${order.uuid}/documents`;
    const pdf = SAMPLES.pdf();
    const doc = await upload(url, 'plik-1', { kind: 'cmr' }, 'cmr.pdf', pdf);
    expect(doc.statusCode, doc.body).toBe(201);
    const docAgain = await upload(url, 'plik-1', { kind: 'cmr' }, 'cmr.pdf', Buffer.from(pdf));
    expect(docAgain.headers['idempotent-replayed']).toBe('true');
    expect(docAgain.json().uuid).toBe(doc.json().uuid);
    expect((await upload(url, 'plik-1', { kind: 'cmr' }, 'cmr.pdf', SAMPLES.pdf())).statusCode).toBe(422);
    expect((await upload(url, 'plik-1', { kind: 'invoice' }, 'cmr.pdf', Buffer.from(pdf))).statusCode).toBe(422);
    expect(await count('order_documents', sql`order_id = (SELECT id FROM orders WHERE uuid = ${order.uuid})`)).toBe(1);
  });

  it('keeps one user’s key apart from another’s', async () => {
    const headers = { 'idempotency-key': 'wspolny' };
    const body = { companyName: 'Wspólny klucz', country: 'PL', phone: '' };
    expect((await api('POST', '/api/carriers', body, headers)).statusCode).toBe(201);
    const theirs = await api('POST', '/api/carriers', { ...body, companyName: 'Wspólny klucz 2' }, headers, other);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('runs concurrent repeats of one key once: the others wait and get the same answer', async () => {
    const headers = { 'idempotency-key': 'rownolegle' };
    const body = orderOf(customer['@id'], { cargo: 'Równolegle' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => api('POST', '/api/orders', body, headers)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.json().uuid)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await count('orders', sql`cargo = 'Równolegle'`)).toBe(1);
  });

  it('keys a remove too: a repeated click does not fail on the already removed record', async () => {
    const q = (await api('POST', '/api/queries', queryOf(customer['@id']))).json();
    const headers = { 'idempotency-key': `usun-${q.uuid}` };
    const first = await api('POST', `/api/remove/${q.uuid}`, { type: 'query', reason: 2 }, headers);
    const again = await api('POST', `/api/remove/${q.uuid}`, { type: 'query', reason: 2 }, headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Without the key the second removal is a real one, and is refused.
    expect((await api('POST', `/api/remove/${q.uuid}`, { type: 'query', reason: 2 })).statusCode).toBe(422);
  });

  it('stores the key with the write: a write refused for bad data keeps neither', async () => {
    const headers = { 'idempotency-key': 'zly' };
    const bad = await api('POST', '/api/queries', { customer: customer['@id'] }, headers);
    expect(bad.statusCode).toBe(422);
    expect(await count('idempotency_keys', sql`key = 'zly'`)).toBe(0);
    const good = await api(
      'POST',
      '/api/customers',
      { companyName: 'Dobry', country: 'PL' },
      { 'idempotency-key': 'dobry' },
    );
    expect(good.statusCode).toBe(201);
    const [row] = await selectRows<{ status: number; path: string; method: string }>(
      t.database.db,
      sql`SELECT status, path, method FROM idempotency_keys WHERE key = 'dobry'`,
    );
    expect(row).toEqual({ status: 201, path: '/api/customers', method: 'POST' });
  });

  it('refuses a malformed key (400, Polish)', async () => {
    const res = await api(
      'POST',
      '/api/customers',
      { companyName: 'X', country: 'PL' },
      { 'idempotency-key': 'ż'.repeat(3) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(apiMessages.idempotencyKeyInvalid);
    const long = await api(
      'POST',
      '/api/customers',
      { companyName: 'X', country: 'PL' },
      { 'idempotency-key': 'k'.repeat(256) },
    );
    expect(long.statusCode).toBe(400);
    expect(await count('customers', sql`company_name = 'X'`)).toBe(0);
  });

  it('forgets a key after 24 hours: the write runs again, and the cleanup removes old keys', async () => {
    const headers = { 'idempotency-key': 'stary' };
    const body = { companyName: 'Stary klucz', country: 'PL' };
    expect((await api('POST', '/api/customers', body, headers)).statusCode).toBe(201);
    await t.database.db.execute(
      sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'stary'`,
    );
    const later = await api('POST', '/api/customers', body, headers);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('customers', sql`company_name = 'Stary klucz'`)).toBe(2);
    await t.database.db.execute(
      sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'stary'`,
    );
    expect(await removeExpiredKeys(t.database.db)).toBe(1);
    expect(await count('idempotency_keys', sql`key = 'stary'`)).toBe(0);
  });
});
