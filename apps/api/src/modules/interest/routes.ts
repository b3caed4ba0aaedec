import {
  formatDate,
  formatMoney,
  type InterestNoteCreate,
  interestMessages,
  interestNoteCreateSchema,
} from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { interestNotes } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { adminOnly } from '../../http/auth.ts';
import { AppError, fieldViolation, notFound } from '../../http/errors.ts';
import { collection } from '../../http/hydra.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import type { ExchangeRateService } from '../../integrations/nbp/types.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { warmedRates } from '../exchangeRates/service.ts';
import { findInvoiceByUuid } from '../invoices/repository.ts';
import { readAllSettings } from '../settings/company.ts';
import { interestNoteFileName, renderInterestNotePdf } from './notePdf.ts';
import { findInterestNotes, toInterestNoteJson } from './repository.ts';
import { computeInvoiceInterest, nextInterestNoteNumber, todayInPoland } from './service.ts';

const INTEREST_NOTE_PDF = 'interestNotePdf';
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Issue 26 (admins): statutory interest for delay and the art. 10 compensation on an invoice — the preview, interest
 * notes numbered NO/{n}/{MM}/{YYYY} kept with their figures, their PDF and their e-mail through the outbox.
 */
export async function interestRoutes(app: FastifyInstance, { db, nbp }: { db: Db; nbp: ExchangeRateService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Interest notes'];
  const config = adminOnly;
  const { rates, warm } = warmedRates(nbp);

  const loadInvoice = async (id: string) => {
    const invoice = await findInvoiceByUuid(db, uuidParam(id));
    if (!invoice) throw notFound();
    return invoice;
  };
  const untilOf = (date: unknown, field = 'date') => {
    if (date === undefined || date === null || date === '') return todayInPoland();
    if (typeof date !== 'string' || !DATE_RE.test(date) || Number.isNaN(Date.parse(date))) {
      throw fieldViolation(field, interestMessages.dateInvalid);
    }
    return date;
  };
  const loadNote = async (id: string) => {
    const [note] = await findInterestNotes(db, eq(interestNotes.uuid, uuidParam(id)));
    if (!note) throw notFound();
    return note;
  };

  app.outbox.registerAttachment(INTEREST_NOTE_PDF, async (uuid) => {
    const [note] = await findInterestNotes(db, eq(interestNotes.uuid, uuid));
    if (!note) throw new Error(`interest note ${uuid} not found`);
    return {
      filename: interestNoteFileName(note.number),
      contentType: 'application/pdf',
      content: await renderInterestNotePdf(note, await readAllSettings(db)),
    };
  });

  r.get(
    '/api/invoices/:id/interest',
    {
      config,
      schema: {
        tags,
        params: idParams,
        // `asOf` is the name the receivables issue gave; the app sends `date`. Both are kept.
        querystring: z.object({
          asOf: z.string().optional().describe('The day interest is counted to (YYYY-MM-DD); today by default'),
          date: z.string().optional().describe('The same as asOf (the name the app sends)'),
        }),
      },
    },
    async (request) => {
      const invoice = await loadInvoice(request.params.id);
      const { asOf, date } = request.query;
      const until = asOf !== undefined && asOf !== '' ? untilOf(asOf, 'asOf') : untilOf(date);
      return computeInvoiceInterest(db, nbp, invoice, until);
    },
  );

  r.get('/api/invoices/:id/interest_notes', { config, schema: { tags, params: idParams } }, async (request) => {
    const invoice = await loadInvoice(request.params.id);
    const members = (await findInterestNotes(db, eq(interestNotes.invoiceId, invoice.id))).map(toInterestNoteJson);
    return collection(request.url, members, members.length, {
      paginated: false,
      page: 1,
      itemsPerPage: members.length,
    });
  });

  r.post(
    '/api/invoices/:id/interest_notes',
    {
      config: {
        ...config,
        // NBP is asked before the request's transaction opens (the compensation's rate).
        beforeTransaction: async (request: FastifyRequest) => {
          // A rate the admin typed needs no NBP.
          if ((request.body as InterestNoteCreate | undefined)?.compensationRate != null) return;
          const invoice = await findInvoiceByUuid(db, uuidParam((request.params as { id: string }).id)).catch(
            () => null,
          );
          if (invoice?.paymentDate) await warm(`${invoice.paymentDate.slice(0, 7)}-01`).catch(() => undefined);
        },
      },
      schema: { tags, params: idParams, body: interestNoteCreateSchema.optional() },
    },
    async (request, reply) => {
      const invoice = await loadInvoice(request.params.id);
      const until = untilOf(request.body?.date ?? undefined);
      const { compensationRate, compensationTable } = request.body ?? {};
      const typed =
        compensationRate != null && compensationTable ? { rate: compensationRate, table: compensationTable } : null;
      // NBP not answering makes a note of the interest alone; its answer says why (`warning`).
      const figures = await computeInvoiceInterest(db, rates, invoice, until, typed);
      const createdDate = todayInPoland();
      const [row] = await db
        .insert(interestNotes)
        .values({
          number: await nextInterestNoteNumber(db, createdDate),
          invoiceId: invoice.id,
          createdDate,
          untilDate: figures.paidDate ?? until,
          currency: figures.currency,
          daysLate: figures.daysLate,
          interest: figures.interest,
          periods: figures.periods,
          compensationEur: figures.compensation?.eur ?? null,
          compensationAmount: figures.compensation?.amount ?? null,
          compensationRate: figures.compensation?.rate ?? null,
          compensationTable: figures.compensation?.table ?? null,
          compensationRateDate: figures.compensation?.rateDate ?? null,
          createdById: await actorId(db, request),
        })
        .returning();
      if (!row) throw new AppError(500, 'not_created', 'Nie utworzono noty.');
      return reply.code(201).send(toInterestNoteJson(await loadNote(row.uuid)));
    },
  );

  r.get('/api/interest_notes/:id', { config, schema: { tags, params: idParams } }, async (request) =>
    toInterestNoteJson(await loadNote(request.params.id)),
  );

  r.get('/api/interest_notes/:id/pdf', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const note = await loadNote(request.params.id);
    const pdf = await renderInterestNotePdf(note, await readAllSettings(db));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${interestNoteFileName(note.number)}"`)
      .header('access-control-expose-headers', 'content-disposition')
      .send(pdf);
  });

  /** Queues the note's e-mail to the invoice's buyer (the outbox renders the PDF when it sends). */
  r.post('/api/interest_notes/:id/send', { config, schema: { tags, params: idParams } }, async (request) => {
    const note = await loadNote(request.params.id);
    const to = note.invoice.customerEmail;
    if (!to) throw fieldViolation('customerEmail', 'Nabywca faktury nie ma adresu e-mail.');
    const company = await readAllSettings(db);
    await enqueueMail(db, {
      to,
      subject: `Nota odsetkowa ${note.number} – ${company.companyName ?? note.invoice.vendorName}`,
      text:
        `Dzień dobry,\n\nw załączniku przesyłamy notę odsetkową ${note.number} do faktury ${note.invoice.number} ` +
        `(termin płatności ${formatDate(note.invoice.paymentDate ?? '')}): odsetki ${formatMoney(note.interest, note.currency)}` +
        (note.compensationAmount != null ? `, rekompensata ${formatMoney(note.compensationAmount, 'pln')}` : '') +
        `.\n\nPozdrawiamy,\n${company.companyName ?? ''}\n`,
      renderedAttachments: [{ kind: INTEREST_NOTE_PDF, ref: note.uuid }],
    });
    return { ...toInterestNoteJson(note), queued: true };
  });
}
