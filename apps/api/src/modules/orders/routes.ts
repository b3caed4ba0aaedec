import {
  datesIssue,
  documentFileName,
  mailMessages,
  ORDER_PARTIES,
  type OrderParty,
  type OrderStatus,
  type OrderUpdate,
  orderCreateSchema,
  orderMessages,
  orderUpdateSchema,
  receivablesMessages,
  statusAfterUnloading,
} from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { carriers, customers, orders, users } from '../../db/schema/index.ts';
import { renderDocx } from '../../documents/docx.ts';
import { orderDocument } from '../../documents/orderDocument.ts';
import { renderPdf } from '../../documents/pdf.ts';
import { actorId } from '../../http/actor.ts';
import { assertMayListDeleted, assertUsable, requestIsAdmin } from '../../http/auth.ts';
import { fieldViolation, notFound } from '../../http/errors.ts';
import { parseListQuery } from '../../http/filters.ts';
import { collection } from '../../http/hydra.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { project, projectionOf } from '../../http/properties.ts';
import { resolveRef } from '../../http/refs.ts';
import type { GeoService } from '../../integrations/geo/types.ts';
import * as carrierRecord from '../carrierRecord/record.ts';
import { assertCustomerAllowed } from '../debtors/debt.ts';
import { etasOf, toEtaJson } from '../positions/repository.ts';
import { customerPaidFollowsInvoices } from '../receivables/service.ts';
import { readAllSettings } from '../settings/company.ts';
import { readSetting } from '../settings/repository.ts';
import { locateRoute, routeChanged } from '../shipments/geo.ts';
import type { SoftDeleteRegistry } from '../softDelete/registry.ts';
import { staffOnly } from '../users/queries.ts';
import { checkCarrierPayment } from '../verification/payment.ts';
import type { Registers } from '../verification/registers.ts';
import { assertCarrierAllowed } from '../verification/status.ts';
import { orderWarnings } from '../verification/warnings.ts';
import { orderFilters } from './filters.ts';
import type { CarrierLinkIssuer, CustomerTrackHooks } from './hooks.ts';
import { nextOrderNumber } from './numbering.ts';
import { findOrder, listOrders, listOrdersAsJson, type OrderRecord, toOrderJson } from './repository.ts';
import { queueOrderMail, recipientOf, registerOrderSentMark } from './send.ts';

const customerRef = { table: customers, id: customers.id, uuid: customers.uuid, resource: 'customers' };
const carrierRef = { table: carriers, id: carriers.id, uuid: carriers.uuid, resource: 'carriers' };
const userRef = { table: users, id: users.id, uuid: users.uuid, resource: 'users', where: staffOnly };

const exportParams = z.object({
  id: z.string().max(100),
  format: z.enum(['pdf', 'word']),
  party: z.enum(ORDER_PARTIES),
});
const sendParams = z.object({ id: z.string().max(100), party: z.enum(ORDER_PARTIES) });

