import {
  APP_TIMEZONE,
  type CarrierInvoice,
  type CarrierInvoiceStatus,
  PAYABLES_VIEWS,
  type PayableWarning,
  type PaymentTermFrom,
} from '@spedycja/domain';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import {
  carrierInvoiceOrders,
  carrierInvoices,
  carriers,
  orderDocuments,
  orders,
  receivedInvoices,
} from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import { type FilterSpec, type ListParams, sortKey } from '../../http/filters.ts';
import { iri } from '../../http/hydra.ts';
import { cappedCount, cappedMatches, countCapOf, listStatements, runList } from '../../http/listing.ts';
import { keptPayablesTotals, keptPayablesView } from './kept.ts';

/** The invoice a row settles through (itself, or the one a corrective corrects): its status is the family's. */
export const rootInvoice = alias(carrierInvoices, 'root_invoice');
const ci = carrierInvoices;
const root = rootInvoice;

export const todayDateSql = sql.raw(`((now() AT TIME ZONE '${APP_TIMEZONE}')::date)`);

/** A family's status from its root's kept figures and today. */
export const statusSql = sql<CarrierInvoiceStatus>`CASE
  WHEN ${root.dueAmount} <= 0 THEN 'zaplacona'
  WHEN ${root.batchId} IS NOT NULL THEN 'w_paczce'
  WHEN ${root.dueDate} IS NULL THEN 'czeka_na_dokumenty'
  WHEN ${root.held} THEN 'wstrzymana'
  WHEN ${root.dueDate} < ${todayDateSql} THEN 'po_terminie'
  ELSE 'do_zaplaty' END`;

const listSelect = {
  row: ci,
  status: statusSql,
  carrier: {
    uuid: carriers.uuid,
    name: sql<string | null>`coalesce(${carriers.companyName}, ${carriers.name})`,
    nip: carriers.nip,
  },
  corrects: { uuid: root.uuid, number: root.number },
  received: { uuid: receivedInvoices.uuid },
};

type ListRow = {
  row: typeof ci.$inferSelect;
  status: CarrierInvoiceStatus;
  carrier: { uuid: string; name: string | null; nip: string | null };
  corrects: { uuid: string; number: string } | null;
  received: { uuid: string } | null;
};

const selectInvoices = (db: DbOrTx) =>
  db
    .select(listSelect)
    .from(ci)
    // The carrier before the root: the app plans joins in the written order (db/client.ts join_collapse_limit), and
    // a filter or a sort on the carrier then starts from it (its uuid, its name's index), never from every invoice
    // joined to its root first.
    .innerJoin(carriers, eq(carriers.id, ci.carrierId))
    .innerJoin(root, sql`${root.id} = coalesce(${ci.correctedId}, ${ci.id})`)
    .leftJoin(receivedInvoices, eq(receivedInvoices.id, ci.receivedInvoiceId))
    .$dynamic();

