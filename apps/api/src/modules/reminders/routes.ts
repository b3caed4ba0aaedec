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
import { warsawDay } from '../../warsawDay.ts';
import { listReminders, readSchedule, reminderPlan, sendReminderNow } from './service.ts';

/** Issue 26 (admins, as invoices): the payment reminders sent for an invoice, and 'send the current step now'. */
export async function remindersRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = adminOnly;
  const tags = ['Payment reminders'];

  const invoiceOf = async (id: string) => {
    const [row] = await db
      .select({ id: invoices.id, paymentDate: invoices.paymentDate })
      .from(invoices)
      .where(eq(invoices.uuid, uuidParam(id)));
    if (!row) throw notFound();
    return row;
  };

  /** The reminders sent, and beside them where the invoice stands in the schedule (`plan`: sent when, next when). */
  r.get('/api/invoices/:id/reminders', { config, schema: { tags, params: idParams } }, async (request) => {
    const invoice = await invoiceOf(request.params.id);
    const members = await listReminders(db, invoice.id);
    return {
      ...collection(request.url, members, members.length, {
        paginated: false,
        page: 1,
        itemsPerPage: members.length,
      }),
      plan: reminderPlan(await readSchedule(db), invoice.paymentDate, members, warsawDay()),
    };
  });

  r.post('/api/invoices/:id/reminders', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const { id } = await invoiceOf(request.params.id);
    const sent = await sendReminderNow(db, id, await actorId(db, request));
    if (!sent) throw notFound();
    app.outbox.nudge();
    return reply.code(201).send(sent);
  });
}
