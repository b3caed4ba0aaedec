import {
  CONVERTED_STATUS,
  datesIssue,
  loadingConfirmationSchema,
  loadingMessages,
  type OrderStatus,
  receivablesMessages,
  statusAfterUnloading,
  unloadingConfirmationSchema,
} from '@spedycja/domain';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { invoices, orders } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { AppError, fieldViolation, notFound } from '../../http/errors.ts';
import { parseListQuery } from '../../http/filters.ts';
import { collection, iri } from '../../http/hydra.ts';
import { runList } from '../../http/listing.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import * as carrierRecord from '../carrierRecord/record.ts';
import type { CustomerTrackHooks } from '../orders/hooks.ts';
import { findOrder, orderListStatements, toOrderJson } from '../orders/repository.ts';
import { customerPaidFollowsInvoices } from '../receivables/service.ts';
import { archiveFilters } from './archive.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * The order row, locked for the rest of the transaction: two dispatchers confirming at once are serialised, so
 * exactly one of them sees the flag change and is asked about the invoice.
 */
async function lockOrder(tx: DbOrTx, uuid: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.uuid, uuid)).for('update');
  if (!row) throw notFound();
  if (row.deletionReason > 0) throw new AppError(409, 'order_deleted', loadingMessages.deletedOrder);
  if (row.status === CONVERTED_STATUS) throw new AppError(409, 'order_converted', loadingMessages.convertedOrder);
  return row;
}

async function hasInvoice(tx: DbOrTx, where: SQL): Promise<boolean> {
  const [row] = await tx.select({ one: sql<number>`1` }).from(invoices).where(where).limit(1);
  return row !== undefined;
}

/** Only the fields given; a date sent as null clears it, as a PUT does. */
const given = <T extends Record<string, unknown>>(body: T) =>
  Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Loadings: the loading and unloading confirmations (SPEC §4; the unloading one finishes the order and asks for
 * its VAT invoice) and the archive of finished loadings. The calendar reads `GET /api/orders` with date ranges.
 */
export async function loadingsRoutes(
  app: FastifyInstance,
  { db, customerTrack }: { db: Db; customerTrack?: CustomerTrackHooks },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Loadings'];

  const answer = async (uuid: string) => {
    const record = await findOrder(db, eq(orders.uuid, uuid));
    if (!record) throw notFound();
    return toOrderJson(record);
  };

  const checkDates = (row: OrderRow, changes: { loadingDate?: string | null; unloadingDate?: string | null }) => {
    const issue = datesIssue({ ...row, ...changes });
    if (issue) throw fieldViolation(issue.path, issue.message);
  };

  r.post(
    '/api/orders/:id/loadingConfirmation',
    { schema: { tags, params: idParams, body: loadingConfirmationSchema } },
    async (request) => {
      const uuid = uuidParam(request.params.id);
      const body = request.body;
      const me = await actorId(db, request);
      const askProForma = await db.transaction(async (tx) => {
        const row = await lockOrder(tx, uuid);
        const changes = given(body);
        checkDates(row, changes);
        // The carrier's record (issue 39), before the confirmed date replaces the planned one (the window).
        if (body.loadingFinished && !row.loadingFinished)
          await carrierRecord.noteLoading(tx, row.id, changes.loadingDate ?? null);
        await tx
          .update(orders)
          .set({ ...changes, changedById: me })
          .where(eq(orders.id, row.id));
        const finishedNow = body.loadingFinished && !row.loadingFinished;
        // The customer's milestone (issue 37), once.
        if (finishedNow) await customerTrack?.loaded(tx, row.id, request);
        return (
          finishedNow &&
          !(await hasInvoice(tx, and(eq(invoices.orderProFormaId, row.id), eq(invoices.type, 'proforma')) as SQL))
        );
      });
      return { ...(await answer(uuid)), askProForma };
    },
  );

  r.post(
    '/api/orders/:id/unloadingConfirmation',
    { schema: { tags, params: idParams, body: unloadingConfirmationSchema } },
    async (request) => {
      const uuid = uuidParam(request.params.id);
      const body = request.body;
      const me = await actorId(db, request);
      const askVat = await db.transaction(async (tx) => {
        const row = await lockOrder(tx, uuid);
        const changes = given(body);
        checkDates(row, changes);
        // Issue 26: with a VAT invoice, 'Klient opłacił' follows its payments.
        if (body.customerPaid !== row.customerPaid && (await customerPaidFollowsInvoices(tx, row.id))) {
          throw fieldViolation('customerPaid', receivablesMessages.customerPaidFollowsInvoice);
        }
        const status = statusAfterUnloading(row.status as OrderStatus, body.unloadingFinished, body.customerPaid);
        if (body.unloadingFinished && !row.unloadingFinished)
          await carrierRecord.noteUnloading(tx, row.id, changes.unloadingDate ?? null);
        await tx
          .update(orders)
          .set({ ...changes, status, changedById: me })
          .where(eq(orders.id, row.id));
        if (body.unloadingFinished && !row.unloadingFinished) await customerTrack?.unloaded(tx, row.id, request);
        const paidNow = body.customerPaid && !row.customerPaid;
        return paidNow && !(await hasInvoice(tx, and(eq(invoices.orderId, row.id), eq(invoices.type, 'vat')) as SQL));
      });
      return { ...(await answer(uuid)), askVat };
    },
  );

  /**
   * Finished loadings: unloading confirmed or its date gone by, the latest unloading first, 15 a page; each with the
   * invoices issued for it (the archive links them), read for the page's orders in one statement.
   */
  r.get('/api/loadings/archive', { schema: { tags } }, async (request) => {
    const params = parseListQuery((request.query ?? {}) as Record<string, unknown>, archiveFilters);
    // Counted with the archive's own condition: the orders list's kept totals (every live order) are not its.
    const { rows, total } = await runList({ ...orderListStatements(db, params), kept: undefined }, params);
    const ids = rows.map((row) => row.order.id);
    const issued =
      ids.length === 0
        ? []
        : await db
            .select({
              uuid: invoices.uuid,
              number: invoices.number,
              type: invoices.type,
              orderId: invoices.orderId,
              orderProFormaId: invoices.orderProFormaId,
            })
            .from(invoices)
            .where(or(inArray(invoices.orderId, ids), inArray(invoices.orderProFormaId, ids)))
            .orderBy(invoices.id);
    const members = rows.map((row) =>
      Object.assign(toOrderJson(row), {
        invoices: issued
          .filter((i) => i.orderId === row.order.id || i.orderProFormaId === row.order.id)
          .map((i) => ({ '@id': iri('invoices', i.uuid), uuid: i.uuid, number: i.number, type: i.type })),
      }),
    );
    return collection(request.url, members, total, params);
  });
}
