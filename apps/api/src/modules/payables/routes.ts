import {
  carrierInvoiceConfirmSchema,
  carrierInvoiceCreateSchema,
  carrierInvoiceUpdateSchema,
  payablesMessages as msg,
  TRANSFER_FILE_FORMATS,
  transferBatchCancelSchema,
  transferBatchCreateSchema,
} from '@spedycja/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  carrierInvoices,
  carriers,
  customers,
  invoices,
  orderDocuments,
  orders,
  receivedInvoices,
  transferBatches,
} from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { adminOnly } from '../../http/auth.ts';
import { AppError, fieldViolation, notFound } from '../../http/errors.ts';
import { parseListQuery } from '../../http/filters.ts';
import { collection, iri } from '../../http/hydra.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import type { ExchangeRateService } from '../../integrations/nbp/types.ts';
import { warsawDay } from '../../warsawDay.ts';
import { quoteEurRate } from '../exchangeRates/service.ts';
import type { Registers } from '../verification/registers.ts';
import { batchFile, cancelBatch, markBatchPaid, prepareBatch, readBatch } from './batches.ts';
import { cashflow } from './cashflow.ts';
import {
  carrierInvoiceFilters,
  listCarrierInvoices,
  listPayables,
  listPortalInvoices,
  payablesFilters,
  portalInvoiceFilters,
  readCarrierInvoice,
} from './repository.ts';
import { type CreateContext, createCarrierInvoice, updateCarrierInvoice } from './write.ts';

const list = { querystring: z.record(z.string(), z.unknown()) };
const fileQuery = z.object({
  format: z.enum(TRANSFER_FILE_FORMATS, { error: msg.formatInvalid }).default('elixir'),
});
const paidBody = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Podaj poprawną datę!' })
    .optional(),
});
const weeksQuery = z.object({
  weeks: z.coerce
    .number({ error: 'Podaj liczbę tygodni (1–26).' })
    .int({ error: 'Podaj liczbę tygodni (1–26).' })
    .min(1, { error: 'Podaj liczbę tygodni (1–26).' })
    .max(26, { error: 'Podaj liczbę tygodni (1–26).' })
    .default(8),
});

/**
 * Issue 38: carriers' invoices (everyone reads; admins write), 'Do zapłaty', transfer batches and their bank files,
 * the cash flow ahead (admins: money moves there).
 */
/**
 * The net and VAT of an invoice sent through the carrier's link: the office's when it gives them (one of them and the
 * gross give the other), else the order's carrier price as the net when the rest of the gross is a VAT of 0% or 23%
 * of it (to the złoty); null when the office must type them.
 */
function portalAmounts(
  body: { netAmount?: number; vatAmount?: number },
  grossAmount: number,
  order: { price: number | null; sameCurrency: boolean },
): { netAmount: number; vatAmount: number; grossAmount: number } | null {
  if (body.netAmount !== undefined && body.vatAmount !== undefined)
    return { netAmount: body.netAmount, vatAmount: body.vatAmount, grossAmount };
  if (body.netAmount !== undefined)
    return { netAmount: body.netAmount, vatAmount: grossAmount - body.netAmount, grossAmount };
  if (body.vatAmount !== undefined)
    return { netAmount: grossAmount - body.vatAmount, vatAmount: body.vatAmount, grossAmount };
  if (order.price === null || !order.sameCurrency) return null;
  const net = order.price;
  const vat = grossAmount - net;
  const fits = [0, Math.round(net * 0.23)].some((expected) => Math.abs(vat - expected) <= 100);
  return fits ? { netAmount: net, vatAmount: vat, grossAmount } : null;
}

