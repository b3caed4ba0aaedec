import {
  carrierPaymentCreateSchema,
  invoicePaymentCreateSchema,
  paymentCancelSchema,
  receivablesMessages,
} from '@spedycja/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { carrierInvoices, invoices, orders, payments } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { adminOnly, requestIsAdmin } from '../../http/auth.ts';
import { AppError, fieldViolation, notFound } from '../../http/errors.ts';
import { collection, uuidFromIri } from '../../http/hydra.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { REF_NOT_FOUND } from '../../http/refs.ts';
import { checkCarrierPayment } from '../verification/payment.ts';
import type { Registers } from '../verification/registers.ts';
import { customerBalances, listCarrierPayments, listInvoicePayments, paymentsJson } from './repository.ts';
import { bookPayment, cancelPayment } from './service.ts';

const list = { querystring: z.record(z.string(), z.unknown()) };
const all = <T>(url: string, members: T[]) =>
  collection(url, members, members.length, { paginated: false, page: 1, itemsPerPage: members.length });
/** The same collection around members that are PostgreSQL's JSON text (paymentsJson), set in as they are. */
const allAsJson = (reply: FastifyReply, url: string, items: string[]) => {
  const envelope = JSON.stringify(
    collection(url, [], items.length, { paginated: false, page: 1, itemsPerPage: items.length }),
  );
  const at = envelope.indexOf('"hydra:member":[]') + '"hydra:member":['.length;
  return reply
    .type('application/json; charset=utf-8')
    .send(`${envelope.slice(0, at)}${items.join(',')}${envelope.slice(at)}`);
};

/** `?invoice.uuid=` (a uuid or the IRI) as the row's uuid; a malformed one is a 400 on its name. */
function refQuery(query: Record<string, unknown>, key: string, resource: string): string | undefined {
  const raw = query[key];
  if (raw === undefined || raw === '') return undefined;
  const uuid = typeof raw === 'string' ? uuidFromIri(raw, resource) : null;
  if (!uuid) throw new AppError(400, 'bad_request', `${key}: ${REF_NOT_FOUND}`);
  return uuid;
}

/**
 * Issue 26 (admins): payments received on invoices and paid to carriers — book (Idempotency-Key), list per invoice or
 * order, cancel with a reason (the history keeps both) — and the balance per customer.
 */
