import { PAYMENT_SIDES, receivablesMessages, statsMessages, whitelistOverrideSchema } from '@spedycja/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { carrierInvoiceOrders, carrierInvoices, invoices, orders, payments } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { adminOnly } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { parseListQuery } from '../../http/filters.ts';
import { collection } from '../../http/hydra.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { warsawDay } from '../../warsawDay.ts';
import { findOrder, toOrderJson } from '../orders/repository.ts';
import {
  bookCarrierInvoicePayment,
  bookCarrierPayment,
  carrierInvoicesOf,
  customerPaidFollowsInvoices,
  setInvoicePaidByHand,
} from '../receivables/service.ts';
import { checkCarrierPayment } from '../verification/payment.ts';
import type { Registers } from '../verification/registers.ts';
import { parseSide, paymentFilters } from './filters.ts';
import { listPayments, toPaymentJson } from './repository.ts';

const markPaidBody = z.object({
  side: z.enum(PAYMENT_SIDES),
  /** The day the money came or went (YYYY-MM-DD); today in Warsaw when left out. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(
      (v) =>
        !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    )
    .optional(),
  /** Paying a carrier whose account the VAT white list did not confirm (above 15 000 zł gross): the admin's reason. */
  whitelistOverride: whitelistOverrideSchema.optional(),
});

/**
 * The payments cockpit (admins): GET /api/payments?side=customer|carrier&state=overdue|due|all (the list filters,
 * sorts and pages as the other lists, and adds the sums per currency of everything that matches), and marking one paid.
 */
export async function paymentsRoutes(app: FastifyInstance, { db, registers }: { db: Db; registers: Registers }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Payments'];

  r.get(
    '/api/payments',
    { config: adminOnly, schema: { tags, querystring: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const side = parseSide(request.query.side);
      const params = parseListQuery(request.query, paymentFilters(side));
      const { rows, total, totals, totalsCapped } = await listPayments(db, side, params);
      return {
        ...collection(
          request.url,
          rows.map((row) => toPaymentJson(side, row)),
          total,
          params,
        ),
        totals,
        ...(totalsCapped ? { totalsCapped } : {}),
      };
    },
  );

  /**
   * Marks the customer's (or the carrier's) payment of an order done on a day: the order's flag and date, and for a
   * customer the paid flag of the order's VAT invoices, in one transaction (the order row locked, so that two clicks
   * mark it once).
   */
  r.post(
    '/api/payments/:id/paid',
    { config: adminOnly, schema: { tags, params: idParams, body: markPaidBody } },
    async (request) => {
      const uuid = uuidParam(request.params.id);
      const { side } = request.body;
      const date = request.body.date ?? warsawDay();
      const me = await actorId(db, request);
      let paymentWarning: string | undefined;
      if (side === 'carrier') {
        // Before the marking's own transaction: the check is kept even when it refuses (409).
        const [order] = await db.select().from(orders).where(eq(orders.uuid, uuid));
        if (!order) throw notFound();
        if (!order.carrierPaid && order.deletionReason === 0) {
          const check = await checkCarrierPayment(
            db,
            registers,
            order,
            { id: me, admin: true },
            request.body.whitelistOverride,
          );
          paymentWarning = check.warning;
        }
      }
      await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.uuid, uuid)).for('update');
        if (!order) throw notFound();
        if (order.deletionReason > 0 || (order.status !== 'aktywne' && order.status !== 'zakonczone')) {
          throw new AppError(409, 'not_payable', statsMessages.notPayable);
        }
        if (side === 'customer' ? order.customerPaid : order.carrierPaid) {
          throw new AppError(409, 'already_paid', statsMessages.alreadyPaid);
        }
        // Issue 26: money is booked as payments, from which the flags follow. A customer's order with VAT invoices:
        // what each still has due; without one, the flag as before. A carrier: the rest of the carrier's price.
        if (side === 'customer') {
          if (await customerPaidFollowsInvoices(tx, order.id)) {
            const open = await tx
              .select({ id: invoices.id })
              .from(invoices)
              .where(and(eq(invoices.orderId, order.id), eq(invoices.type, 'vat'), sql`NOT ${invoices.paid}`));
            for (const invoice of open) await setInvoicePaidByHand(tx, invoice.id, true, date, me);
          } else {
            await tx
              .update(orders)
              .set({ customerPaid: true, customerPaidDate: date, changedById: me })
              .where(eq(orders.id, order.id));
          }
        } else if (await carrierInvoicesOf(tx, order.id)) {
          // Issue 38: an order with its carrier's invoices is paid through them (what each still has due).
          const open = await tx
            .select({ id: carrierInvoices.id, due: carrierInvoices.dueAmount, currency: carrierInvoices.currency })
            .from(carrierInvoices)
            .innerJoin(carrierInvoiceOrders, eq(carrierInvoiceOrders.carrierInvoiceId, carrierInvoices.id))
            .where(
              and(
                eq(carrierInvoiceOrders.orderId, order.id),
                eq(carrierInvoices.type, 'vat'),
                eq(carrierInvoices.deletionReason, 0),
                sql`${carrierInvoices.dueAmount} > 0`,
              ),
            );
          for (const invoice of open) {
            await bookCarrierInvoicePayment(tx, invoice.id, {
              date,
              amount: invoice.due,
              currency: invoice.currency,
              method: 'przelew',
              note: receivablesMessages.cockpitNote,
              userId: me,
            });
          }
        } else {
          const [paid] = await tx
            .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)` })
            .from(payments)
            .where(
              and(
                eq(payments.orderId, order.id),
                isNull(payments.cancelledAt),
                eq(payments.currency, order.carrierPriceCurrency),
              ),
            );
          const rest = Math.max(0, (order.carrierPrice ?? 0) - Number(paid?.sum ?? 0));
          if (rest > 0) {
            await bookCarrierPayment(tx, order.id, {
              date,
              amount: rest,
              currency: order.carrierPriceCurrency,
              method: 'przelew',
              note: receivablesMessages.cockpitNote,
              userId: me,
            });
          }
          await tx
            .update(orders)
            .set({ carrierPaid: true, carrierPaidDate: date, changedById: me })
            .where(eq(orders.id, order.id));
        }
      });
      const updated = await findOrder(db, eq(orders.uuid, uuid));
      if (!updated) throw notFound();
      return {
        message: statsMessages.markedPaid,
        order: toOrderJson(updated),
        ...(paymentWarning ? { warning: paymentWarning } : {}),
      };
    },
  );
}
