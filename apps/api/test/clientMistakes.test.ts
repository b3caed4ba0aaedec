import { apiMessages, validationMessages } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { CUSTOMER, queryOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

/** Issue 13, part 2: client mistakes that answered 500. Each is a Polish 400/422 and writes nothing. */
describe.each(dbKinds)('client mistakes on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let query: { '@id': string };
  let task: { '@id': string };
  const api = (method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'POST',
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const count = async (table: string) =>
    Number(
      (await selectRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    const customer = (await api('POST', '/api/customers', CUSTOMER)).json();
    query = (await api('POST', '/api/queries', queryOf(customer['@id']))).json();
    task = (await api('POST', '/api/tasks', { comment: 'x', contactDate: '2026-12-01T10:00:00.000Z' })).json();
    // Generous: under a full parallel run the embedded database starts slowly.
  }, 120_000);
  afterAll(() => t.close());

  const inherited = ['toString', 'valueOf', 'constructor', 'hasOwnProperty', '__lookupGetter__', 'isPrototypeOf'];
  const lists = ['customers', 'carriers', 'queries', 'orders', 'tasks', 'offers', 'invoices', 'users'];

  it('refuses a parameter named like an inherited property on every list (400, Polish)', async () => {
    for (const list of lists) {
      for (const name of inherited) {
        const res = await api('GET', `/api/${list}?${name}=1`);
        expect({ list, name, status: res.statusCode }).toEqual({ list, name, status: 400 });
        expect(res.json().detail).toBe(apiMessages.invalidFilter(name));
      }
      expect((await api('GET', `/api/${list}?order[toString]=asc`)).statusCode).toBe(200);
      // The query-string parser drops `__proto__` itself: an unfiltered list, never a 500.
      expect((await api('GET', `/api/${list}?__proto__=1`)).statusCode).toBe(200);
    }
  });

  it('refuses a required field left out (not sent as null) with a 422 naming it, writing nothing', async () => {
    const before = {
      tasks: await count('tasks'),
      offers: await count('offers'),
      tries: await count('task_contact_tries'),
    };
    const cases: [string, object, string][] = [
      ['/api/tasks', { comment: 'x' }, 'contactDate'],
      ['/api/offers', { price: 4242 }, 'query'],
      ['/api/task_contact_tries', { task: task['@id'] }, 'date'],
    ];
    for (const [url, body, field] of cases) {
      const res = await api('POST', url, body);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 422 });
      expect(res.json().violations).toContainEqual({ propertyPath: field, message: validationMessages.required });
    }
    expect({
      tasks: await count('tasks'),
      offers: await count('offers'),
      tries: await count('task_contact_tries'),
    }).toEqual(before);
    // With them, the same requests go through.
    expect((await api('POST', '/api/offers', { price: 4242, query: query['@id'] })).statusCode).toBe(201);
  });
});
