import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/index.ts';
import { CUSTOMER, queryOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

/**
 * Without PUBLIC_URL, the verification link in a carrier's mail points at the address the app was reached at (the
 * office computer's name and port), not at localhost; behind a proxy with TRUST_PROXY, at the forwarded address.
 */
describe.each(dbKinds)('links in e-mails on %s', (kind) => {
  for (const trustProxy of ['false', 'true']) {
    describe(`TRUST_PROXY=${trustProxy}`, () => {
      let t: TestApp;
      let queryIri: string;
      beforeAll(async () => {
        t = await createTestApp(kind, { TRUST_PROXY: trustProxy, PORT: '8123' });
        const admin = await t.login();
        const api = (url: string, payload: object) =>
          t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
        const customer = (await api('/api/customers', CUSTOMER)).json();
        queryIri = (
          await api(
            '/api/queries',
            queryOf(customer['@id'], { loadingDate: '2026-12-20', unloadingDate: '2026-12-21' }),
          )
        ).json()['@id'];
      });
      afterAll(() => t.close());

      const lastLink = async () => {
        const [mail] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
        return /(\S+)\/verify\?token=/.exec(mail?.text ?? '')?.[1];
      };
      const offer = (headers: Record<string, string>, email: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/public/offers',
          headers,
          payload: { query: queryIri, email, phone: '600700800', price: 100000, currency: 'pln' },
        });

      it('links to the host the request came to', async () => {
        expect((await offer({ host: 'biuro-pc:8080' }, 'a@example.com')).statusCode).toBe(201);
        expect(await lastLink()).toBe('http://biuro-pc:8080');
        await offer({ host: '192.168.1.20:8080' }, 'b@example.com');
        expect(await lastLink()).toBe('http://192.168.1.20:8080');
      });

      it('never puts a forged host into a link', async () => {
        await offer({ host: 'evil.example/phish?x=' }, 'c@example.com');
        expect(await lastLink()).toBe('http://localhost:8123');
      });

      it(`${trustProxy === 'true' ? 'follows' : 'ignores'} the proxy's forwarded address`, async () => {
        await offer(
          { host: 'app:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'spedycja.firma.pl' },
          'd@example.com',
        );
        expect(await lastLink()).toBe(trustProxy === 'true' ? 'https://spedycja.firma.pl' : 'http://app:8080');
      });
    });
  }

  it('uses PUBLIC_URL when it is set', async () => {
    const t = await createTestApp(kind, { PUBLIC_URL: 'https://spedycja.example/' });
    try {
      const admin = await t.login();
      const customer = (
        await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(admin), payload: CUSTOMER })
      ).json();
      const query = (
        await t.app.inject({
          method: 'POST',
          url: '/api/queries',
          headers: bearer(admin),
          payload: queryOf(customer['@id'], { loadingDate: '2026-12-20', unloadingDate: '2026-12-21' }),
        })
      ).json();
      await t.app.inject({
        method: 'POST',
        url: '/api/public/offers',
        headers: { host: 'biuro-pc:8080' },
        payload: { query: query['@id'], email: 'e@example.com', phone: '600700800', price: 100000 },
      });
      const [mail] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
      expect(mail?.text).toContain('https://spedycja.example/verify?token=');
    } finally {
      await t.close();
    }
  });
});
