import { apiMessages } from '@spedycja/domain';
import { desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.ts';
import {
  bankStatements,
  carrierInvoices,
  carriers,
  customers,
  type HistoryChange,
  invoices,
  offers,
  orders,
  payments,
  queries,
  recordHistory,
  settings,
  tasks,
  transferBatches,
  users,
} from '../db/schema/index.ts';
import { adminOnly } from './auth.ts';
import { AppError, notFound } from './errors.ts';
import { collection } from './hydra.ts';
import { idParams } from './params.ts';

/**
 * Versions and change history of the editable records, in one place for every resource.
 *
 * The database keeps both (triggers of migration 0020): each change bumps the row's `version` and writes a
 * `record_history` row in the same transaction, with the user the request's transaction names
 * (`app.user_uuid`, set in http/idempotency.ts). Here: `ETag: W/"{version}"` on the item's answers, `If-Match`
 * checked against the row locked in the request's transaction (an older version is a 412 and nothing changes;
 * without If-Match the write goes through, as the original client sends none), the action name of the routes that
 * are not plain edits, and `GET /api/{resource}/{uuid}/history`.
 */

type Versioned = {
  table: PgTable;
  uuid: AnyPgColumn;
  version: AnyPgColumn;
  /** The item by its URL id (settings are also addressed by their key). */
  where?: (id: string) => SQL;
  /** Who may read its history, when not everyone logged in (the resource's own routes are admins'). */
  config?: typeof adminOnly;
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The resources with a version and a history, by their path under /api. A new editable resource is added here. */
export const VERSIONED: Record<string, Versioned> = {
  queries: { table: queries, uuid: queries.uuid, version: queries.version },
  orders: { table: orders, uuid: orders.uuid, version: orders.version },
  customers: { table: customers, uuid: customers.uuid, version: customers.version },
  carriers: { table: carriers, uuid: carriers.uuid, version: carriers.version },
  tasks: { table: tasks, uuid: tasks.uuid, version: tasks.version },
  offers: { table: offers, uuid: offers.uuid, version: offers.version },
  invoices: { table: invoices, uuid: invoices.uuid, version: invoices.version },
  users: { table: users, uuid: users.uuid, version: users.version },
  // Issue 38: both are the one ledger's rows (a receipt, a payment to a carrier).
  invoice_payments: { table: payments, uuid: payments.uuid, version: payments.version },
  carrier_payments: { table: payments, uuid: payments.uuid, version: payments.version },
  // Issue 38: a carrier's invoice (everyone reads it) and a transfer batch (admins').
  carrier_invoices: { table: carrierInvoices, uuid: carrierInvoices.uuid, version: carrierInvoices.version },
  transfer_batches: {
    table: transferBatches,
    uuid: transferBatches.uuid,
    version: transferBatches.version,
    config: adminOnly,
  },
  // A statement's history is written by the app (its import, its bookings: modules/statements), admins' as its routes.
  bank_statements: {
    table: bankStatements,
    uuid: bankStatements.uuid,
    version: bankStatements.version,
    config: adminOnly,
  },
  settings: {
    table: settings,
    uuid: settings.uuid,
    version: settings.version,
    where: (id) =>
      UUID_RE.test(id) ? (or(eq(settings.uuid, id.toLowerCase()), eq(settings.key, id)) as SQL) : eq(settings.key, id),
  },
};

/** Writes that are not plain edits name their action in the history (the rest: create, update, delete, restore). */
export const HISTORY_ACTIONS: Record<string, string> = {
  '/api/queries/:id/changeType': 'conversion',
  '/api/orders/:id/changeType': 'conversion',
  '/api/orders/:id/send/:party': 'send',
  '/api/invoices/:id/send': 'send',
  '/api/orders/:id/loadingConfirmation': 'confirmation',
  '/api/orders/:id/unloadingConfirmation': 'confirmation',
  '/api/payments/:id/paid': 'payment',
  '/api/invoices/:id/ksef': 'ksef',
  // Cancelling a payment (it stays, with its reason).
  '/api/invoice_payments/:id': 'cancel',
  '/api/carrier_payments/:id': 'cancel',
  '/api/transfer_batches/:id/cancel': 'cancel',
  '/api/transfer_batches/:id/paid': 'payment',
  '/api/transfer_batches': 'batch',
  '/api/carrier_invoices/from_ksef/:id': 'ksef',
  '/api/carrier_invoices/from_portal/:id': 'portal',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The item route of a versioned resource (its path under /api). */
    versioned?: string;
  }
}

const ITEM_RE = /^\/api\/([a-z_]+)\/:id$/;

export const etagOf = (version: number) => `W/"${version}"`;

/** `W/"3"`, `"3"` (a list too: any of them) → the versions; `*` → null (any version). */
function parseIfMatch(header: string): number[] | null {
  if (header.trim() === '*') return null;
  const versions = header.split(',').map((part) => /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(part)?.[1]);
  if (versions.some((v) => v === undefined)) throw new AppError(400, 'bad_request', apiMessages.ifMatchInvalid);
  return versions.map(Number);
}

const where = (entry: Versioned, id: string) =>
  entry.where ? entry.where(id) : UUID_RE.test(id) ? eq(entry.uuid, id.toLowerCase()) : sql`false`;

export const versionsPlugin = fp<{ db: Db }>(async (app: FastifyInstance, { db }) => {
  app.addHook('onRoute', (route) => {
    const resource = ITEM_RE.exec(route.url)?.[1];
    if (resource && Object.hasOwn(VERSIONED, resource)) {
      route.config = { ...(route.config ?? {}), versioned: resource };
    }
  });

  // Inside the request's transaction (this hook comes after the one opening it): the row is locked until the commit,
  // so a concurrent save waits and then finds the version this one made.
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const resource = request.routeOptions.config.versioned;
    const header = request.headers['if-match'];
    if (!resource || !header || !['PUT', 'PATCH', 'DELETE'].includes(request.method)) return;
    const expected = parseIfMatch(Array.isArray(header) ? header.join(',') : header);
    const entry = VERSIONED[resource] as Versioned;
    const id = String((request.params as { id?: string }).id ?? '');
    const [row] = (await db
      .select({ version: entry.version })
      .from(entry.table)
      .where(where(entry, id))
      .for('update')) as { version: number }[];
    // A missing record is the handler's 404.
    if (!row || expected === null || expected.includes(row.version)) return;
    throw new AppError(412, 'version_conflict', apiMessages.versionConflict, undefined, undefined, {
      etag: etagOf(row.version),
    });
  });

  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.routeOptions.config.versioned && payload && typeof payload === 'object') {
      const version = (payload as { version?: unknown }).version;
      if (typeof version === 'number') reply.header('etag', etagOf(version));
    }
    return payload;
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [resource, entry] of Object.entries(VERSIONED)) {
    const config = entry.config ?? {};
    r.get(
      `/api/${resource}/:id/history`,
      { config, schema: { tags: ['History'], params: idParams } },
      async (request) => {
        const [record] = (await db
          .select({ uuid: entry.uuid })
          .from(entry.table)
          .where(where(entry, request.params.id))) as { uuid: string }[];
        // A hard-deleted record keeps its history: asked by its uuid, it is still read.
        const uuid = record?.uuid ?? (UUID_RE.test(request.params.id) ? request.params.id.toLowerCase() : null);
        if (!uuid) throw notFound();
        const rows = await db
          .select()
          .from(recordHistory)
          .where(eq(recordHistory.recordUuid, uuid))
          .orderBy(desc(recordHistory.id))
          .limit(500);
        if (rows.length === 0 && !record) throw notFound();
        const names = await referencedNames(
          db,
          rows.flatMap((row) => row.changes),
        );
        const members = rows.map((row) => ({
          '@type': 'HistoryEntry',
          date: row.createdAt.toISOString(),
          user: row.userUuid ? { uuid: row.userUuid, name: row.userName ?? '' } : null,
          action: row.action,
          changes: row.changes.map((change) => presentChange(change, names)),
        }));
        return collection(request.url, members, members.length, {
          paginated: false,
          page: 1,
          itemsPerPage: members.length,
        });
      },
    );
  }
});

