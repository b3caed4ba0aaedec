import type { Payment, PaymentSide, PaymentTotal } from '@spedycja/domain';
import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import type { ListParams } from '../../http/filters.ts';
import { iri } from '../../http/hydra.ts';
import { COUNT_CAP, listStatements, runList } from '../../http/listing.ts';
import { isoOrNull } from '../queries/repository.ts';
import { daysOverdueSql, paymentOwner, sideColumns } from './filters.ts';
import { keptPaymentTotals, keptPaymentView } from './kept.ts';

const o = orders;
/** PGlite and pg both give booleans; a text 't' is taken too. */
const truthy = (value: unknown) => value === true || value === 't';

/** The payments list's rows (`extra`: more columns, e.g. the exporter's sort keys). */
export function selectPayments(db: DbOrTx, side: PaymentSide, extra: Record<string, SQL> = {}) {
  const c = sideColumns(side);
  // A receivable shows the order's latest VAT invoice (ours); a payable the carrier's invoice matched to it (KSeF).
  const invoice = (column: 'uuid' | 'number') =>
    side === 'customer'
      ? sql<
          string | null
        >`(SELECT i.${sql.raw(column)}::text FROM invoices i WHERE i.order_id = ${o.id} AND i.type = 'vat' ORDER BY i.id DESC LIMIT 1)`
      : sql<
          string | null
        >`(SELECT r.${sql.raw(column === 'number' ? 'invoice_number' : 'uuid')}::text FROM received_invoices r WHERE r.order_id = ${o.id} ORDER BY r.id DESC LIMIT 1)`;
  const documentIn = (kind: 'cmr' | 'invoice') =>
    sql<
      boolean | null
    >`(SELECT true FROM order_documents d WHERE d.order_id = ${o.id} AND d.kind = ${kind} AND d.deleted_at IS NULL LIMIT 1)`;
  return db
    .select({
      id: o.id,
      uuid: o.uuid,
      number: o.number,
      amount: c.price,
      currency: c.currency,
      amountPln: c.pricePln,
      paymentDate: c.date,
      paymentTerm: c.term,
      daysOverdue: daysOverdueSql(c.date),
      loadingDate: o.loadingDate,
      party: { uuid: c.party.uuid, companyName: c.party.companyName, name: c.party.name },
      owner: { uuid: paymentOwner.uuid, name: paymentOwner.name },
      invoiceUuid: invoice('uuid'),
      invoiceNumber: invoice('number'),
      // A payable: whether the carrier's CMR and invoice are in (issue 25: a file, or its KSeF invoice matched, which is
      // invoiceUuid). Scalar subqueries with LIMIT 1, never EXISTS in the select list: PostgreSQL plans an EXISTS there
      // as a hashed subplan that reads every document of every order before the LIMIT (issue 35: two Seq Scans of
      // order_documents per page); so each is one probe of order_documents_order_idx per row of the page. A receivable
      // shows no documents, so its rows read none.
      cmrIn: side === 'carrier' ? documentIn('cmr') : sql<boolean | null>`NULL::boolean`,
      invoiceIn: side === 'carrier' ? documentIn('invoice') : sql<boolean | null>`NULL::boolean`,
      // Issue 26: the customer's balance in the row's currency (invoices_customer_unpaid_idx).
      partyBalance:
        side === 'customer'
          ? sql<
              string | null
            >`(SELECT sum(b.due_amount)::text FROM invoices b WHERE b.customer_id = ${o.customerId} AND NOT b.paid AND b.type = 'vat' AND b.currency = ${c.currency})`
          : sql<string | null>`NULL::text`,
      ...extra,
    })
    .from(o)
    .leftJoin(c.party, eq(c.party.id, c.partyId))
    .leftJoin(paymentOwner, eq(paymentOwner.id, o.userId));
}

export type PaymentRecord = Awaited<ReturnType<ReturnType<typeof selectPayments>['execute']>>[number];

export function paymentListStatements(
  db: DbOrTx,
  side: PaymentSide,
  params: ListParams,
  keptTotal?: () => Promise<number>,
) {
  const c = sideColumns(side);
  return listStatements(db, params, selectPayments(db, side).$dynamic(), {
    keptTotal,
    from: o,
    joins: [
      { prefix: 'party', table: c.party, on: eq(c.party.id, c.partyId) },
      { prefix: 'user', table: paymentOwner, on: eq(paymentOwner.id, o.userId) },
    ],
  });
}