/** The members' JSON, with their orders read for these rows only. */
async function toJson(db: DbOrTx, rows: ListRow[]): Promise<CarrierInvoice[]> {
  const ids = rows.map((r) => r.row.id);
  const lines = ids.length
    ? await db
        .select({
          invoiceId: carrierInvoiceOrders.carrierInvoiceId,
          amount: carrierInvoiceOrders.amount,
          uuid: orders.uuid,
          number: orders.number,
          carrierPrice: orders.carrierPrice,
          carrierPriceCurrency: orders.carrierPriceCurrency,
        })
        .from(carrierInvoiceOrders)
        .innerJoin(orders, eq(orders.id, carrierInvoiceOrders.orderId))
        .where(inArray(carrierInvoiceOrders.carrierInvoiceId, ids))
        .orderBy(asc(carrierInvoiceOrders.carrierInvoiceId), asc(orders.id))
    : [];
  return rows.map(({ row, status, carrier, corrects, received }) => ({
    '@id': iri('carrier_invoices', row.uuid),
    '@type': 'CarrierInvoice',
    uuid: row.uuid,
    version: row.version,
    type: row.type as CarrierInvoice['type'],
    source: row.source as CarrierInvoice['source'],
    carrier: { '@id': iri('carriers', carrier.uuid), uuid: carrier.uuid, name: carrier.name, nip: carrier.nip },
    number: row.number,
    issueDate: row.issueDate,
    receivedDate: row.receivedDate,
    documentsReceivedDate: row.documentsReceivedDate,
    currency: row.currency,
    netAmount: row.netAmount,
    vatAmount: row.vatAmount,
    grossAmount: row.grossAmount,
    exchangeRate: row.exchangeRate,
    bankAccount: row.bankAccount,
    paymentTermDays: row.paymentTermDays,
    paymentTermFrom: row.paymentTermFrom as PaymentTermFrom,
    dueDate: row.dueDate,
    paidAmount: row.paidAmount,
    dueAmount: row.dueAmount,
    status,
    warnings: row.warnings as PayableWarning[],
    orders: lines
      .filter((l) => l.invoiceId === row.id)
      .map((l) => ({
        order: {
          '@id': iri('orders', l.uuid),
          uuid: l.uuid,
          number: l.number,
          carrierPrice: l.carrierPrice,
          carrierPriceCurrency: l.carrierPriceCurrency,
        },
        amount: l.amount,
      })),
    corrects:
      row.type === 'corrective' && corrects
        ? { '@id': iri('carrier_invoices', corrects.uuid), uuid: corrects.uuid, number: corrects.number }
        : null,
    receivedInvoice: received ? { '@id': iri('received_invoices', received.uuid), uuid: received.uuid } : null,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function readCarrierInvoice(db: DbOrTx, uuid: string): Promise<CarrierInvoice | undefined> {
  const rows = (await selectInvoices(db).where(eq(ci.uuid, uuid))) as ListRow[];
  return (await toJson(db, rows))[0];
}

/** The statuses asked (`status=a,b`), each known; undefined when none. */
function statusesOf(value: string): CarrierInvoiceStatus[] | undefined {
  const wanted = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (wanted.length === 0) return undefined;
  const known = ['czeka_na_dokumenty', 'do_zaplaty', 'po_terminie', 'w_paczce', 'zaplacona', 'wstrzymana'];
  if (wanted.some((w) => !known.includes(w))) throw badRequest(`status: ${known.join(', ')}`);
  return wanted as CarrierInvoiceStatus[];
}

function statusFilter(value: string): SQL | undefined {
  const wanted = statusesOf(value);
  return wanted && statusIn(root, wanted);
}

/**
 * Each status as the plain conditions statusSql's CASE tests in order (its earlier branches negated), on the root's
 * figures (or another row's): the same rows, but conditions an index or the planner's estimate can read.
 */
function statusIn(t: typeof ci | typeof root, wanted: readonly CarrierInvoiceStatus[]): SQL {
  const condition: Record<CarrierInvoiceStatus, SQL> = {
    zaplacona: sql`${t.dueAmount} <= 0`,
    w_paczce: sql`(${t.dueAmount} > 0 AND ${t.batchId} IS NOT NULL)`,
    czeka_na_dokumenty: sql`(${t.dueAmount} > 0 AND ${t.batchId} IS NULL AND ${t.dueDate} IS NULL)`,
    wstrzymana: sql`(${t.dueAmount} > 0 AND ${t.batchId} IS NULL AND ${t.dueDate} IS NOT NULL AND ${t.held})`,
    po_terminie: sql`(${t.dueAmount} > 0 AND ${t.batchId} IS NULL AND NOT ${t.held} AND ${t.dueDate} < ${todayDateSql})`,
    do_zaplaty: sql`(${t.dueAmount} > 0 AND ${t.batchId} IS NULL AND NOT ${t.held} AND ${t.dueDate} >= ${todayDateSql})`,
  };
  const parts = wanted.map((w) => condition[w]);
  return parts.length === 1 ? (parts[0] as SQL) : sql`(${sql.join(parts, sql` OR `)})`;
}

/** The same statuses on cashflow_day_totals's columns (its rows have something due): none for 'zaplacona'. */
const keptStatus: Record<Exclude<CarrierInvoiceStatus, 'zaplacona'>, SQL> = {
  w_paczce: sql`in_batch`,
  czeka_na_dokumenty: sql`(NOT in_batch AND day IS NULL)`,
  wstrzymana: sql`(NOT in_batch AND day IS NOT NULL AND held)`,
  po_terminie: sql`(NOT in_batch AND NOT held AND day < ${todayDateSql})`,
  do_zaplaty: sql`(NOT in_batch AND NOT held AND day >= ${todayDateSql})`,
};

/**
 * The total of /api/carrier_invoices?status=… (no other filter, not 'zaplacona'): the live VAT invoices with something
 * due kept per status in cashflow_day_totals, corrected by the few rows whose status is not their own figures' (a
 * corrective, or a row corrected itself: its root's), read through carrier_invoices_family_idx.
 */
async function keptStatusCount(db: DbOrTx, wanted: readonly Exclude<CarrierInvoiceStatus, 'zaplacona'>[]) {
  const kept = sql.join(
    wanted.map((w) => keptStatus[w]),
    sql` OR `,
  );
  const [row] = await selectRows<{ n: string | number }>(
    db,
    sql`SELECT (SELECT coalesce(sum(n), 0) FROM cashflow_day_totals WHERE side = 'out' AND (${kept}))
          + (SELECT count(*) FILTER (WHERE ${statusIn(root, wanted)})
                  - count(*) FILTER (WHERE ${ci.type} = 'vat' AND ${statusIn(ci, wanted)})
             FROM ${ci} JOIN ${ci} AS ${sql.identifier('root_invoice')} ON ${root.id} = coalesce(${ci.correctedId}, ${ci.id})
             WHERE ${ci.deletionReason} = 0 AND (${ci.correctedId} IS NOT NULL OR ${ci.type} <> 'vat')) AS n`,
  );
  return Number(row?.n ?? 0);
}

const commonFields: FilterSpec['fields'] = {
  number: { column: ci.number, type: 'string', search: 'partial', order: true },
  'carrier.uuid': { column: carriers.uuid, type: 'uuid', search: 'exact' },
  issueDate: { column: ci.issueDate, type: 'date', date: true, order: true },
  dueDate: { column: ci.dueDate, type: 'date', date: true, order: true },
  receivedDate: { column: ci.receivedDate, type: 'date', date: true, order: true },
  grossAmount: { column: ci.grossAmount, type: 'int', range: true, order: true },
  dueAmount: { column: ci.dueAmount, type: 'int', range: true, order: true },
  currency: { column: ci.currency, type: 'string', search: 'exact', values: ['pln', 'eur'] },
  'carrier.companyName': { column: carriers.companyName, type: 'string', search: 'unaccent', order: true },
};

/** GET /api/carrier_invoices: every carrier's invoice (correctives too), newest issue first. */
export const carrierInvoiceFilters: FilterSpec = {
  fields: {
    ...commonFields,
    type: { column: ci.type, type: 'string', search: 'exact', values: ['vat', 'corrective'] },
    source: { column: ci.source, type: 'string', search: 'exact', values: ['ksef', 'portal', 'hand'] },
  },
  custom: { status: statusFilter },
  base: () => sql`${ci.deletionReason} = 0`,
  defaultOrder: [sortKey(ci.issueDate, 'desc', 'first')],
  tiebreaker: ci.id,
  itemsPerPage: 30,
};

/**
 * GET /api/payables ('Do zapłaty'): the VAT invoices with something due, by due date (those waiting for documents
 * first). `status=do_zaplaty` (due from today on, not held), `po_terminie` (past due, not held), `wstrzymane` (held,
 * or waiting for documents); several with commas.
 */
function payablesView(value: string): SQL | undefined {
  const wanted = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (wanted.length === 0) return undefined;
  if (wanted.some((w) => !(PAYABLES_VIEWS as readonly string[]).includes(w))) {
    throw badRequest(`status: ${PAYABLES_VIEWS.join(', ')}`);
  }
  const parts = wanted.map((w) =>
    w === 'wstrzymane'
      ? sql`(${ci.held} OR ${ci.dueDate} IS NULL)`
      : w === 'po_terminie'
        ? sql`(NOT ${ci.held} AND ${ci.batchId} IS NULL AND ${ci.dueDate} < ${todayDateSql})`
        : sql`(NOT ${ci.held} AND ${ci.batchId} IS NULL AND ${ci.dueDate} >= ${todayDateSql})`,
  );
  return sql`(${sql.join(parts, sql` OR `)})`;
}

export const payablesFilters: FilterSpec = {
  fields: {
    ...commonFields,
    inBatch: { column: sql`(${ci.batchId} IS NOT NULL)`, type: 'bool', search: 'exact' },
  },
  custom: { status: payablesView },
  base: () => sql`${ci.dueAmount} > 0 AND ${ci.deletionReason} = 0 AND ${ci.type} = 'vat'`,
  defaultOrder: [sortKey(ci.dueDate, 'asc', 'first')],
  tiebreaker: ci.id,
  itemsPerPage: 30,
};

function statusCount(db: DbOrTx, params: ListParams) {
  let matching = db
    .select({ one: sql<number>`1`.as('one') })
    .from(ci)
    .innerJoin(root, sql`${root.id} = coalesce(${ci.correctedId}, ${ci.id})`)
    .$dynamic();
  if ([...params.present].some((name) => name.startsWith('carrier.'))) {
    matching = matching.innerJoin(carriers, eq(carriers.id, ci.carrierId));
  }
  return cappedCount(db, matching, params);
}

/** `keptTotal`: the total from kept values ('Do zapłaty''s views, modules/payables/kept.ts); else counted. */
export async function listCarrierInvoices(db: DbOrTx, params: ListParams, keptTotal?: () => Promise<number>) {
  const statements = listStatements(db, params, selectInvoices(db), {
    from: ci,
    joins: [{ table: carriers, on: eq(carriers.id, ci.carrierId), prefix: 'carrier', inner: true }],
    keptTotal,
  });
  // The status filter of /api/carrier_invoices reads the root's figures: its page is the one statement (a bounded
  // walk reads the table alone), its count joins the root too (the carrier only for a filter on it), up to the cap as
  // every list's count. 'Do zapłaty''s views read the row's own figures.
  const byRoot = params.present.has('status') && !payables.has(params);
  const statuses = byRoot && params.present.size === 1 ? statusesOf(params.equals.get('status')?.[0] ?? '') : undefined;
  if (statuses && !statuses.includes('zaplacona')) {
    const wanted = statuses as Exclude<CarrierInvoiceStatus, 'zaplacona'>[];
    const { rows, total: n } = await runList(
      { db, page: statements.page, total: statusCount(db, params), keptTotal: () => keptStatusCount(db, wanted) },
      params,
    );
    return { members: await toJson(db, rows as ListRow[]), total: n };
  }
  const { rows, total: n } = await runList(
    byRoot ? { db, page: statements.page, total: statusCount(db, params) } : statements,
    params,
  );
  return { members: await toJson(db, rows as ListRow[]), total: n };
}

/**
 * GET /api/payables: the page, its total and the open figures per currency. A view the kept totals answer
 * (kept.ts) reads both from them; any other filter counts and sums its matches.
 */
export async function listPayables(db: DbOrTx, params: ListParams) {
  payables.add(params);
  const view = keptPayablesView(params);
  if (view) {
    const totals = keptPayablesTotals(db, view);
    // The list's total is only counted for a paginated page; the sums are always answered.
    const [list, sums] = await Promise.all([
      listCarrierInvoices(db, params, async () => (await totals).reduce((n, t) => n + t.count, 0)),
      totals,
    ]);
    return { ...list, totals: sums, totalsCapped: false };
  }
  // Other filters: the matches summed up to the total's cap (http/listing.ts cappedMatches, as the payments cockpit):
  // beyond it neither the total nor the sums are counted, the screen says 'ponad 10 000' and asks for a narrower
  // filter (a date range over most open invoices summed 100,000 of them: 100–200 ms at 1,000,000 rows). A filter on
  // the carrier joins it, as the list's count does.
  const cap = countCapOf(params);
  const ordered = !params.sortedBy.has('carrier.companyName');
  const columns = { currency: ci.currency, due: ci.dueAmount };
  const matches = (async () => {
    const { rows, count }: { rows: { currency: string; due: number | string }[]; count: number } = [
      ...params.present,
    ].some((name) => name.startsWith('carrier.'))
      ? await db
          .select(columns)
          .from(ci)
          .innerJoin(carriers, eq(carriers.id, ci.carrierId))
          .where(params.where)
          .limit(cap + 1)
          .then((found) => ({ rows: found, count: found.length }))
      : await cappedMatches(db, ci, params, sql`${ci.currency} AS currency, ${ci.dueAmount} AS due`, cap, ordered);
    const byCurrency = new Map<string, { currency: string; amount: number; count: number }>();
    for (const row of rows) {
      const total = byCurrency.get(row.currency) ?? { currency: row.currency, amount: 0, count: 0 };
      total.amount += Number(row.due);
      total.count += 1;
      byCurrency.set(row.currency, total);
    }
    return {
      count,
      totals: [...byCurrency.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1)),
    };
  })();
  const [list, counted] = await Promise.all([
    listCarrierInvoices(db, params, async () => (await matches).count),
    matches,
  ]);
  const capped = counted.count > cap;
  if (params.paginated && !params.partial && capped) params.totalCapped = true;
  return { ...list, totals: capped ? [] : counted.totals, totalsCapped: capped };
}

/** The parsed queries of /api/payables (its `status` is payablesView, on the row's own figures). */
const payables = new WeakSet<ListParams>();

/** The open figures of a payables view, per currency: what is due and how many. */
export async function payablesTotals(db: DbOrTx, params: ListParams) {
  const rows = await db
    .select({
      currency: ci.currency,
      due: sql<string>`coalesce(sum(${ci.dueAmount}), 0)`,
      count: sql<number>`count(*)::int`,
    })
    .from(ci)
    .innerJoin(carriers, eq(carriers.id, ci.carrierId))
    .where(params.where)
    .groupBy(ci.currency)
    .orderBy(ci.currency);
  return rows.map((r) => ({ currency: r.currency, amount: Number(r.due), count: r.count }));
}

/**
 * GET /api/payables/portal_invoices: the carriers' invoice PDFs sent through their links (with the number, date and
 * gross the carrier typed) that no live carrier invoice confirms yet — 'Potwierdź fakturę' in 'Do zapłaty'. Newest
 * first, read along order_documents_carrier_invoice_idx; the confirmation is looked up by its unique index.
 */
export const portalInvoiceFilters: FilterSpec = {
  fields: {
    addedAt: { column: orderDocuments.addedAt, type: 'timestamp', date: true },
  },
  base: () => sql`${orderDocuments.kind} = 'invoice' AND ${orderDocuments.source} = 'carrier'
    AND ${orderDocuments.deletedAt} IS NULL
    AND NOT EXISTS (SELECT 1 FROM ${carrierInvoices} WHERE ${carrierInvoices.portalDocumentId} = ${orderDocuments.id}
      AND ${carrierInvoices.deletionReason} = 0)`,
  defaultOrder: [sortKey(orderDocuments.id, 'desc', 'first')],
  tiebreaker: orderDocuments.id,
  itemsPerPage: 30,
};

export type PortalInvoice = {
  '@id': string;
  '@type': 'PortalInvoice';
  uuid: string;
  fileName: string;
  addedAt: string;
  order: { '@id': string; uuid: string; number: string | null };
  carrier: { name: string | null } | null;
  invoiceFigures: { number: string | null; issueDate: string | null; grossAmount: number | null };
};

export async function listPortalInvoices(db: DbOrTx, params: ListParams) {
  const select = db
    .select({
      uuid: orderDocuments.uuid,
      fileName: orderDocuments.fileName,
      addedAt: orderDocuments.addedAt,
      orderUuid: orders.uuid,
      orderNumber: orders.number,
      carrierName: orders.carrierCompanyName,
      invoiceNumber: orderDocuments.invoiceNumber,
      invoiceIssueDate: orderDocuments.invoiceIssueDate,
      invoiceGrossAmount: orderDocuments.invoiceGrossAmount,
    })
    .from(orderDocuments)
    .innerJoin(orders, eq(orders.id, orderDocuments.orderId))
    .$dynamic();
  const { rows, total } = await runList(listStatements(db, params, select, { from: orderDocuments }), params);
  const members: PortalInvoice[] = rows.map((r) => ({
    '@id': iri('documents', r.uuid),
    '@type': 'PortalInvoice',
    uuid: r.uuid,
    fileName: r.fileName,
    addedAt: r.addedAt.toISOString(),
    order: { '@id': iri('orders', r.orderUuid), uuid: r.orderUuid, number: r.orderNumber },
    carrier: r.carrierName ? { name: r.carrierName } : null,
    invoiceFigures: {
      number: r.invoiceNumber,
      issueDate: r.invoiceIssueDate,
      grossAmount: r.invoiceGrossAmount,
    },
  }));
  return { members, total };
}
