import { type MailStatus, mailMessages, optionalEmail } from '@spedycja/domain';
import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { mailOutbox, users } from '../../db/schema/index.ts';
import { adminOnly, currentUser } from '../../http/auth.ts';
import { fieldViolation } from '../../http/errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';

const testBody = z.object({ to: optionalEmail() }).nullable().optional();

/** Whether mail goes out or stays in the folder (the header and the settings page say so), and a test message. */
export async function mailRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Mail'];

  r.get('/api/mail/status', { schema: { tags } }, async (): Promise<MailStatus> => {
    const pending = eq(mailOutbox.status, 'pending');
    const [waiting] = await db.select({ n: count() }).from(mailOutbox).where(pending);
    const [failing] = await db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(pending, gt(mailOutbox.attempts, 0)));
    return { mode: app.outbox.mode, from: config.mailFrom, pending: waiting?.n ?? 0, failing: failing?.n ?? 0 };
  });

  r.post('/api/mail/test', { config: adminOnly, schema: { tags, body: testBody } }, async (request) => {
    const me = currentUser(request);
    const [record] = await db.select({ email: users.email }).from(users).where(eq(users.uuid, me.uuid));
    const to = request.body?.to ?? record?.email;
    if (!to) throw fieldViolation('to', mailMessages.noRecipient);
    await enqueueMail(db, { to, subject: mailMessages.testSubject, text: `${mailMessages.testBody}\n` });
    app.outbox.nudge();
    return { message: app.outbox.mode === 'file' ? mailMessages.testSavedMailOff : mailMessages.testSent, to };
  });
}