export async function ordersRoutes(
  app: FastifyInstance,
  {
    db,
    geo,
    softDelete,
    carrierLink,
    customerTrack,
    registers,
  }: {
    db: Db;
    geo: GeoService;
    softDelete: SoftDeleteRegistry;
    carrierLink?: CarrierLinkIssuer;
    customerTrack?: CustomerTrackHooks;
    registers: Registers;
  },
) {
  softDelete.set('order', { table: orders, uuid: orders.uuid, deletionReason: orders.deletionReason });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Orders'];
  registerOrderSentMark(app.outbox, db);

  /** The customer's confirmation, with the tracking link when the customer is mailed that milestone (issue 37). */
  const queueCustomerMail = async (tx: DbOrTx, record: OrderRecord, request: FastifyRequest) => {
    const to = recipientOf(record, 'customer');
    const link = await customerTrack?.linkForOrderMail(tx, record.order.id, request);
    const mailId = await queueOrderMail(tx, record, 'customer', link, app.outbox.mode === 'file');
    await customerTrack?.orderMailQueued(tx, record.order.id, mailId, to, Boolean(link));
  };

  const load = async (uuid: string, tx: typeof db = db) => {
    const row = await findOrder(tx, eq(orders.uuid, uuid));
    if (!row) throw notFound();
    return row;
  };
  const loadLive = async (uuid: string, request: FastifyRequest, purpose: 'read' | 'write') => {
    const row = await load(uuid);
    assertUsable(row.order.deletionReason, request, purpose);
    return row;
  };

  r.get('/api/orders', { schema: { tags, querystring: z.record(z.string(), z.unknown()) } }, async (request, reply) => {
    assertMayListDeleted(request);
    const params = parseListQuery(request.query, orderFilters);
    const projection = projectionOf(request.query);
    const json = projection ? await listOrdersAsJson(db, params, projection) : null;
    if (json) {
      // The items are PostgreSQL's JSON text: set into the collection as they are.
      const envelope = JSON.stringify(collection(request.url, [], json.total, params));
      const at = envelope.indexOf('"hydra:member":[]') + '"hydra:member":['.length;
      // Concatenated, not replaced: the megabyte of items is copied once, as it is written out.
      return reply
        .type('application/json; charset=utf-8')
        .send(`${envelope.slice(0, at)}${json.items.join(',')}${envelope.slice(at)}`);
    }
    const { rows, total } = await listOrders(db, params, projection);
    // Issue 39: the kept ETA of the page's orders, read by primary key after the page (never per row of the list).
    const etas = await etasOf(
      db,
      rows.map((row) => row.order.id),
    );
    const now = new Date();
    return collection(
      request.url,
      rows.map((row) =>
        project(
          Object.assign(toOrderJson(row), {
            eta: toEtaJson(etas.get(row.order.id) ?? null, now),
            etaStatus: etas.get(row.order.id)?.status ?? null,
          }),
          projection,
        ),
      ),
      total,
      params,
    );
  });

  /** One order as its item reads answer it: with the warnings about its carrier (OCP, verification). */
  const itemJson = async (record: OrderRecord) => {
    // Issue 39: the kept ETA (and its status alone, as the loadings calendar's narrow read has it).
    const kept = (await etasOf(db, [record.order.id])).get(record.order.id) ?? null;
    return {
      ...toOrderJson(record),
      eta: toEtaJson(kept),
      etaStatus: kept?.status ?? null,
      warnings: await orderWarnings(db, record.order),
    };
  };
  r.get('/api/orders/:id', { schema: { tags, params: idParams } }, async (request) =>
    itemJson(await loadLive(uuidParam(request.params.id), request, 'read')),
  );

  r.post('/api/orders', { schema: { tags, body: orderCreateSchema } }, async (request, reply) => {
    const {
      customer,
      carrier,
      user,
      sendMailToCustomer,
      sendMailToCarrier,
      carrierVerificationOverride,
      debtorOverride,
      ...fields
    } = request.body;
    const me = await actorId(db, request);
    const customerId = await resolveRef(db, customerRef, 'customer', customer);
    // A debtor with 'Blokuj zlecenia dla dłużników' on (debtors/debt.ts): 422, or an admin's reason.
    const debtorReason = await assertCustomerAllowed(db, customerId, requestIsAdmin(request), debtorOverride);
    const carrierId = await resolveRef(db, carrierRef, 'carrier', carrier);
    const overrideReason = await assertCarrierAllowed(
      db,
      carrierId,
      requestIsAdmin(request),
      carrierVerificationOverride,
    );
    const userId = (await resolveRef(db, userRef, 'user', user)) ?? me;
    const euroExchangeRate =
      fields.euroExchangeRate ?? (Number((await readSetting(db, 'euroExchangeRate')) ?? 0) || null);
    const located = await locateRoute(geo, fields);
    const uuid = await db.transaction(async (tx) => {
      const number = await nextOrderNumber(tx);
      const [row] = await tx
        .insert(orders)
        .values({
          ...fields,
          ...located,
          number,
          carrierVerificationOverride: overrideReason ?? null,
          debtorOverride: debtorReason ?? null,
          euroExchangeRate,
          customerId,
          carrierId,
          userId,
          createdById: me,
          changedById: me,
        })
        .returning({ uuid: orders.uuid });
      const created = await load(row?.uuid as string, tx as typeof db);
      // Ticked on create: the documents go out with the order, or the order is not created.
      const keptInFolder = app.outbox.mode === 'file';
      if (sendMailToCustomer) await queueCustomerMail(tx, created, request);
      if (sendMailToCarrier)
        await queueOrderMail(tx, created, 'carrier', await carrierLink?.(tx, created.order, request, me), keptInFolder);
      return created.order.uuid;
    });
    if (sendMailToCustomer || sendMailToCarrier) app.outbox.nudge();
    return reply.code(201).send(await itemJson(await load(uuid)));
  });

  const update = async (request: FastifyRequest, id: string, body: OrderUpdate) => {
    const uuid = uuidParam(id);
    const existing = (await loadLive(uuid, request, 'write')).order;
    const me = await actorId(db, request);
    const { customer, carrier, user, whitelistOverride, carrierVerificationOverride, debtorOverride, ...fields } = body;
    const changes: Record<string, unknown> = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    );
    // Issue 26: with a VAT invoice, 'Klient opłacił' follows its payments (booked on the invoice), not the form.
    if (changes.customerPaid !== undefined && changes.customerPaid !== existing.customerPaid) {
      if (await customerPaidFollowsInvoices(db, existing.id)) {
        throw fieldViolation('customerPaid', receivablesMessages.customerPaidFollowsInvoice);
      }
    }
    const merged = { ...existing, ...changes } as typeof existing;
    const issue = datesIssue({ loadingDate: merged.loadingDate, unloadingDate: merged.unloadingDate });
    if (issue) throw fieldViolation(issue.path, issue.message);
    for (const [key, value] of [
      ['customerId', await resolveRef(db, customerRef, 'customer', customer)],
      ['carrierId', await resolveRef(db, carrierRef, 'carrier', carrier)],
      ['userId', await resolveRef(db, userRef, 'user', user)],
    ] as const) {
      if (value !== undefined) changes[key] = value;
    }
    // A new customer: the debtors' rule, as on create (debtors/debt.ts).
    if (changes.customerId !== undefined && changes.customerId !== existing.customerId) {
      const reason = await assertCustomerAllowed(
        db,
        changes.customerId as number | null,
        requestIsAdmin(request),
        debtorOverride,
      );
      changes.debtorOverride = reason ?? null;
    }
    // A new carrier: the 'only verified carriers' rule (verification/status.ts).
    if (changes.carrierId !== undefined && changes.carrierId !== existing.carrierId) {
      const reason = await assertCarrierAllowed(
        db,
        changes.carrierId as number | null,
        requestIsAdmin(request),
        carrierVerificationOverride,
      );
      changes.carrierVerificationOverride = reason ?? null;
    }
    if (routeChanged(changes)) Object.assign(changes, await locateRoute(geo, merged));
    // The unloading confirmation's rule (SPEC §4) holds for the original client, which confirms with a plain PUT;
    // a status the same request changes by hand is the user's choice and stays.
    const flagsChanged =
      (changes.unloadingFinished !== undefined && changes.unloadingFinished !== existing.unloadingFinished) ||
      (changes.customerPaid !== undefined && changes.customerPaid !== existing.customerPaid);
    const statusChosen = changes.status !== undefined && changes.status !== existing.status;
    if (flagsChanged && !statusChosen) {
      changes.status = statusAfterUnloading(
        merged.status as OrderStatus,
        merged.unloadingFinished,
        merged.customerPaid,
      );
    }
    // Paying the carrier: its account checked on the VAT white list (verification/payment.ts).
    const admin = requestIsAdmin(request);
    let paymentWarning: string | undefined;
    if (changes.carrierPaid === true && !existing.carrierPaid) {
      const check = await checkCarrierPayment(
        db,
        registers,
        { ...merged, carrierId: (changes.carrierId as number | null | undefined) ?? existing.carrierId },
        { id: me, admin },
        whitelistOverride,
      );
      paymentWarning = check.warning;
    } else if (whitelistOverride && !admin) {
      await checkCarrierPayment(db, registers, existing, { id: me, admin }, whitelistOverride);
    }
    if (Object.keys(changes).length > 0) {
      // The carrier's record (issue 39), before the confirmed dates replace the planned ones (the windows).
      if (changes.loadingFinished === true && !existing.loadingFinished)
        await carrierRecord.noteLoading(db, existing.id, (changes.loadingDate as string | null | undefined) ?? null);
      if (changes.unloadingFinished === true && !existing.unloadingFinished)
        await carrierRecord.noteUnloading(
          db,
          existing.id,
          (changes.unloadingDate as string | null | undefined) ?? null,
        );
      await db
        .update(orders)
        .set({ ...changes, changedById: me })
        .where(eq(orders.uuid, uuid));
      // The customer's milestones (issue 37): loading and unloading confirmed in the office.
      if (changes.loadingFinished === true && !existing.loadingFinished)
        await customerTrack?.loaded(db, existing.id, request);
      if (changes.unloadingFinished === true && !existing.unloadingFinished)
        await customerTrack?.unloaded(db, existing.id, request);
    }
    const json = await itemJson(await load(uuid));
    return paymentWarning ? { ...json, paymentWarning } : json;
  };
  const updateOptions = { schema: { tags, params: idParams, body: orderUpdateSchema } };
  r.put('/api/orders/:id', updateOptions, (request) => update(request, request.params.id, request.body));
  r.patch('/api/orders/:id', updateOptions, (request) => update(request, request.params.id, request.body));

  /** PDF or Word for the customer or the carrier; the file name travels in content-disposition. */
  const sendDocument = async (reply: FastifyReply, record: OrderRecord, party: OrderParty, format: 'pdf' | 'word') => {
    const model = orderDocument(record, party, await readAllSettings(db));
    const extension = format === 'pdf' ? 'pdf' : 'docx';
    const body = format === 'pdf' ? await renderPdf(model) : await renderDocx(model);
    return reply
      .header(
        'content-type',
        format === 'pdf'
          ? 'application/pdf'
          : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      )
      .header(
        'content-disposition',
        `attachment; filename="${documentFileName(record.order.number, party, extension)}"`,
      )
      .header('access-control-expose-headers', 'content-disposition')
      .send(body);
  };
  r.get('/api/orders/:id/export/:format/:party', { schema: { tags, params: exportParams } }, async (request, reply) =>
    sendDocument(
      reply,
      await loadLive(uuidParam(request.params.id), request, 'read'),
      request.params.party,
      request.params.format,
    ),
  );

  /** GET for the original client; POST, because sending changes state. */
  const send = async (request: FastifyRequest, id: string, party: OrderParty) => {
    const record = await loadLive(uuidParam(id), request, 'write');
    const me = await actorId(db, request);
    await db.transaction(async (tx) =>
      party === 'customer'
        ? queueCustomerMail(tx, record, request)
        : queueOrderMail(
            tx,
            record,
            party,
            await carrierLink?.(tx, record.order, request, me),
            app.outbox.mode === 'file',
          ),
    );
    app.outbox.nudge();
    return {
      // Without a mail server the message is kept in the folder: the dispatcher must not read 'wysłano'.
      message:
        app.outbox.mode === 'file'
          ? mailMessages.savedMailOff
          : party === 'customer'
            ? orderMessages.sentToCustomer
            : orderMessages.sentToCarrier,
      order: toOrderJson(await load(record.order.uuid)),
    };
  };
  r.get('/api/orders/:id/send/:party', { schema: { tags, params: sendParams } }, (request) =>
    send(request, request.params.id, request.params.party),
  );
  r.post('/api/orders/:id/send/:party', { schema: { tags, params: sendParams } }, (request) =>
    send(request, request.params.id, request.params.party),
  );
}
