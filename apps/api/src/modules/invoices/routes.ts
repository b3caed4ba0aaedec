import {
  apiMessages,
  formatDate,
  type Invoice,
  type InvoiceCreate,
  type InvoicePositionInput,
  type InvoiceUpdate,
  invoiceCreateSchema,
  invoiceIssues,
  invoiceMessages,
  invoicePositionCreateSchema,
  invoicePositionUpdateSchema,
  invoiceUpdateSchema,
  ksefMessages,
  validationMessages,
} from '@spedycja/domain';
import { and, eq, max, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { customers, invoicePositions, invoices, orders } from '../../db/schema/index.ts';
import { buildFa3Xml } from '../../documents/fa3.ts';
import { invoiceFileName, renderInvoicePdf } from '../../documents/invoicePdf.ts';
import { actorId } from '../../http/actor.ts';
import { adminOnly } from '../../http/auth.ts';
import { AppError, fieldViolation, notFound, unprocessable } from '../../http/errors.ts';
import { parseListQuery } from '../../http/filters.ts';
import { collection, uuidFromIri } from '../../http/hydra.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { REF_NOT_FOUND, resolveRef } from '../../http/refs.ts';
import type { ExchangeRateService } from '../../integrations/nbp/types.ts';
import { warsawDay } from '../../warsawDay.ts';
import { releasedCmrAttachments } from '../customerWindow/documents.ts';
import { quoteEurRate, warmedRates } from '../exchangeRates/service.ts';
import type { KsefService } from '../ksef/service.ts';
import { findOrder } from '../orders/repository.ts';
import { setInvoicePaidByHand } from '../receivables/service.ts';
import { readSetting } from '../settings/repository.ts';
import { draftFromInvoice, draftFromOrder } from './drafts.ts';
import { invoiceFilters } from './filters.ts';
import { keptInvoiceSums, keptInvoiceView } from './kept.ts';
import { laterInvoiceOfMonth, nextInvoiceNumber, numberSortOf, numberTaken } from './numbering.ts';
import {
  findInvoiceByUuid,
  listInvoices,
  positionRow,
  refreshTotals,
  replacePositions,
  toPositionJson,
} from './repository.ts';
import { queueInvoiceMail, registerInvoiceAttachment } from './send.ts';

const customerRef = { table: customers, id: customers.id, uuid: customers.uuid, resource: 'customers' };
const orderRef = { table: orders, id: orders.id, uuid: orders.uuid, resource: 'orders' };
const invoiceRef = { table: invoices, id: invoices.id, uuid: invoices.uuid, resource: 'invoices' };

const orderDraftQuery = z.object({ type: z.enum(['vat', 'proforma']).default('vat') });
const invoiceDraftQuery = z.object({ type: z.enum(['vat', 'corrective']) });
const list = { querystring: z.record(z.string(), z.unknown()) };

type Row = typeof invoices.$inferSelect;

/** The columns a payload sets directly (the references and positions are resolved apart). */
function columnsOf(body: InvoiceCreate | InvoiceUpdate): Partial<Row> {
  const {
    customer,
    orderEntity,
    orderProFormaEntity,
    correctedInvoice,
    invoicePositions: _positions,
    ...rest
  } = body as Record<string, unknown>;
  delete rest.sendMail;
  // No country is a Polish buyer (the column has a default and takes no null).
  if (rest.customerCountry === null) rest.customerCountry = 'PL';
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Partial<Row>;
}

/**
 * Invoices (admin only): the list, one invoice, create with its positions in one request (our web app) or in two
 * steps (the original client: the invoice, then /api/invoice_positions), updates, ProForma deletion, the PDF, the
 * FA(3) XML, sending by e-mail, and the drafts an order or another invoice proposes.
 */
export async function invoicesRoutes(
  app: FastifyInstance,
  { db, nbp, ksef }: { db: Db; nbp: ExchangeRateService; ksef: KsefService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Invoices'];
  const config = adminOnly;
  registerInvoiceAttachment(app.outbox, db, ksef.qrOf);
  // An EUR invoice's rate is asked of NBP before the request's transaction opens (see beforeTransaction below).
  const { rates, warm } = warmedRates(nbp);
  const warmRateOf = async (currency: string | undefined, rateGiven: boolean, day: string | null | undefined) => {
    // A failure here is the handler's to report (it asks again, or falls back to the settings' rate).
    if (currency === 'eur' && !rateGiven) await warm(day).catch(() => undefined);
  };

  const load = async (uuid: string, tx: DbOrTx = db): Promise<Invoice> => {
    const invoice = await findInvoiceByUuid(tx, uuid);
    if (!invoice) throw notFound();
    return invoice;
  };

  /** The references of a payload as row ids (a dangling one is a 422 on its field). */
  async function refsOf(body: InvoiceUpdate) {
    const refs: Partial<Row> = {};
    const customerId = await resolveRef(db, customerRef, 'customer', body.customer);
    if (customerId !== undefined) refs.customerId = customerId;
    const orderId = await resolveRef(db, orderRef, 'orderEntity', body.orderEntity);
    if (orderId !== undefined) refs.orderId = orderId;
    const proFormaId = await resolveRef(db, orderRef, 'orderProFormaEntity', body.orderProFormaEntity);
    if (proFormaId !== undefined) refs.orderProFormaId = proFormaId;
    const correctedId = await resolveRef(db, invoiceRef, 'correctedInvoice', body.correctedInvoice);
    if (correctedId !== undefined) refs.correctedInvoiceId = correctedId;
    return refs;
  }

  /** An EUR invoice gets NBP's rate for its tax point unless one was given; a PLN invoice has none. */
  async function exchangeRateOf(merged: Partial<Row>, given: InvoiceUpdate, rateMayBeStale: boolean) {
    if (merged.currency !== 'eur') {
      return { exchangeRate: null, exchangeRateSource: null, exchangeRateTable: null, exchangeRateDate: null };
    }
    if (given.exchangeRate != null) {
      return { exchangeRateSource: given.exchangeRateSource ?? 'manual' };
    }
    if (merged.exchangeRate != null && !rateMayBeStale) return {};
    const quote = await quoteEurRate(rates, db, merged.saleDate ?? merged.createdDate ?? '');
    if (!quote) return {};
    return {
      exchangeRate: quote.rate,
      exchangeRateSource: quote.source,
      exchangeRateTable: quote.table,
      exchangeRateDate: quote.date,
    };
  }

  /** A unique clash on (type, number) between the check and the insert is the same 422. */
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldViolation('number', invoiceMessages.numberTaken);
      throw error;
    }
  };

  const paidDateOf = (paid: boolean | undefined, paidDate: string | null | undefined, current?: string | null) =>
    paid === true ? (paidDate ?? current ?? new Date().toISOString().slice(0, 10)) : paid === false ? null : paidDate;

  /**
   * KSeF: an accepted invoice is changed only by a corrective invoice; one on its way there waits for KSeF's answer
   * (what was sent must stay what the invoice says). A rejected one can be fixed and sent again.
   */
  const assertEditable = (ksefStatus: string) => {
    if (ksefStatus === 'accepted') throw new AppError(409, 'ksef_locked', ksefMessages.locked);
    if (['queued', 'sending', 'offline'].includes(ksefStatus)) {
      throw new AppError(409, 'ksef_in_flight', ksefMessages.inFlight);
    }
  };

  r.get('/api/invoices', { config, schema: { tags, ...list } }, async (request) => {
    const params = parseListQuery(request.query, invoiceFilters);
    const { rows, total } = await listInvoices(db, params);
    return collection(request.url, rows, total, params);
  });

  /** The sums of the listed invoices (the filters of the list), per currency, for the line under the table. */
  r.get('/api/invoices/summary', { config, schema: { tags, ...list } }, async (request) => {
    const params = parseListQuery(request.query, { ...invoiceFilters, itemsPerPage: 1 });
    // The usual view (a type, whole months): the kept month totals (issue 35).
    const view = keptInvoiceView(params);
    if (view) return { currencies: await keptInvoiceSums(db, view) };
    const rows = await db
      .select({
        currency: invoices.currency,
        count: sql<number>`count(*)::int`,
        totalNet: sql<string>`coalesce(sum(${invoices.totalNet}), 0)`,
        totalVat: sql<string>`coalesce(sum(${invoices.totalVat}), 0)`,
        totalGross: sql<string>`coalesce(sum(${invoices.totalGross}), 0)`,
      })
      .from(invoices)
      .where(params.where)
      .groupBy(invoices.currency)
      .orderBy(invoices.currency);
    return {
      currencies: rows.map((row) => ({
        currency: row.currency,
        count: Number(row.count),
        totalNet: Number(row.totalNet),
        totalVat: Number(row.totalVat),
        totalGross: Number(row.totalGross),
      })),
    };
  });

  r.get('/api/invoices/:id', { config, schema: { tags, params: idParams } }, async (request) =>
    load(uuidParam(request.params.id)),
  );

  const createConfig = {
    ...config,
    beforeTransaction: async (request: FastifyRequest) => {
      const body = request.body as InvoiceCreate;
      await warmRateOf(body.currency, body.exchangeRate != null, body.saleDate ?? body.createdDate);
    },
  };
  r.post(
    '/api/invoices',
    { config: createConfig, schema: { tags, body: invoiceCreateSchema } },
    async (request, reply) => {
      const body = request.body;
      const me = await actorId(db, request);
      const refs = await refsOf(body);
      const columns = columnsOf(body);
      if (body.number && (await numberTaken(db, body.type, body.number))) {
        throw fieldViolation('number', invoiceMessages.numberTaken);
      }
      if (refs.correctedInvoiceId && !columns.correctedDocumentDate) {
        const [corrected] = await db
          .select({ createdDate: invoices.createdDate })
          .from(invoices)
          .where(eq(invoices.id, refs.correctedInvoiceId));
        columns.correctedDocumentDate = corrected?.createdDate ?? null;
      }
      columns.vendorBankAccount ??= await readSetting(db, 'companyBankAccount');
      // With KSeF's autoSend a VAT or corrective invoice goes to KSeF at once; 'add and send' mails it once accepted.
      const ksefSettings = body.type === 'proforma' ? null : await ksef.settings();
      const autoSend = Boolean(ksefSettings?.autoSend && ksefSettings.token);
      const mailAfterKsef = autoSend && Boolean(body.sendMail);
      if (mailAfterKsef && !columns.customerEmail) throw fieldViolation('customerEmail', invoiceMessages.noEmail);
      columns.paidDate = paidDateOf(body.paid, body.paidDate) ?? null;
      Object.assign(columns, await exchangeRateOf(columns, body, false));
      const positions = body.invoicePositions ?? [];
      // Numbered by the app and dated before the month's latest invoice: the number is still the next one (said below).
      const later = body.number ? null : await laterInvoiceOfMonth(db, body.type, body.createdDate);
      const uuid = await guarded(() =>
        db.transaction(async (tx) => {
          const number = body.number ?? (await nextInvoiceNumber(tx, body.type, body.createdDate));
          const [row] = await tx
            .insert(invoices)
            .values({
              ...(columns as Row),
              ...refs,
              type: body.type,
              number,
              numberSort: numberSortOf(number, body.createdDate),
              createdById: me,
            })
            .returning({ id: invoices.id, uuid: invoices.uuid });
          const created = row as { id: number; uuid: string };
          if (positions.length > 0) await replacePositions(tx, created.id, positions);
          // Issue 26: 'zapłacona' ticked on a VAT invoice is a payment of what it is due.
          if (body.paid && body.type !== 'proforma') {
            await setInvoicePaidByHand(tx, created.id, true, columns.paidDate ?? warsawDay(), me);
          }
          // 'Dodaj i wyślij': the mail goes with the invoice or the invoice is not created.
          if (body.sendMail && !mailAfterKsef) await queueInvoiceMail(tx, await load(created.uuid, tx));
          return created.uuid;
        }),
      );
      if (body.sendMail && !mailAfterKsef) app.outbox.nudge();
      if (autoSend && positions.length > 0) {
        const created = await load(uuid);
        try {
          await ksef.enqueue(created, { mailAfter: mailAfterKsef });
        } catch (error) {
          // The invoice stands; what KSeF would refuse is shown on it and nothing is sent.
          if (!(error instanceof AppError) || error.status !== 422) throw error;
          await db
            .update(invoices)
            .set({
              ksefError: {
                code: null,
                message: error.detail,
                details: (error.violations ?? []).map((v) => `${v.propertyPath}: ${v.message}`),
              },
            })
            .where(eq(invoices.id, created.id));
        }
      }
      const invoice = await load(uuid);
      const warning = later
        ? invoiceMessages.datedBeforeLast(invoice.number, later.number, formatDate(later.createdDate))
        : undefined;
      return reply.code(201).send(warning ? { ...invoice, warning } : invoice);
    },
  );

  const update = async (request: FastifyRequest, id: string, body: InvoiceUpdate) => {
    const existing = await load(uuidParam(id));
    assertEditable(existing.ksefStatus);
    if (body.type !== undefined && body.type !== existing.type)
      throw fieldViolation('type', invoiceMessages.typeChange);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, existing.id));
    const current = row as Row;
    const changes = columnsOf(body);
    const merged = { ...current, ...changes };
    const issues = invoiceIssues({ ...merged, invoicePositions: body.invoicePositions });
    for (const key of ['createdDate', 'saleDate'] as const) {
      if (!merged[key]) issues.push({ path: key, message: validationMessages.required });
    }
    if (issues.length > 0) {
      throw unprocessable(
        issues.length === 1 ? (issues[0]?.message as string) : apiMessages.validationFailed,
        issues.map((i) => ({ propertyPath: i.path, message: i.message })),
      );
    }
    if (changes.number !== undefined && changes.number !== current.number) {
      if (!changes.number) throw fieldViolation('number', invoiceMessages.numberTaken);
      if (await numberTaken(db, current.type, changes.number, current.id)) {
        throw fieldViolation('number', invoiceMessages.numberTaken);
      }
      changes.numberSort = numberSortOf(changes.number, merged.createdDate);
    } else {
      delete changes.number;
    }
    Object.assign(changes, await refsOf(body));
    if (body.paid !== undefined || body.paidDate !== undefined) {
      changes.paidDate = paidDateOf(body.paid ?? current.paid, body.paidDate, current.paidDate) ?? null;
    }
    const taxPointMoved =
      (changes.saleDate !== undefined && changes.saleDate !== current.saleDate) ||
      (changes.currency !== undefined && changes.currency !== current.currency);
    Object.assign(changes, await exchangeRateOf(merged, body, taxPointMoved && merged.exchangeRateSource !== 'manual'));
    // Issue 26: on a VAT or corrective invoice 'zapłacona' follows its payments; ticking it books what is due,
    // unticking cancels its payments.
    const paidByHand = current.type !== 'proforma' && body.paid !== undefined && body.paid !== current.paid;
    if (current.type !== 'proforma') {
      delete changes.paid;
      delete changes.paidDate;
    }
    const me = paidByHand ? await actorId(db, request) : null;
    await guarded(() =>
      db.transaction(async (tx) => {
        if (Object.keys(changes).length > 0) await tx.update(invoices).set(changes).where(eq(invoices.id, current.id));
        if (body.invoicePositions) await replacePositions(tx, current.id, body.invoicePositions);
        if (paidByHand) {
          await setInvoicePaidByHand(tx, current.id, body.paid as boolean, body.paidDate ?? warsawDay(), me);
        }
      }),
    );
    return load(existing.uuid);
  };
  const updateConfig = {
    ...config,
    beforeTransaction: async (request: FastifyRequest) => {
      const body = request.body as InvoiceUpdate;
      const id = (request.params as { id?: string }).id ?? '';
      if (!/^[0-9a-f-]{36}$/i.test(id)) return;
      const [row] = await db
        .select({ currency: invoices.currency, saleDate: invoices.saleDate, createdDate: invoices.createdDate })
        .from(invoices)
        .where(eq(invoices.uuid, id));
      if (!row) return;
      await warmRateOf(
        body.currency ?? row.currency,
        body.exchangeRate != null,
        body.saleDate ?? row.saleDate ?? body.createdDate ?? row.createdDate,
      );
    },
  };
  const updateOptions = { config: updateConfig, schema: { tags, params: idParams, body: invoiceUpdateSchema } };
  r.put('/api/invoices/:id', updateOptions, (request) => update(request, request.params.id, request.body));
  r.patch('/api/invoices/:id', updateOptions, (request) => update(request, request.params.id, request.body));

  /** Only a ProForma is deleted; a VAT or corrective invoice is corrected, never deleted. */
  r.delete('/api/invoices/:id', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const invoice = await load(uuidParam(request.params.id));
    assertEditable(invoice.ksefStatus);
    if (invoice.type !== 'proforma') throw new AppError(409, 'not_deletable', invoiceMessages.notDeletable);
    await db.delete(invoices).where(eq(invoices.id, invoice.id));
    return reply.code(204).send();
  });

  const sendFile = (reply: FastifyReply, body: Buffer | string, type: string, fileName: string) =>
    reply
      .header('content-type', type)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('access-control-expose-headers', 'content-disposition')
      .send(body);

  r.get('/api/invoices/:id/export/pdf', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const invoice = await load(uuidParam(request.params.id));
    const pdf = await renderInvoicePdf(invoice, await ksef.qrOf(invoice));
    return sendFile(reply, pdf, 'application/pdf', invoiceFileName(invoice, 'pdf'));
  });

  r.get('/api/invoices/:id/export/ksef', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const invoice = await load(uuidParam(request.params.id));
    if (invoice.type === 'proforma') throw new AppError(409, 'proforma_has_no_xml', invoiceMessages.proformaHasNoXml);
    if (invoice.type === 'corrective' && !invoice.correctedDocumentDate) {
      throw fieldViolation('correctedDocumentDate', invoiceMessages.correctedDateMissing);
    }
    const xml = buildFa3Xml(invoice, { generatedAt: new Date() });
    return sendFile(reply, xml, 'application/xml; charset=utf-8', invoiceFileName(invoice, 'xml'));
  });

  /** GET for the original client; POST, because sending changes state. */
  const send = async (id: string, attachCmr = false) => {
    const invoice = await load(uuidParam(id));
    // Issue 37: 'Dołącz CMR' — many customers pay only against it.
    const cmrs = attachCmr ? await releasedCmrAttachments(db, invoice.id) : [];
    await db.transaction((tx) => queueInvoiceMail(tx, invoice, cmrs));
    app.outbox.nudge();
    return { message: invoiceMessages.sent, invoice: await load(invoice.uuid) };
  };
  r.get('/api/invoices/:id/send', { config, schema: { tags, params: idParams } }, (request) => send(request.params.id));
  r.post(
    '/api/invoices/:id/send',
    {
      config,
      schema: { tags, params: idParams, body: z.object({ attachCmr: z.boolean().optional() }).nullish() },
    },
    (request) => send(request.params.id, request.body?.attachCmr === true),
  );

  r.get(
    '/api/orders/:id/invoiceDraft',
    { config, schema: { tags, params: idParams, querystring: orderDraftQuery } },
    async (request) => {
      const record = await findOrder(db, eq(orders.uuid, uuidParam(request.params.id)));
      if (!record || record.order.deletionReason > 0) throw notFound();
      return draftFromOrder(db, nbp, record, request.query.type);
    },
  );

  /** A VAT invoice from a ProForma; a corrective from a VAT invoice (correctedDocumentNumber preset). */
  r.get(
    '/api/invoices/:id/draft',
    { config, schema: { tags, params: idParams, querystring: invoiceDraftQuery } },
    async (request) => {
      const source = await load(uuidParam(request.params.id));
      const allowed = request.query.type === 'vat' ? source.type === 'proforma' : source.type === 'vat';
      if (!allowed) throw new AppError(409, 'draft_not_possible', apiMessages.badRequest);
      return draftFromInvoice(source, request.query.type);
    },
  );

  // ---- Positions, one at a time (the original client's second step, SPEC §7) ----

  const invoiceOfPosition = async (invoiceId: number) => {
    const [row] = await db
      .select({ uuid: invoices.uuid, type: invoices.type, ksefStatus: invoices.ksefStatus })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    if (!row) throw notFound();
    return row;
  };
  const checkPosition = (type: string, p: Pick<InvoicePositionInput, 'amount' | 'netto'>) => {
    const issues = invoiceIssues({ type, paymentDate: 'x', invoicePositions: [p] }).map((i) => ({
      propertyPath: i.path.replace(/^invoicePositions\.0\./, ''),
      message: i.message,
    }));
    if (issues.length > 0) throw unprocessable(issues[0]?.message as string, issues);
  };
  const loadPosition = async (id: string) => {
    const [row] = await db
      .select()
      .from(invoicePositions)
      .where(eq(invoicePositions.uuid, uuidParam(id)));
    if (!row) throw notFound();
    return row;
  };

  r.post(
    '/api/invoice_positions',
    { config, schema: { tags, body: invoicePositionCreateSchema } },
    async (request, reply) => {
      const { invoice: ref, ...position } = request.body;
      const uuid = uuidFromIri(ref, 'invoices');
      const [invoice] = uuid ? await db.select().from(invoices).where(eq(invoices.uuid, uuid)) : [];
      if (!invoice) throw fieldViolation('invoice', REF_NOT_FOUND);
      assertEditable(invoice.ksefStatus);
      checkPosition(invoice.type, position);
      const row = await db.transaction(async (tx) => {
        const [last] = await tx
          .select({ n: max(invoicePositions.position) })
          .from(invoicePositions)
          .where(eq(invoicePositions.invoiceId, invoice.id));
        const [inserted] = await tx
          .insert(invoicePositions)
          .values(positionRow(invoice.id, (last?.n ?? 0) + 1, position))
          .returning();
        await refreshTotals(tx, invoice.id);
        return inserted;
      });
      return reply.code(201).send(toPositionJson(row as typeof invoicePositions.$inferSelect, invoice.uuid));
    },
  );

  r.get('/api/invoice_positions/:id', { config, schema: { tags, params: idParams } }, async (request) => {
    const row = await loadPosition(request.params.id);
    return toPositionJson(row, (await invoiceOfPosition(row.invoiceId)).uuid);
  });

  const updatePosition = async (id: string, body: z.infer<typeof invoicePositionUpdateSchema>) => {
    const row = await loadPosition(id);
    const invoice = await invoiceOfPosition(row.invoiceId);
    assertEditable(invoice.ksefStatus);
    const merged = {
      title: body.title ?? row.title,
      amount: body.amount ?? row.amount,
      unit: body.unit ?? row.unit,
      netto: body.netto ?? row.netto,
      vatRate: body.vatRate ?? row.vatRate,
    };
    checkPosition(invoice.type, merged);
    const updated = await db.transaction(async (tx) => {
      const [saved] = await tx
        .update(invoicePositions)
        .set(positionRow(row.invoiceId, row.position, merged))
        .where(eq(invoicePositions.id, row.id))
        .returning();
      await refreshTotals(tx, row.invoiceId);
      return saved;
    });
    return toPositionJson(updated as typeof row, invoice.uuid);
  };
  const positionUpdate = { config, schema: { tags, params: idParams, body: invoicePositionUpdateSchema } };
  // SPEC §7: the original client posts a position's update to the position itself.
  r.post('/api/invoice_positions/:id', positionUpdate, (request) => updatePosition(request.params.id, request.body));
  r.put('/api/invoice_positions/:id', positionUpdate, (request) => updatePosition(request.params.id, request.body));
  r.patch('/api/invoice_positions/:id', positionUpdate, (request) => updatePosition(request.params.id, request.body));

  r.delete('/api/invoice_positions/:id', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const row = await loadPosition(request.params.id);
    assertEditable((await invoiceOfPosition(row.invoiceId)).ksefStatus);
    await db.transaction(async (tx) => {
      await tx.delete(invoicePositions).where(and(eq(invoicePositions.id, row.id)));
      await refreshTotals(tx, row.invoiceId);
    });
    return reply.code(204).send();
  });
}
