import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { adminOnly } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { collection } from '../../http/hydra.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { listReminders, sendReminderNow } from './service.ts';

/** Issue 26 (admins, as invoices): the payment reminders sent for an invoice, and 'send the current step now'. */
export async function remindersRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = adminOnly;
  const tags = ['Payment reminders'];

  const invoiceId = async (id: string) => {
    const [row] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.uuid, uuidParam(id)));
    if (!row) throw notFound();
    return row.id;
  };

  r.get('/api/invoices/:id/reminders', { config, schema: { tags, params: idParams } }, async (request) => {
    const members = await listReminders(db, await invoiceId(request.params.id));
    return collection(request.url, members, members.length, {
      paginated: false,
      page: 1,
      itemsPerPage: members.length,
    });
  });

  r.post('/api/invoices/:id/reminders', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const id = await invoiceId(request.params.id);
    const sent = await sendReminderNow(db, id, await actorId(db, request));
    if (!sent) throw notFound();
    app.outbox.nudge();
    return reply.code(201).send(sent);
  });
}
