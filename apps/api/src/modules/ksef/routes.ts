import {
  apiMessages,
  type Invoice,
  type KsefCheckResult,
  ksefConfigUpdateSchema,
  ksefMessages,
  type ReceivedInvoice,
  receivedInvoiceAssignSchema,
} from '@spedycja/domain';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders, receivedInvoices } from '../../db/schema/index.ts';
import { readFa3 } from '../../documents/fa3Read.ts';
import { type InvoiceDocument, renderInvoicePdf } from '../../documents/invoicePdf.ts';
import { adminOnly } from '../../http/auth.ts';
import { AppError, fieldViolation, notFound } from '../../http/errors.ts';
import { parseListQuery } from '../../http/filters.ts';
import { collection, iri, uuidFromIri } from '../../http/hydra.ts';
import { listStatements, runList } from '../../http/listing.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { KsefError } from '../../integrations/ksef/types.ts';
import { findInvoiceByUuid } from '../invoices/repository.ts';
import { toConfigJson } from './config.ts';
import { receivedFilters } from './receivedFilters.ts';
import type { KsefService } from './service.ts';

/**
 * A KSeF failure as the admin reads it. What the admin can fix is a 409 saying what to set: no token or seller NIP in
 * the settings (nothing was asked of KSeF), or a token KSeF refused. A 502 only when KSeF did not answer or failed
 * (and the problem says it was KSeF), or answered what the app cannot use.
 */
function ksefProblem(error: unknown): AppError {
  if (error instanceof KsefError) {
    if (
      error.kind === 'auth' &&
      ([ksefMessages.notConfigured, ksefMessages.sellerNipMissing] as string[]).includes(error.description)
    ) {
      return new AppError(409, 'ksef_not_configured', error.description);
    }
    if (error.unavailable)
      return new AppError(502, 'ksef_unreachable', `${ksefMessages.unreachable} (${error.description})`);
    if (error.kind === 'auth' && error.code !== null) {
      return new AppError(409, 'ksef_auth_failed', `${ksefMessages.authFailed}: ${error.description}`);
    }
    const detail = error.description.startsWith('KSeF') ? error.description : `KSeF: ${error.description}`;
    return new AppError(502, 'ksef_error', detail);
  }
  throw error;
}

const received = receivedInvoices;
const receivedOrder = sql`(SELECT json_build_object('uuid', o.uuid, 'number', o.number, 'carrierPrice', o.carrier_price)
  FROM orders o WHERE o.id = ${received.orderId})`;

type ReceivedRow = typeof received.$inferSelect;
type OrderInfo = { uuid: string; number: string; carrierPrice: number | null } | null;

function toReceivedJson(row: Omit<ReceivedRow, 'xml'>, order: OrderInfo): ReceivedInvoice {
  const difference = order && order.carrierPrice !== null ? order.carrierPrice - row.netAmount : null;
  return {
    '@id': iri('received_invoices', row.uuid),
    '@type': 'ReceivedInvoice',
    uuid: row.uuid,
    ksefNumber: row.ksefNumber,
    invoiceNumber: row.invoiceNumber,
    sellerNip: row.sellerNip,
    sellerName: row.sellerName,
    issueDate: row.issueDate,
    paymentDate: row.paymentDate,
    netAmount: row.netAmount,
    vatAmount: row.vatAmount,
    grossAmount: row.grossAmount,
    currency: row.currency,
    order: order ? iri('orders', order.uuid) : null,
    orderNumber: order?.number ?? null,
    priceMatches: difference === null ? null : difference === 0,
    difference,
    acquiredAt: row.acquiredAt.toISOString(),
  };
}

/**
 * KSeF (admin only): the connection settings and check, sending an invoice, its UPO, and the carriers' invoices
 * fetched from KSeF with their matching to orders.
 */