export async function receivablesRoutes(app: FastifyInstance, { db, registers }: { db: Db; registers: Registers }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = adminOnly;

  // ---- Invoice payments ----
  const tags = ['Invoice payments'];

  r.get('/api/invoice_payments', { config, schema: { tags, ...list } }, async (request, reply) => {
    const uuid = refQuery(request.query, 'invoice.uuid', 'invoices');
    const items = await paymentsJson(db, 'invoice', uuid ? eq(invoices.uuid, uuid) : undefined);
    return allAsJson(reply, request.url, items);
  });

  const loadInvoicePayment = async (uuid: string) => {
    const [found] = await listInvoicePayments(db, eq(payments.uuid, uuid));
    if (!found) throw notFound();
    return found;
  };

  r.get('/api/invoice_payments/:id', { config, schema: { tags, params: idParams } }, (request) =>
    loadInvoicePayment(uuidParam(request.params.id)),
  );

  r.post(
    '/api/invoice_payments',
    { config, schema: { tags, body: invoicePaymentCreateSchema } },
    async (request, reply) => {
      const body = request.body;
      const uuid = uuidFromIri(body.invoice, 'invoices');
      const [invoice] = uuid ? await db.select().from(invoices).where(eq(invoices.uuid, uuid)) : [];
      if (!invoice) throw fieldViolation('invoice', REF_NOT_FOUND);
      if (invoice.type === 'proforma') throw fieldViolation('invoice', receivablesMessages.proformaNotPayable);
      const currency = body.currency ?? invoice.currency;
      if (currency !== invoice.currency) throw fieldViolation('currency', receivablesMessages.currencyMismatch);
      const row = await bookPayment(
        db,
        { invoiceId: invoice.id },
        {
          date: body.date,
          amount: body.amount,
          currency,
          method: body.method,
          note: body.note ?? null,
          userId: await actorId(db, request),
        },
      );
      return reply.code(201).send(await loadInvoicePayment(row.uuid));
    },
  );

  r.delete(
    '/api/invoice_payments/:id',
    { config, schema: { tags, params: idParams, body: paymentCancelSchema } },
    async (request) => {
      const uuid = uuidParam(request.params.id);
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.uuid, uuid), eq(payments.direction, 'in')));
      if (!row) throw notFound();
      if (!(await cancelPayment(db, row.id, request.body.reason, 'in'))) {
        throw new AppError(409, 'already_cancelled', receivablesMessages.alreadyCancelled);
      }
      return loadInvoicePayment(uuid);
    },
  );

  // ---- Carrier payments ----
  const carrierTags = ['Carrier payments'];

  r.get('/api/carrier_payments', { config, schema: { tags: carrierTags, ...list } }, async (request, reply) => {
    const uuid = refQuery(request.query, 'order.uuid', 'orders');
    const invoiceUuid = refQuery(request.query, 'carrierInvoice.uuid', 'carrier_invoices');
    const items = await paymentsJson(
      db,
      'carrier',
      and(uuid ? eq(orders.uuid, uuid) : undefined, invoiceUuid ? eq(carrierInvoices.uuid, invoiceUuid) : undefined),
    );
    return allAsJson(reply, request.url, items);
  });

  const loadCarrierPayment = async (uuid: string) => {
    const [found] = await listCarrierPayments(db, eq(payments.uuid, uuid));
    if (!found) throw notFound();
    return found;
  };

  r.get('/api/carrier_payments/:id', { config, schema: { tags: carrierTags, params: idParams } }, (request) =>
    loadCarrierPayment(uuidParam(request.params.id)),
  );

  r.post(
    '/api/carrier_payments',
    { config, schema: { tags: carrierTags, body: carrierPaymentCreateSchema } },
    async (request, reply) => {
      const body = request.body;
      if (body.carrierInvoice) {
        // Issue 38: a payment on a carrier's invoice (a corrective pays through the invoice it corrects).
        const invoiceUuid = uuidFromIri(body.carrierInvoice, 'carrier_invoices');
        const [invoice] = invoiceUuid
          ? await db.select().from(carrierInvoices).where(eq(carrierInvoices.uuid, invoiceUuid))
          : [];
        if (!invoice || invoice.deletionReason > 0) throw fieldViolation('carrierInvoice', REF_NOT_FOUND);
        const currency = body.currency ?? invoice.currency;
        if (currency !== invoice.currency) throw fieldViolation('currency', receivablesMessages.currencyMismatch);
        const [root] = invoice.correctedId
          ? await db.select().from(carrierInvoices).where(eq(carrierInvoices.id, invoice.correctedId))
          : [invoice];
        if (!root || body.amount > root.dueAmount) throw fieldViolation('amount', receivablesMessages.overpaid);
        const row = await bookPayment(
          db,
          { carrierInvoiceId: root.id },
          {
            date: body.date,
            amount: body.amount,
            currency,
            method: body.method,
            note: body.note ?? null,
            userId: await actorId(db, request),
          },
        );
        return reply.code(201).send(await loadCarrierPayment(row.uuid));
      }
      if (!body.order) throw fieldViolation('order', receivablesMessages.orderOrInvoiceRequired);
      const uuid = uuidFromIri(body.order, 'orders');
      const [order] = uuid ? await db.select().from(orders).where(eq(orders.uuid, uuid)) : [];
      if (!order) throw fieldViolation('order', REF_NOT_FOUND);
      if (!order.carrierId) throw fieldViolation('order', receivablesMessages.noCarrier);
      const currency = body.currency ?? order.carrierPriceCurrency;
      if (currency !== order.carrierPriceCurrency) {
        throw fieldViolation('currency', receivablesMessages.currencyMismatch);
      }
      const me = await actorId(db, request);
      // Before the booking's own transaction, as the payments cockpit: the white-list check is kept even when it
      // refuses (409 whitelist_unconfirmed above 15 000 zł gross unless an admin gives a reason).
      const check =
        order.deletionReason === 0
          ? await checkCarrierPayment(
              db,
              registers,
              order,
              { id: me, admin: requestIsAdmin(request) },
              body.whitelistOverride,
            )
          : undefined;
      const row = await db.transaction((tx) =>
        bookPayment(
          tx,
          { orderId: order.id },
          {
            date: body.date,
            amount: body.amount,
            currency,
            method: body.method,
            note: body.note ?? null,
            userId: me,
          },
        ),
      );
      const booked = await loadCarrierPayment(row.uuid);
      return reply.code(201).send(check?.warning ? { ...booked, warning: check.warning } : booked);
    },
  );

  r.delete(
    '/api/carrier_payments/:id',
    { config, schema: { tags: carrierTags, params: idParams, body: paymentCancelSchema } },
    async (request) => {
      const uuid = uuidParam(request.params.id);
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.uuid, uuid), eq(payments.direction, 'out')));
      if (!row) throw notFound();
      if (!(await cancelPayment(db, row.id, request.body.reason, 'out'))) {
        throw new AppError(409, 'already_cancelled', receivablesMessages.alreadyCancelled);
      }
      return loadCarrierPayment(uuid);
    },
  );

  // ---- Balances ----
  r.get('/api/receivables/balances', { config, schema: { tags: ['Receivables'], ...list } }, async (request) => {
    const uuid = refQuery(request.query, 'customer.uuid', 'customers');
    return all(request.url, await customerBalances(db, uuid));
  });
}
