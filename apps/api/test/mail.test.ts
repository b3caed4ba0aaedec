import { mailMessages, orderMessages } from '@spedycja/domain';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { createOutbox } from '../src/mail/outbox.ts';
import { createMailTransport } from '../src/mail/transport.ts';
import { CUSTOMER, factories, orderOf } from './fixtures.ts';
import { ADMIN, bearer, createTestApp, dbKinds, freshDatabase, type TestApp, testConfig } from './helpers.ts';
import { decodedBody, startSmtp, type TestSmtp } from './smtp.ts';

/** Mail with and without a server: what the app says it did, and the test message of the settings page. */
describe.each(dbKinds)('mail state on %s', (kind) => {
  describe('without SMTP_URL', () => {
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = await t.login();
    });
    afterAll(() => t.close());
    const api = (method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
      t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

    it('says the mail is kept in the folder, and the order send says saved, not sent, and marks nothing sent', async () => {
      expect((await api('GET', '/api/mail/status')).json()).toMatchObject({ mode: 'file', pending: 0 });
      const customer = (await api('POST', '/api/customers', { ...CUSTOMER, email: 'klient@example.com' })).json();
      const order = (await api('POST', '/api/orders', orderOf(customer['@id']))).json();
      const sent = await api('POST', `/api/orders/${order.uuid}/send/customer`);
      expect(sent.statusCode).toBe(200);
      expect(sent.json().message).toBe(mailMessages.savedMailOff);
      expect(sent.json().message).not.toBe(orderMessages.sentToCustomer);
      expect(sent.json().order).toMatchObject({
        mailSentToCustomer: false,
        mailSentToCustomerAt: null,
        mailSentToCustomerAddress: null,
      });
      // Written to the folder: still not sent.
      await t.app.outbox.flush();
      expect((await api('GET', `/api/orders/${order.uuid}`)).json()).toMatchObject({
        mailSentToCustomer: false,
        mailSentToCustomerAt: null,
      });
      // The order's history says the document was kept in the folder, by whom.
      const [line] = (await api('GET', `/api/orders/${order.uuid}/history`)).json()['hydra:member'];
      expect(line).toMatchObject({
        action: 'send',
        user: { name: expect.any(String) },
        changes: [{ field: 'mailToCustomer', from: null, to: mailMessages.keptInFolderHistory('klient@example.com') }],
      });
    });

    it('lets an admin save a test message, to a given address or their own, and nobody else', async () => {
      const noAddress = await api('POST', '/api/mail/test', {});
      expect(noAddress.statusCode).toBe(422);
      expect(noAddress.json().detail).toBe(mailMessages.noRecipient);
      const saved = await api('POST', '/api/mail/test', { to: 'szef@example.com' });
      expect(saved.json()).toMatchObject({ message: mailMessages.testSavedMailOff, to: 'szef@example.com' });
      expect((await api('POST', '/api/mail/test', { to: 'to nie adres' })).statusCode).toBe(422);
      const user = (await factories(t.app, admin).user({ login: 'dysp', name: 'Dyspozytor' })).token;
      expect((await api('POST', '/api/mail/test', { to: 'x@example.com' }, user)).statusCode).toBe(403);
      expect((await api('GET', '/api/mail/status', undefined, user)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/mail/status' })).statusCode).toBe(401);
    });
  });

  describe('with an SMTP server', () => {
    let smtp: TestSmtp;
    let close: () => Promise<void>;
    let inject: (method: 'GET' | 'POST', url: string, payload?: object) => Promise<LightMyRequestResponse>;
    let flush: () => Promise<number>;
    beforeAll(async () => {
      smtp = await startSmtp();
      const config = testConfig({ SMTP_URL: smtp.url });
      const database = await freshDatabase(kind);
      await bootstrap(database.db, config);
      const outbox = createOutbox(
        database.db,
        createMailTransport({ smtpUrl: smtp.url, dataDir: config.dataDir }),
        config.mailFrom,
      );
      const app = await buildApp({ config, db: database.db, outbox, logger: false });
      const token = (
        await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: ADMIN.username, password: ADMIN.password },
        })
      ).json().token;
      inject = (method, url, payload) =>
        app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
      flush = () => outbox.flush();
      close = async () => {
        await app.close();
        await database.close();
        await smtp.close();
      };
    });
    afterAll(() => close());

    it('sends the test message through the server and says so', async () => {
      expect((await inject('GET', '/api/mail/status')).json().mode).toBe('smtp');
      const res = await inject('POST', '/api/mail/test', { to: 'szef@example.com' });
      expect(res.json().message).toBe(mailMessages.testSent);
      await flush();
      const got = smtp.received.find((m) => m.to.includes('szef@example.com'));
      expect(got && decodedBody(got.raw)).toContain(mailMessages.testBody);
    });

    it("an order sent through the server is marked sent, with its line in the order's history", async () => {
      const customer = (await inject('POST', '/api/customers', { ...CUSTOMER, email: 'wyslij@example.com' })).json();
      const order = (await inject('POST', '/api/orders', orderOf(customer['@id']))).json();
      const sent = await inject('POST', `/api/orders/${order.uuid}/send/customer`);
      expect(sent.json().message).toBe(orderMessages.sentToCustomer);
      await flush();
      expect((await inject('GET', `/api/orders/${order.uuid}`)).json().mailSentToCustomer).toBe(true);
      const history = (await inject('GET', `/api/orders/${order.uuid}/history`)).json()['hydra:member'];
      expect(history[0]).toMatchObject({
        action: 'send',
        changes: [
          { field: 'mailSentToCustomer', from: false, to: true },
          { field: 'mailSentToCustomerAddress', from: null, to: 'wyslij@example.com' },
        ],
      });
      expect(JSON.stringify(history)).not.toContain('poczta wyłączona');
    });
  });
});