export async function ksefRoutes(app: FastifyInstance, { db, ksef }: { db: Db; ksef: KsefService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['KSeF'];
  const config = adminOnly;
  // Calls to KSeF share the access token with the background worker: on the embedded database (one transaction at a
  // time) a request transaction held across them would wait for the worker, which waits for it.
  const talksToKsef = { ...adminOnly, ownTransactions: true };
  const preparedXml = new WeakMap<FastifyRequest, { version: number; xml: string; hash: string }>();

  r.get('/api/ksef/config', { config, schema: { tags } }, async () => toConfigJson(await ksef.settings()));

  const put = async (body: z.infer<typeof ksefConfigUpdateSchema>) => {
    if (body.token !== undefined && body.token !== '' && body.token.length < 8) {
      throw fieldViolation('token', ksefMessages.tokenTooShort);
    }
    return toConfigJson(await ksef.updateConfig(body));
  };
  r.put('/api/ksef/config', { config, schema: { tags, body: ksefConfigUpdateSchema } }, (request) => put(request.body));
  r.patch('/api/ksef/config', { config, schema: { tags, body: ksefConfigUpdateSchema } }, (request) =>
    put(request.body),
  );

  r.post('/api/ksef/check', { config: talksToKsef, schema: { tags } }, async (): Promise<KsefCheckResult> => {
    try {
      const s = await ksef.check();
      return { ok: true, environment: s.environment, nip: s.nip as string, message: ksefMessages.connectionOk };
    } catch (error) {
      throw ksefProblem(error);
    }
  });

  r.post('/api/ksef/sync', { config: talksToKsef, schema: { tags } }, async () => {
    try {
      return await ksef.sync();
    } catch (error) {
      throw ksefProblem(error);
    }
  });

  const sendBody = z.object({ offline: z.boolean().optional() }).nullish();
  r.post(
    '/api/invoices/:id/ksef',
    {
      config: {
        ...config,
        // The FA(3) XML is built and checked against the schema (a worker's tens of milliseconds) before the request's
        // transaction opens: on the embedded database, clicks on many rows would otherwise wait for one another.
        beforeTransaction: async (request) => {
          try {
            const invoice = await findInvoiceByUuid(db, uuidParam((request.params as { id: string }).id));
            if (!invoice || invoice.type === 'proforma' || invoice.ksefStatus === 'accepted') return;
            preparedXml.set(request, { version: invoice.version, ...(await ksef.prepare(invoice)) });
          } catch {
            // The handler says what is wrong, in its order.
          }
        },
      },
      schema: { tags, params: idParams, body: sendBody },
    },
    async (request, reply) => {
      const invoice = await findInvoiceByUuid(db, uuidParam(request.params.id));
      if (!invoice) throw notFound();
      if (invoice.type === 'proforma') throw new AppError(409, 'ksef_proforma', ksefMessages.proFormaNotSent);
      if (invoice.ksefStatus === 'accepted') throw new AppError(409, 'ksef_accepted', ksefMessages.alreadyAccepted);
      if (['queued', 'sending', 'offline'].includes(invoice.ksefStatus)) {
        throw new AppError(409, 'ksef_queued', ksefMessages.alreadyQueued);
      }
      const s = await ksef.settings();
      if (!s.token) throw new AppError(409, 'ksef_not_configured', ksefMessages.notConfigured);
      const offline = request.body?.offline === true;
      if (offline && !ksef.unavailable()) throw new AppError(409, 'ksef_online', ksefMessages.offlineNotAllowed);
      await ksef.enqueue(invoice, { offline }, preparedXml.get(request));
      return reply.code(202).send((await findInvoiceByUuid(db, invoice.uuid)) as Invoice);
    },
  );

  r.get('/api/invoices/:id/ksef/upo', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const invoice = await findInvoiceByUuid(db, uuidParam(request.params.id));
    if (!invoice) throw notFound();
    if (invoice.ksefStatus !== 'accepted') throw new AppError(409, 'ksef_no_upo', ksefMessages.noUpo);
    let upo: string | null;
    try {
      upo = await ksef.upo(invoice.id);
    } catch (error) {
      throw ksefProblem(error);
    }
    if (!upo) throw new AppError(409, 'ksef_no_upo', ksefMessages.noUpo);
    const name = `UPO_${invoice.ksefNumber ?? invoice.number.replaceAll('/', '_')}.xml`;
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('access-control-expose-headers', 'content-disposition')
      .send(upo);
  });

  // ---- The carriers' invoices ----

  const selectReceived = () =>
    db
      .select({ row: received, order: sql<OrderInfo>`${receivedOrder}` })
      .from(received)
      .$dynamic();

  // The list's rows without the invoice's XML, which only its own routes give (a page read 30 documents for nothing).
  const { xml: _xml, ...listedColumns } = getTableColumns(received);
  const selectListed = () =>
    db
      .select({ row: listedColumns, order: sql<OrderInfo>`${receivedOrder}` })
      .from(received)
      .$dynamic();

  r.get(
    '/api/received_invoices',
    { config, schema: { tags, querystring: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const params = parseListQuery(request.query, receivedFilters);
      const { rows, total } = await runList(listStatements(db, params, selectListed(), { from: received }), params);
      return collection(
        request.url,
        rows.map((x) => toReceivedJson(x.row, x.order)),
        total,
        params,
      );
    },
  );

  const loadReceived = async (id: string) => {
    const [found] = await selectReceived().where(eq(received.uuid, uuidParam(id)));
    if (!found) throw notFound();
    return found;
  };

  r.get('/api/received_invoices/:id', { config, schema: { tags, params: idParams } }, async (request) => {
    const found = await loadReceived(request.params.id);
    return toReceivedJson(found.row, found.order);
  });

  r.get('/api/received_invoices/:id/xml', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const { row } = await loadReceived(request.params.id);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${row.ksefNumber}.xml"`)
      .header('access-control-expose-headers', 'content-disposition')
      .send(row.xml);
  });

  /** The received invoice printed from its XML by our invoice layout, with its KSeF number and KOD I. */
  r.get('/api/received_invoices/:id/pdf', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const { row } = await loadReceived(request.params.id);
    let document: InvoiceDocument;
    try {
      document = readFa3(row.xml, { ksefNumber: row.ksefNumber });
    } catch {
      throw new AppError(422, 'ksef_unreadable', ksefMessages.receivedUnreadable);
    }
    const pdf = await renderInvoicePdf(document, await ksef.qrOfReceived(row));
    const name = `${(row.invoiceNumber || row.ksefNumber).replace(/[^0-9A-Za-z-]+/g, '-').replace(/^-+|-+$/g, '')}.pdf`;
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('access-control-expose-headers', 'content-disposition')
      .send(pdf);
  });

  /** 'Przypisz do zlecenia': an order by IRI (or null to unassign). */
  const assign = async (id: string, body: z.infer<typeof receivedInvoiceAssignSchema>) => {
    const { row } = await loadReceived(id);
    let orderId: number | null = null;
    if (body.order) {
      const uuid = uuidFromIri(body.order, 'orders');
      const [order] = uuid ? await db.select({ id: orders.id }).from(orders).where(eq(orders.uuid, uuid)) : [];
      if (!order) throw fieldViolation('order', apiMessages.notFound);
      orderId = order.id;
    }
    await db.update(received).set({ orderId }).where(eq(received.id, row.id));
    const found = await loadReceived(id);
    return toReceivedJson(found.row, found.order);
  };
  const assignOptions = { config, schema: { tags, params: idParams, body: receivedInvoiceAssignSchema } };
  r.put('/api/received_invoices/:id', assignOptions, (request) => assign(request.params.id, request.body));
  r.patch('/api/received_invoices/:id', assignOptions, (request) => assign(request.params.id, request.body));
}