/**
 * The page, its total and the sums per currency of every matching payment (not only the page's); a default view's
 * total and sums are kept ones (kept.ts).
 */
export async function listPayments(db: DbOrTx, side: PaymentSide, params: ListParams) {
  const view = keptPaymentView(side, params);
  if (view) {
    const kept = keptPaymentTotals(db, view);
    const [list, { totals }] = await Promise.all([
      runList(
        paymentListStatements(db, side, params, async () => (await kept).total),
        params,
      ),
      kept,
    ]);
    return { ...list, totals };
  }
  const c = sideColumns(side);
  // The party and the owner joined only for a filter on them, as the count joins them: PostgreSQL removes an unused
  // LEFT JOIN but still reads its key, so that the sums could not come from the covering indexes alone (migration
  // 0049: the loading date's, the amount's and the number's partial indexes carry the currency and the price).
  const uses = (prefix: string) => [...params.present].some((k) => k.startsWith(`${prefix}.`));
  let perCurrency = db
    .select({ currency: c.currency, amount: sql<string | null>`sum(${c.price})`, count: count() })
    .from(o)
    .$dynamic();
  if (uses('party')) perCurrency = perCurrency.leftJoin(c.party, eq(c.party.id, c.partyId));
  if (uses('user')) perCurrency = perCurrency.leftJoin(paymentOwner, eq(paymentOwner.id, o.userId));
  const sums = perCurrency.where(params.where).groupBy(c.currency).orderBy(c.currency).execute();
  // The sums count every match: the total is theirs, capped as a counted one is (http/listing.ts), instead of a count
  // of the same rows beside them (a search matched the parties three times, once per statement).
  const matching = async () =>
    Math.min(
      (await sums).reduce((n, t) => n + t.count, 0),
      COUNT_CAP + 1,
    );
  const [list, rows] = await Promise.all([runList(paymentListStatements(db, side, params, matching), params), sums]);
  if (params.paginated && !params.partial && list.total > COUNT_CAP) params.totalCapped = true;
  return {
    ...list,
    totals: rows.map((t): PaymentTotal => ({ currency: t.currency, amount: Number(t.amount ?? 0), count: t.count })),
  };
}

export function toPaymentJson(side: PaymentSide, row: PaymentRecord): Payment {
  const partyResource = side === 'customer' ? 'customers' : 'carriers';
  // The carrier's invoice is in as a file or as its KSeF invoice matched to the order (the row's invoice).
  const invoiceIn = truthy(row.invoiceIn) || row.invoiceUuid !== null;
  return {
    '@id': iri('orders', row.uuid),
    '@type': 'Payment',
    uuid: row.uuid,
    number: row.number,
    side,
    party: row.party?.uuid ? { '@id': iri(partyResource, row.party.uuid), ...row.party, uuid: row.party.uuid } : null,
    amount: row.amount,
    currency: row.currency,
    amountPln: row.amountPln,
    paymentDate: isoOrNull(row.paymentDate)?.slice(0, 10) ?? null,
    paymentTerm: row.paymentTerm,
    daysOverdue: row.daysOverdue === null ? null : Number(row.daysOverdue),
    loadingDate: isoOrNull(row.loadingDate),
    invoice:
      row.invoiceUuid && row.invoiceNumber
        ? {
            '@id': iri(side === 'customer' ? 'invoices' : 'received_invoices', row.invoiceUuid),
            uuid: row.invoiceUuid,
            number: row.invoiceNumber,
          }
        : null,
    partyBalance: side === 'customer' ? Number(row.partyBalance ?? 0) : null,
    user: row.owner?.uuid ? { '@id': iri('users', row.owner.uuid), uuid: row.owner.uuid, name: row.owner.name } : null,
    documents:
      side === 'carrier'
        ? {
            cmr: truthy(row.cmrIn),
            invoice: invoiceIn,
            readyToPay: truthy(row.cmrIn) && invoiceIn,
          }
        : null,
  };
}
