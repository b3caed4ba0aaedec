import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { gracefulShutdown } from '../src/lifecycle.ts';
import { createOutbox, enqueueMail } from '../src/mail/outbox.ts';
import type { MailTransport } from '../src/mail/transport.ts';
import { freshDatabase, testConfig } from './helpers.ts';

/** A gate a test opens when it wants the waiting side to go on. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('graceful shutdown (SIGTERM)', () => {
  it('stops taking requests, finishes the one in flight, lets the outbox send its current message, then closes the database', async () => {
    const events: string[] = [];
    const database = await freshDatabase('pglite');
    const config = testConfig();
    await bootstrap(database.db, config);

    const mailGate = gate();
    const sending = gate();
    const transport: MailTransport = {
      kind: 'file',
      async send(mail) {
        events.push(`sending ${mail.subject}`);
        sending.open();
        await mailGate.opened;
        events.push(`sent ${mail.subject}`);
      },
      close() {},
    };
    const outbox = createOutbox(database.db, transport, 'Spedycja <no-reply@spedycja.local>');
    await enqueueMail(database.db, { to: 'a@example.pl', subject: 'A', text: 'a' });
    await enqueueMail(database.db, { to: 'b@example.pl', subject: 'B', text: 'b' });

    const app = await buildApp({ config, db: database.db, logger: false, outbox });
    const requestGate = gate();
    // Left out of the documentation, so out of the access list (as the backup control route).
    app.get('/api/test/slow', { config: { public: true }, schema: { hide: true } }, async () => {
      events.push('request started');
      await requestGate.opened;
      events.push('request answered');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    void outbox.flush();
    await sending.opened;
    const slow = fetch(`${base}/api/test/slow`);
    while (!events.includes('request started')) await sleep(10);

    const closing = gracefulShutdown({
      app,
      database: {
        async close() {
          events.push('database closed');
          await database.close();
        },
      },
      log: app.log,
    });
    await sleep(200);
    // No new requests: the listening socket is closed.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();

    requestGate.open();
    const answer = await slow;
    expect(answer.status).toBe(200);
    await sleep(200);
    // The outbox is still sending its message: the database stays open for it.
    expect(events).not.toContain('database closed');

    mailGate.open();
    expect(await closing).toBe(true);
    expect(events).toEqual(['sending A', 'request started', 'request answered', 'sent A', 'database closed']);
  }, 60_000);
});
