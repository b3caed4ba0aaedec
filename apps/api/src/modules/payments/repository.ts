import type { Payment, PaymentSide, PaymentTotal } from '@spedycja/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import type { ListParams } from '../../http/filters.ts';
import { iri } from '../../http/hydra.ts';
import { cappedMatches, countCapOf, listStatements, runList } from '../../http/listing.ts';
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
    return { ...list, totals, totalsCapped: false };
  }
  const c = sideColumns(side);
  // The sums count every match, up to the total's cap (http/listing.ts cappedMatches: a scattered condition in bounded
  // steps): beyond it neither the total nor the sums are counted; the screen says 'ponad 10 000' and asks for a
  // narrower filter (a search that a quarter of the parties match summed 250,000 orders: 3.9 s at 1,000,000 rows).
  // The party and the owner are filters on their own tables (joined filters), never joins of the matches.
  const cap = countCapOf(params);
  const ordered = ![...params.sortedBy].some((k) => k.startsWith('party.') || k.startsWith('user.'));
  const matches = (async () => {
    const { rows, count } = await cappedMatches<{ currency: string; price: number | string | null }>(
      db,
      o,
      params,
      sql`${c.currency} AS currency, ${c.price} AS price`,
      cap,
      ordered,
    );
    const byCurrency = new Map<string, PaymentTotal>();
    for (const row of rows) {
      const total = byCurrency.get(row.currency) ?? { currency: row.currency, amount: 0, count: 0 };
      total.amount += Number(row.price ?? 0);
      total.count += 1;
      byCurrency.set(row.currency, total);
    }
    return {
      count,
      totals: [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    };
  })();
  const [list, counted] = await Promise.all([
    runList(
      paymentListStatements(db, side, params, async () => (await matches).count),
      params,
    ),
    matches,
  ]);
  const capped = counted.count > cap;
  if (params.paginated && !params.partial && capped) params.totalCapped = true;
  return { ...list, totals: capped ? [] : counted.totals, totalsCapped: capped };
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
