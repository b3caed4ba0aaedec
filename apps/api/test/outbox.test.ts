import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import { createOutbox, enqueueMail } from '../src/mail/outbox.ts';
import { createMailTransport } from '../src/mail/transport.ts';
import { dbKinds, freshDatabase, testConfig } from './helpers.ts';
import { freePort, startSmtp } from './smtp.ts';

describe.each(dbKinds)('mail outbox on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(() => database.close());

  it('sends a queued message through SMTP with its Polish subject and attachment', async () => {
    const smtp = await startSmtp();
    const outbox = createOutbox(
      database.db,
      createMailTransport({ smtpUrl: smtp.url, dataDir: '/tmp' }),
      'Spedycja <biuro@spedycja.example>',
    );
    try {
      await enqueueMail(database.db, {
        to: 'klient@example.pl',
        subject: 'Zlecenie transportowe nr 1/11/2026 — potwierdzenie',
        text: 'Dzień dobry, w załączniku przesyłamy zlecenie. Żółć gęślą jaźń.',
        attachments: [
          { filename: 'zlecenie.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 test') },
        ],
      });
      expect(await outbox.flush()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual(['klient@example.pl']);
      expect(smtp.received[0]?.raw).toContain('zlecenie.pdf');
      expect(await outbox.flush()).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await outbox.stop();
      await smtp.close();
    }
  });

  it('gives a backlog of costly messages at most half of its time (a pause as long as each message took)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'outbox-backlog-'));
    const outbox = createOutbox(database.db, createMailTransport({ dataDir }), 'x@example.pl');
    const BUSY_MS = 60;
    // Rendered on the event loop, as an invoice PDF is.
    outbox.registerAttachment('busy', async (ref) => {
      const until = performance.now() + BUSY_MS;
      while (performance.now() < until) {}
      return { filename: `${ref}.pdf`, contentType: 'application/pdf', content: Buffer.from('%PDF-1.4') };
    });
    for (const ref of ['a', 'b', 'c']) {
      await enqueueMail(database.db, {
        to: 'klient@example.pl',
        subject: `Przypomnienie ${ref}`,
        text: 'treść',
        renderedAttachments: [{ kind: 'busy', ref }],
      });
    }
    try {
      const began = performance.now();
      expect(await outbox.flush()).toBe(3);
      // Three renders of 60 ms, each followed by as long a pause (without them: about 200 ms in all).
      expect(performance.now() - began).toBeGreaterThanOrEqual(6 * BUSY_MS - 10);
    } finally {
      await outbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps a message while the server is down and sends it once when it is back', async () => {
    const port = await freePort();
    const outbox = createOutbox(
      database.db,
      createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: '/tmp' }),
      'x@example.pl',
    );
    const id = await enqueueMail(database.db, { to: 'przewoznik@example.pl', subject: 'Próba', text: 'treść' });
    try {
      expect(await outbox.flush()).toBe(0);
      let [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row?.status).toBe('pending');
      expect(row?.attempts).toBe(1);
      expect(row?.lastError).toBeTruthy();
      expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

      const smtp = await startSmtp(port);
      try {
        // Not due yet: nothing is sent before the back-off has passed.
        expect(await outbox.flush()).toBe(0);
        await database.db
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(Date.now() - 1000) })
          .where(eq(mailOutbox.id, id));
        expect(await outbox.flush()).toBe(1);
        expect(await outbox.flush()).toBe(0);
        expect(smtp.received.filter((m) => m.to.includes('przewoznik@example.pl'))).toHaveLength(1);
        [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        expect(row?.status).toBe('sent');
        expect(row?.attempts).toBe(2);
      } finally {
        await smtp.close();
      }
    } finally {
      await outbox.stop();
    }
  });

  it('writes .eml files into the data folder when no SMTP server is configured', async () => {
    const config = testConfig();
    const outbox = createOutbox(database.db, createMailTransport({ dataDir: config.dataDir }), 'x@example.pl');
    try {
      await enqueueMail(database.db, {
        to: 'ktos@example.pl',
        subject: 'Link weryfikacyjny',
        text: 'https://example/verify?token=abc',
      });
      expect(await outbox.flush()).toBe(1);
      const files = readdirSync(path.join(config.dataDir, 'mail'));
      expect(files).toHaveLength(1);
      const eml = readFileSync(path.join(config.dataDir, 'mail', files[0] as string), 'utf8');
      expect(eml).toContain('To: ktos@example.pl');
      expect(eml).toContain('verify?token=abc');
    } finally {
      await outbox.stop();
    }
  });
});