export async function payablesRoutes(
  app: FastifyInstance,
  { db, registers, nbp }: { db: Db; registers: Registers; nbp: ExchangeRateService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Carrier invoices'];

  const load = async (uuid: string) => {
    const found = await readCarrierInvoice(db, uuid);
    if (!found) throw notFound();
    return found;
  };
  const context = async (
    request: Parameters<typeof actorId>[1],
    source: CreateContext['source'],
    extra: Partial<CreateContext> = {},
  ): Promise<CreateContext> => ({
    source,
    userId: await actorId(db, request),
    rateOf: async (day) => {
      try {
        return (await quoteEurRate(nbp, db, day))?.rate ?? null;
      } catch {
        return null;
      }
    },
    ...extra,
  });

  r.get('/api/carrier_invoices', { schema: { tags, ...list } }, async (request) => {
    const params = parseListQuery(request.query, carrierInvoiceFilters);
    const { members, total } = await listCarrierInvoices(db, params);
    return collection(request.url, members, total, params);
  });

  r.get('/api/carrier_invoices/:id', { schema: { tags, params: idParams } }, (request) =>
    load(uuidParam(request.params.id)),
  );

  r.post(
    '/api/carrier_invoices',
    { config: adminOnly, schema: { tags, body: carrierInvoiceCreateSchema } },
    async (request, reply) => {
      const row = await createCarrierInvoice(db, request.body, await context(request, 'hand'));
      return reply.code(201).send(await load(row.uuid));
    },
  );

  const update = async (id: string, body: z.infer<typeof carrierInvoiceUpdateSchema>) => {
    const uuid = uuidParam(id);
    const [current] = await db.select().from(carrierInvoices).where(eq(carrierInvoices.uuid, uuid)).for('update');
    if (!current || current.deletionReason > 0) throw notFound();
    await updateCarrierInvoice(db, current, body);
    return load(uuid);
  };
  const updateOptions = { config: adminOnly, schema: { tags, params: idParams, body: carrierInvoiceUpdateSchema } };
  r.put('/api/carrier_invoices/:id', updateOptions, (request) => update(request.params.id, request.body));
  r.patch('/api/carrier_invoices/:id', updateOptions, (request) => update(request.params.id, request.body));

  /** The match KSeF's fetch found (a received invoice assigned to an order), confirmed in one click. */
  r.post(
    '/api/carrier_invoices/from_ksef/:id',
    { config: adminOnly, schema: { tags, params: idParams, body: carrierInvoiceConfirmSchema } },
    async (request, reply) => {
      const uuid = uuidParam(request.params.id);
      const [received] = await db.select().from(receivedInvoices).where(eq(receivedInvoices.uuid, uuid));
      if (!received) throw notFound();
      if (!received.orderId) throw fieldViolation('receivedInvoice', msg.ksefNotMatched);
      const [taken] = await db
        .select({ id: carrierInvoices.id })
        .from(carrierInvoices)
        .where(and(eq(carrierInvoices.receivedInvoiceId, received.id), eq(carrierInvoices.deletionReason, 0)));
      if (taken) throw fieldViolation('receivedInvoice', msg.ksefTaken);
      const [carrier] = await db
        .select({ uuid: carriers.uuid })
        .from(carriers)
        .where(sql`${carriers.nip} = ${received.sellerNip}`)
        .orderBy(carriers.id)
        .limit(1);
      if (!carrier) throw fieldViolation('receivedInvoice', msg.ksefNoCarrier);
      const [order] = await db.select({ uuid: orders.uuid }).from(orders).where(eq(orders.id, received.orderId));
      const body = request.body;
      const row = await createCarrierInvoice(
        db,
        {
          carrier: iri('carriers', carrier.uuid),
          number: received.invoiceNumber,
          issueDate: received.issueDate,
          receivedDate: body.receivedDate ?? warsawDay(received.acquiredAt),
          documentsReceivedDate: body.documentsReceivedDate,
          currency: received.currency === 'eur' ? 'eur' : 'pln',
          netAmount: received.netAmount,
          vatAmount: received.vatAmount,
          grossAmount: received.grossAmount,
          exchangeRate: body.exchangeRate,
          bankAccount: body.bankAccount,
          orders: [{ order: iri('orders', order?.uuid ?? ''), amount: received.netAmount }],
          paymentTermDays: body.paymentTermDays,
          paymentTermFrom: body.paymentTermFrom,
        },
        await context(request, 'ksef', { receivedInvoiceId: received.id }),
      );
      return reply.code(201).send(await load(row.uuid));
    },
  );

  /**
   * The carrier's PDF sent through its link (an order's document of kind 'invoice'), confirmed by the office: the
   * number, the issue date and the gross the carrier typed with the file fill what the office leaves out; the net and
   * VAT, when the office gives neither, are the order's carrier price and the rest of the gross if that makes a VAT of
   * 0% or 23% (to the złoty), else the office types them.
   */
  const fromPortalSchema = carrierInvoiceCreateSchema
    .omit({ carrier: true, orders: true })
    .partial({ number: true, issueDate: true, netAmount: true, vatAmount: true, grossAmount: true });
  r.post(
    '/api/carrier_invoices/from_portal/:id',
    { config: adminOnly, schema: { tags, params: idParams, body: fromPortalSchema } },
    async (request, reply) => {
      const uuid = uuidParam(request.params.id);
      const [document] = await db
        .select({
          document: orderDocuments,
          orderUuid: orders.uuid,
          carrierId: orders.carrierId,
          carrierPrice: orders.carrierPrice,
          carrierPriceCurrency: orders.carrierPriceCurrency,
        })
        .from(orderDocuments)
        .innerJoin(orders, eq(orders.id, orderDocuments.orderId))
        .where(eq(orderDocuments.uuid, uuid));
      if (!document || document.document.deletedAt) throw notFound();
      if (document.document.kind !== 'invoice') throw fieldViolation('document', msg.portalNotInvoice);
      const [taken] = await db
        .select({ id: carrierInvoices.id })
        .from(carrierInvoices)
        .where(and(eq(carrierInvoices.portalDocumentId, document.document.id), eq(carrierInvoices.deletionReason, 0)));
      if (taken) throw fieldViolation('document', msg.portalTaken);
      if (!document.carrierId) throw fieldViolation('document', msg.orderNoCarrier);
      const [carrier] = await db
        .select({ uuid: carriers.uuid })
        .from(carriers)
        .where(eq(carriers.id, document.carrierId));
      const body = request.body;
      const typed = document.document;
      const number = body.number ?? typed.invoiceNumber ?? undefined;
      const issueDate = body.issueDate ?? typed.invoiceIssueDate ?? undefined;
      const grossAmount = body.grossAmount ?? typed.invoiceGrossAmount ?? undefined;
      if (!number) throw fieldViolation('number', msg.portalIncomplete);
      if (!issueDate) throw fieldViolation('issueDate', msg.portalIncomplete);
      if (grossAmount === undefined) throw fieldViolation('grossAmount', msg.portalIncomplete);
      const amounts = portalAmounts(body, grossAmount, {
        price: document.carrierPrice,
        sameCurrency: document.carrierPriceCurrency === (body.currency ?? 'pln'),
      });
      if (!amounts) throw fieldViolation('netAmount', msg.portalAmountsNeeded);
      const row = await createCarrierInvoice(
        db,
        {
          ...body,
          number,
          issueDate,
          ...amounts,
          carrier: iri('carriers', carrier?.uuid ?? ''),
          receivedDate: body.receivedDate ?? warsawDay(document.document.addedAt),
          orders: [{ order: iri('orders', document.orderUuid), amount: amounts.netAmount }],
        },
        await context(request, 'portal', { portalDocumentId: document.document.id }),
      );
      return reply.code(201).send(await load(row.uuid));
    },
  );

  // ---- 'Do zapłaty' ----

  r.get('/api/payables', { schema: { tags: ['Payables'], ...list } }, async (request) => {
    const params = parseListQuery(request.query, payablesFilters);
    const { members, total, totals, totalsCapped } = await listPayables(db, params);
    const carrierUuid = typeof request.query['carrier.uuid'] === 'string' ? request.query['carrier.uuid'] : undefined;
    return {
      ...collection(request.url, members, total, params),
      totals,
      ...(totalsCapped ? { totalsCapped } : {}),
      ...(carrierUuid ? { balance: await carrierBalance(db, carrierUuid) } : {}),
    };
  });

  /** The carriers' invoice PDFs from their links waiting for 'Potwierdź fakturę' (read-only to ROLE_USER, as above). */
  r.get('/api/payables/portal_invoices', { schema: { tags: ['Payables'], ...list } }, async (request) => {
    const params = parseListQuery(request.query, portalInvoiceFilters);
    const { members, total } = await listPortalInvoices(db, params);
    return collection(request.url, members, total, params);
  });

  // ---- Transfer batches ----
  const batchTags = ['Transfer batches'];

  const loadBatch = async (uuid: string) => {
    const found = await readBatch(db, uuid);
    if (!found) throw notFound();
    return found;
  };

  r.get('/api/transfer_batches', { config: adminOnly, schema: { tags: batchTags, ...list } }, async (request) => {
    const page = Math.max(1, Number(request.query.page) || 1);
    const rows = await db
      .select({ uuid: transferBatches.uuid })
      .from(transferBatches)
      .orderBy(desc(transferBatches.createdAt), desc(transferBatches.id))
      .limit(30)
      .offset((page - 1) * 30);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(transferBatches);
    const members = [];
    for (const row of rows) members.push(await loadBatch(row.uuid));
    return collection(request.url, members, count?.n ?? 0, {
      paginated: true,
      page,
      itemsPerPage: 30,
    });
  });

  r.get('/api/transfer_batches/:id', { config: adminOnly, schema: { tags: batchTags, params: idParams } }, (request) =>
    loadBatch(uuidParam(request.params.id)),
  );

  r.post(
    '/api/transfer_batches',
    { config: adminOnly, schema: { tags: batchTags, body: transferBatchCreateSchema } },
    async (request, reply) => {
      const uuid = await prepareBatch(db, registers, request.body as Parameters<typeof prepareBatch>[2], {
        id: await actorId(db, request),
      });
      return reply.code(201).send(await loadBatch(uuid));
    },
  );

  r.get(
    '/api/transfer_batches/:id/file',
    { config: adminOnly, schema: { tags: batchTags, params: idParams, querystring: fileQuery } },
    async (request, reply) => {
      const uuid = uuidParam(request.params.id);
      await loadBatch(uuid);
      const format = request.query.format;
      const bytes = await batchFile(db, uuid, format);
      const name = `przelewy-${uuid.slice(0, 8)}.${format === 'elixir' ? 'pli' : 'xml'}`;
      return reply
        .header(
          'content-type',
          format === 'elixir' ? 'text/plain; charset=windows-1250' : 'application/xml; charset=utf-8',
        )
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('access-control-expose-headers', 'content-disposition')
        .send(bytes);
    },
  );

  r.post(
    '/api/transfer_batches/:id/cancel',
    { config: adminOnly, schema: { tags: batchTags, params: idParams, body: transferBatchCancelSchema } },
    async (request) => {
      const uuid = uuidParam(request.params.id);
      if (!(await cancelBatch(db, uuid, request.body.reason))) throw notFound();
      return loadBatch(uuid);
    },
  );

  r.post(
    '/api/transfer_batches/:id/paid',
    { config: adminOnly, schema: { tags: batchTags, params: idParams, body: paidBody } },
    async (request) => {
      const uuid = uuidParam(request.params.id);
      const date = request.body.date ?? warsawDay();
      if (!(await markBatchPaid(db, uuid, date, await actorId(db, request)))) throw notFound();
      return loadBatch(uuid);
    },
  );

  // ---- 'Przepływy' ----
  r.get(
    '/api/cashflow',
    { config: adminOnly, schema: { tags: ['Cash flow'], querystring: weeksQuery } },
    async (request) => {
      const members = await cashflow(db, request.query.weeks);
      return collection(request.url, members, members.length, {
        paginated: false,
        page: 1,
        itemsPerPage: members.length,
      });
    },
  );
}

/**
 * A carrier's balance per currency: what we owe it (its open invoices) and what it owes us (our open VAT invoices of
 * a customer with its NIP: a carrier may also be a customer).
 */
async function carrierBalance(db: Db, carrierUuid: string) {
  if (!/^[0-9a-f-]{36}$/i.test(carrierUuid)) throw new AppError(400, 'bad_request', 'carrier.uuid');
  const [carrier] = await db.select().from(carriers).where(eq(carriers.uuid, carrierUuid));
  if (!carrier) return { weOwe: [], owesUs: [] };
  const weOwe = await db
    .select({ currency: carrierInvoices.currency, amount: sql<string>`sum(${carrierInvoices.dueAmount})` })
    .from(carrierInvoices)
    .where(
      and(
        eq(carrierInvoices.carrierId, carrier.id),
        eq(carrierInvoices.type, 'vat'),
        eq(carrierInvoices.deletionReason, 0),
        sql`${carrierInvoices.dueAmount} > 0`,
      ),
    )
    .groupBy(carrierInvoices.currency);
  const owesUs = carrier.nip
    ? await db
        .select({ currency: invoices.currency, amount: sql<string>`sum(${invoices.dueAmount})` })
        .from(invoices)
        .innerJoin(customers, eq(customers.id, invoices.customerId))
        .where(and(eq(customers.nip, carrier.nip), eq(invoices.type, 'vat'), sql`NOT ${invoices.paid}`))
        .groupBy(invoices.currency)
    : [];
  const shape = (rows: { currency: string; amount: string }[]) =>
    rows.map((r) => ({ currency: r.currency, amount: Number(r.amount) })).filter((r) => r.amount !== 0);
  return { weOwe: shape(weOwe), owesUs: shape(owesUs) };
}