/** Foreign keys are shown by the name of what they point at. */
const REFERENCES: Record<string, { table: PgTable; id: AnyPgColumn; name: AnyPgColumn }> = {
  customer_id: { table: customers, id: customers.id, name: customers.companyName },
  carrier_id: { table: carriers, id: carriers.id, name: carriers.companyName },
  user_id: { table: users, id: users.id, name: users.name },
  created_by_id: { table: users, id: users.id, name: users.name },
  changed_by_id: { table: users, id: users.id, name: users.name },
};

type Names = Map<string, Map<number, string>>;

async function referencedNames(db: Db, changes: HistoryChange[]): Promise<Names> {
  const wanted = new Map<string, Set<number>>();
  for (const change of changes) {
    if (!Object.hasOwn(REFERENCES, change.field)) continue;
    for (const value of [change.from, change.to]) {
      if (typeof value === 'number') wanted.set(change.field, (wanted.get(change.field) ?? new Set()).add(value));
    }
  }
  const names: Names = new Map();
  for (const [field, ids] of wanted) {
    const ref = REFERENCES[field] as (typeof REFERENCES)[string];
    const rows = (await db
      .select({ id: ref.id, name: ref.name })
      .from(ref.table)
      .where(inArray(ref.id, [...ids]))) as { id: number; name: string | null }[];
    names.set(field, new Map(rows.map((row) => [row.id, row.name ?? String(row.id)])));
  }
  return names;
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

function presentChange(change: HistoryChange, names: Names) {
  const ref = names.get(change.field);
  const field = Object.hasOwn(REFERENCES, change.field) ? camel(change.field.replace(/_id$/, '')) : camel(change.field);
  const show = (value: unknown) => (ref && typeof value === 'number' ? (ref.get(value) ?? value) : value);
  return { field, from: show(change.from), to: show(change.to) };
}
