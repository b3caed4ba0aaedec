import {
  CONVERTED_STATUS,
  customerWindowMessages as msg,
  panelQueryCreateSchema,
  trackLanguageOf,
  trackStatusOf,
} from '@spedycja/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import {
  customers,
  interestNotes,
  invoices,
  orders,
  portalLinks,
  queries,
  tasks,
  users,
} from '../../db/schema/index.ts';
import type { FileStore } from '../../files/store.ts';
import { currentUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { type FilterSpec, parseListQuery, sortKey } from '../../http/filters.ts';
import { collection } from '../../http/hydra.ts';
import { listStatements, runList } from '../../http/listing.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import type { GeoService } from '../../integrations/geo/types.ts';
import type { KsefService } from '../ksef/service.ts';
import { orderFilters } from '../orders/filters.ts';
import { isoOrNull } from '../queries/repository.ts';
import { todayDateSql } from '../receivables/filters.ts';
import { locateRoute } from '../shipments/geo.ts';
import { escapeHtml } from '../telegram/compose.ts';
import { enqueueTelegram } from '../telegram/repository.ts';
import { sendInvoicePdf } from './documents.ts';
import { ensureTrackToken } from './token.ts';
import { customerInvoiceColumns, customerInvoiceJson, customerOrderView } from './view.ts';

/** The office list's filters a customer may use on their own orders: never the carrier's, the prices or the owner. */
const PANEL_ORDER_FIELDS = [
  'number',
  'cargo',
  'loadingDate',
  'unloadingDate',
  'createdDate',
  'loadingCity',
  'unloadingCity',
  'loadingCountry',
  'unloadingCountry',
  'loadingPostalCode',
  'unloadingPostalCode',
  'loadingStreetAddress',
  'unloadingStreetAddress',
  'customer.nip',
];
const pick = <T>(from: Record<string, T> | undefined, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(from ?? {}).filter(([k]) => keys.includes(k)));

/** One fact of the order's carrier link (portal_links, one row per order), read for the order of the outer query. */
const linkHas = (condition: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${portalLinks} WHERE ${portalLinks.orderId} = ${orders.id} AND ${condition})`;

/**
 * The customer's status (trackStatusOf) as its rank along the order's life, 0 'Przyjęte' … 5 'Zakończone', for
 * `order[status]`: the same facts the list shows (the office's confirmations and the carrier's reports). It reads the
 * carrier's link through its unique order_id; the rows it ranks are one customer's, found by orders_customer_idx, as
 * the panel's other sorts are (the bench's plans check it).
 */
export const panelStatusRankSql = sql<number>`(CASE
  WHEN ${orders.status} = 'zakonczone' THEN 5
  WHEN ${orders.unloadingFinished} OR ${linkHas(sql`${portalLinks.unloadedAt} IS NOT NULL`)} THEN 4
  WHEN ${linkHas(sql`${portalLinks.loadedAt} < now() - interval '1 hour'`)} THEN 3
  WHEN ${orders.loadingFinished} OR ${linkHas(sql`${portalLinks.loadedAt} IS NOT NULL`)} THEN 2
  WHEN coalesce(${orders.truck}, '') <> '' OR ${linkHas(sql`${portalLinks.vehicleAt} IS NOT NULL`)} THEN 1
  ELSE 0 END)`;

/** The panel's orders list: the office's filters and sorts that make sense to a customer, bound to one customer. */
export const panelOrderFilters = (customerId: number): FilterSpec => ({
  fields: {
    ...pick(orderFilters.fields, PANEL_ORDER_FIELDS),
    // Sorting only: `status=` is the custom filter below (aktywne, zakonczone, wszystkie).
    status: { column: panelStatusRankSql, type: 'int', order: true },
  },
  custom: pick(orderFilters.custom, ['number', 'status']),
  // Their own orders only, never deleted or converted ones: whatever else the query string says.
  base: () =>
    sql`${orders.customerId} = ${customerId} AND ${orders.deletionReason} = 0 AND ${orders.status} <> ${CONVERTED_STATUS}`,
  defaults: { status: 'wszystkie' },
  defaultOrder: [sortKey(orders.id, 'desc', 'first')],
  tiebreaker: orders.id,
  itemsPerPage: 30,
  maxItemsPerPage: 100,
});

export const panelQueryFilters = (customerId: number): FilterSpec => ({
  fields: {
    createdDate: { column: queries.createdAt, type: 'timestamp', date: true, range: true, order: true },
    loadingDate: {
      column: queries.loadingDate,
      type: 'timestamp',
      date: true,
      range: true,
      order: true,
      wallClock: true,
    },
  },
  base: () => sql`${queries.customerId} = ${customerId} AND ${queries.deletionReason} = 0`,
  defaultOrder: [sortKey(queries.id, 'desc', 'first')],
  tiebreaker: queries.id,
  itemsPerPage: 30,
  maxItemsPerPage: 100,
});

export const panelInvoiceFilters = (customerId: number): FilterSpec => ({
  fields: {
    createdDate: { column: invoices.createdDate, type: 'date', date: true, range: true, order: true },
    paymentDate: { column: invoices.paymentDate, type: 'date', date: true, range: true, order: true },
    number: { column: invoices.number, type: 'string', search: 'partial' },
    paid: { column: invoices.paid, type: 'bool', search: 'exact' },
  },
  base: () => sql`${invoices.customerId} = ${customerId}`,
  defaultOrder: [sortKey(invoices.id, 'desc', 'first')],
  tiebreaker: invoices.id,
  itemsPerPage: 30,
  maxItemsPerPage: 100,
});

/**
 * The customer panel's API (issue 37): a ROLE_CUSTOMER login bound to one customer record reaches only these, and
 * every one of them reads that customer's rows alone (the customer id comes from the login's record, never from the
 * request). Collections have the app's hydra shape and its list parser.
 */
export async function panelRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; store: FileStore; ksef: KsefService; key: Buffer; geo: GeoService },
) {
  const { db, key, geo } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { panel: true };
  const tags = ['Customer panel'];

  const customerIdOf = (request: FastifyRequest): number => {
    const id = currentUser(request).customerId;
    if (!id) throw forbidden();
    return id;
  };

  r.get('/api/panel/me', { config, schema: { tags } }, async (request) => {
    const customerId = customerIdOf(request);
    const [c] = await db
      .select({ companyName: customers.companyName, name: customers.name, language: customers.language })
      .from(customers)
      .where(eq(customers.id, customerId));
    const user = currentUser(request);
    return {
      name: user.name,
      username: user.username,
      customer: { companyName: c?.companyName ?? c?.name ?? null },
      language: trackLanguageOf(c?.language),
    };
  });

  r.get('/api/panel/orders', { config, schema: { tags } }, async (request) => {
    const customerId = customerIdOf(request);
    const params = parseListQuery(request.query as Record<string, string>, panelOrderFilters(customerId));
    const select = db
      .select({
        uuid: orders.uuid,
        number: orders.number,
        status: orders.status,
        cargo: orders.cargo,
        loadingCity: orders.loadingCity,
        loadingCountry: orders.loadingCountry,
        loadingDate: orders.loadingDate,
        unloadingCity: orders.unloadingCity,
        unloadingCountry: orders.unloadingCountry,
        unloadingDate: orders.unloadingDate,
        loadingFinished: orders.loadingFinished,
        unloadingFinished: orders.unloadingFinished,
        truck: orders.truck,
        carrierLoadedAt: portalLinks.loadedAt,
        carrierUnloadedAt: portalLinks.unloadedAt,
        vehicleAt: portalLinks.vehicleAt,
      })
      .from(orders)
      .leftJoin(portalLinks, eq(portalLinks.orderId, orders.id))
      .$dynamic();
    const { rows, total } = await runList(listStatements(db, params, select, { from: orders }), params);
    const members = rows.map((o) => ({
      '@id': `/api/panel/orders/${o.uuid}`,
      '@type': 'PanelOrder',
      uuid: o.uuid,
      number: o.number,
      status: trackStatusOf({
        finished: o.status === 'zakonczone',
        unloaded: o.unloadingFinished || o.carrierUnloadedAt !== null,
        loaded: o.loadingFinished || o.carrierLoadedAt !== null,
        loadedAt: isoOrNull(o.carrierLoadedAt),
        vehicle: o.vehicleAt !== null || Boolean(o.truck),
      }),
      cargo: o.cargo,
      loadingCity: o.loadingCity,
      loadingCountry: o.loadingCountry,
      loadingDate: isoOrNull(o.loadingDate),
      unloadingCity: o.unloadingCity,
      unloadingCountry: o.unloadingCountry,
      unloadingDate: isoOrNull(o.unloadingDate),
    }));
    return collection(request.url, members, total, params);
  });

  r.get('/api/panel/orders/:id', { config, schema: { tags, params: idParams } }, async (request) => {
    const customerId = customerIdOf(request);
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.uuid, uuidParam(request.params.id)),
          eq(orders.customerId, customerId),
          sql`${orders.deletionReason} = 0`,
          sql`${orders.status} <> ${CONVERTED_STATUS}`,
        ),
      );
    if (!order) throw notFound();
    // The documents are read through the order's tracking link (issued now if there is none): one place serves them.
    // In a transaction of its own: the link's row stays locked until the token is in, so two first views agree on it.
    const { token } = await db.transaction((tx) => ensureTrackToken(tx, key, order.id));
    const view = await customerOrderView(db, order.id, (uuid) => `/api/public/track/${token}/documents/${uuid}`);
    if (!view) throw notFound();
    return Object.assign(view, { '@id': `/api/panel/orders/${request.params.id}`, trackUrl: `/t/${token}` });
  });

  r.get('/api/panel/queries', { config, schema: { tags } }, async (request) => {
    const customerId = customerIdOf(request);
    const params = parseListQuery(request.query as Record<string, string>, panelQueryFilters(customerId));
    const select = db
      .select({
        uuid: queries.uuid,
        id: queries.id,
        status: queries.status,
        cargo: queries.cargo,
        loadingCity: queries.loadingCity,
        loadingCountry: queries.loadingCountry,
        loadingDate: queries.loadingDate,
        unloadingCity: queries.unloadingCity,
        unloadingCountry: queries.unloadingCountry,
        unloadingDate: queries.unloadingDate,
        priceQuoted: queries.customerPriceSuggested,
        currency: queries.customerPriceCurrency,
        createdAt: queries.createdAt,
        fromPanel: sql<boolean>`${queries.panelUserId} IS NOT NULL`,
      })
      .from(queries)
      .$dynamic();
    const { rows, total } = await runList(listStatements(db, params, select, { from: queries }), params);
    const members = rows.map((q) => ({
      '@id': `/api/panel/queries/${q.uuid}`,
      '@type': 'PanelQuery',
      uuid: q.uuid,
      id: q.id,
      status: q.status,
      cargo: q.cargo,
      loadingCity: q.loadingCity,
      loadingCountry: q.loadingCountry,
      loadingDate: isoOrNull(q.loadingDate),
      unloadingCity: q.unloadingCity,
      unloadingCountry: q.unloadingCountry,
      unloadingDate: isoOrNull(q.unloadingDate),
      priceQuoted: q.priceQuoted,
      currency: q.currency,
      createdDate: new Date(q.createdAt).toISOString(),
      fromPanel: q.fromPanel === true || (q.fromPanel as unknown) === 't',
    }));
    return collection(request.url, members, total, params);
  });

  r.post('/api/panel/queries', { config, schema: { tags, body: panelQueryCreateSchema } }, async (request, reply) => {
    const customerId = customerIdOf(request);
    const user = currentUser(request);
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.uuid, user.uuid));
    const [customer] = await db
      .select({ companyName: customers.companyName, name: customers.name })
      .from(customers)
      .where(eq(customers.id, customerId));
    const caretaker = await caretakerOf(db, customerId);
    const located = await locateRoute(geo, request.body);
    const [row] = await db
      .insert(queries)
      .values(
        Object.assign({}, request.body, located, {
          customerId,
          userId: caretaker?.id ?? null,
          createdById: me?.id ?? null,
          panelUserId: me?.id ?? null,
        }),
      )
      .returning({ uuid: queries.uuid, id: queries.id });
    const company = customer?.companyName ?? customer?.name ?? '';
    const route = `${request.body.loadingCity ?? ''} → ${request.body.unloadingCity ?? ''}`;
    if (caretaker) {
      // The drawer's badge: a task for the caretaker, due now, on the new query.
      const [query] = await db
        .select({ id: queries.id })
        .from(queries)
        .where(eq(queries.uuid, row?.uuid as string));
      await db.insert(tasks).values({
        userId: caretaker.id,
        createdById: me?.id ?? null,
        queryId: query?.id ?? null,
        comment: `${msg.panelQueryNotice(company)}: ${route}, ${user.name}`,
        contactDate: new Date().toISOString(),
        drawerNotification: true,
        telegramNotification: false,
      });
      if (caretaker.chatId) {
        await enqueueTelegram(db, {
          kind: 'panel',
          userId: caretaker.id,
          chatId: caretaker.chatId,
          html: `<b>${escapeHtml(msg.panelQueryNotice(company))}</b>\n${escapeHtml(route)}\n${escapeHtml(user.name)}`,
          summary: `${company}: ${route}`,
        });
      }
    }
    return reply.code(201).send({
      '@id': `/api/panel/queries/${row?.uuid}`,
      uuid: row?.uuid,
      id: row?.id,
      message: msg.queryCreated,
    });
  });

  r.get('/api/panel/invoices', { config, schema: { tags } }, async (request) => {
    const customerId = customerIdOf(request);
    const params = parseListQuery(request.query as Record<string, string>, panelInvoiceFilters(customerId));
    const select = db
      .select(Object.assign({ id: invoices.id }, customerInvoiceColumns))
      .from(invoices)
      .$dynamic();
    const { rows, total } = await runList(listStatements(db, params, select, { from: invoices }), params);
    const ids = rows.map((i) => i.id);
    const notes =
      ids.length === 0
        ? []
        : await db
            .select({
              invoiceId: interestNotes.invoiceId,
              uuid: interestNotes.uuid,
              number: interestNotes.number,
              createdDate: interestNotes.createdDate,
              interest: interestNotes.interest,
              currency: interestNotes.currency,
            })
            .from(interestNotes)
            .where(inArray(interestNotes.invoiceId, ids))
            .orderBy(asc(interestNotes.id));
    const members = rows.map((i) =>
      Object.assign(customerInvoiceJson(i as Parameters<typeof customerInvoiceJson>[0]), {
        '@id': `/api/panel/invoices/${i.uuid}`,
        '@type': 'PanelInvoice',
        url: `/api/panel/invoices/${i.uuid}/pdf`,
        interestNotes: notes
          .filter((n) => n.invoiceId === i.id)
          .map(({ invoiceId: _invoiceId, ...n }) => Object.assign(n, { interest: Number(n.interest) })),
      }),
    );
    return collection(request.url, members, total, params);
  });

  r.get('/api/panel/invoices/:id/pdf', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const customerId = customerIdOf(request);
    const [own] = await db
      .select({ uuid: invoices.uuid })
      .from(invoices)
      .where(and(eq(invoices.uuid, uuidParam(request.params.id)), eq(invoices.customerId, customerId)));
    if (!own) throw notFound();
    return sendInvoicePdf(deps, reply, own.uuid);
  });

  r.get('/api/panel/balance', { config, schema: { tags } }, async (request) => {
    const customerId = customerIdOf(request);
    // The open VAT invoices (invoices_customer_unpaid_idx), per currency.
    const rows = await selectRows<{ currency: string; due: string; overdue: string }>(
      db,
      sql`SELECT currency, sum(due_amount)::text AS due,
            coalesce(sum(due_amount) FILTER (WHERE payment_date < ${todayDateSql}), 0)::text AS overdue
          FROM invoices WHERE customer_id = ${customerId} AND NOT paid AND type = 'vat'
          GROUP BY currency ORDER BY currency`,
    );
    return {
      balances: rows.map((b) => ({ currency: b.currency, due: Number(b.due), overdue: Number(b.overdue) })),
    };
  });
}

/**
 * Who looks after a customer: the owner of the customer's latest query or order; without one, the first admin.
 */
async function caretakerOf(db: Db, customerId: number) {
  const [latest] = await selectRows<{ id: number | null }>(
    db,
    sql`SELECT user_id AS id FROM (
          (SELECT user_id, created_at FROM queries WHERE customer_id = ${customerId} AND user_id IS NOT NULL
             AND panel_user_id IS NULL ORDER BY id DESC LIMIT 1)
          UNION ALL
          (SELECT user_id, created_at FROM orders WHERE customer_id = ${customerId} AND user_id IS NOT NULL
             ORDER BY id DESC LIMIT 1)) x ORDER BY created_at DESC LIMIT 1`,
  );
  const where = latest?.id ? eq(users.id, latest.id) : sql`'ROLE_ADMIN' = ANY(${users.roles})`;
  const [user] = await db
    .select({ id: users.id, chatId: users.telegramUserId })
    .from(users)
    .where(where)
    .orderBy(desc(sql`${users.id} = ${latest?.id ?? 0}`), asc(users.id))
    .limit(1);
  return user;
}
