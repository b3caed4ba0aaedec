import { canonicalTaxId, type PartyDuplicates, type PartyMatch, splitPhone } from '@spedycja/domain';
import { and, count, eq, getTableColumns, inArray, ne, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { constraintOf, isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { withSavepoint } from '../../db/requestTx.ts';
import { actorId } from '../../http/actor.ts';
import { AppError, notFound, unprocessable } from '../../http/errors.ts';
import { parseListQuery } from '../../http/filters.ts';
import { collection } from '../../http/hydra.ts';
import { listStatements, runList } from '../../http/listing.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { recordLookup } from '../verification/lookups.ts';
import { rankedCountOrder, rankedSearchPage } from './ranked.ts';
import type { PartyResource } from './resource.ts';
import { walkedPage } from './walk.ts';

/**
 * Customers and carriers are the same kind of record (a party with a NIP and a phone):
 * one set of routes, configured per resource.
 */

type Row = Record<string, unknown> & { uuid: string };

const duplicatesQuery = z.object({
  nip: z.string().max(40).optional(),
  phonePrefix: z.string().max(6).optional(),
  phone: z.string().max(40).optional(),
  exclude: z.string().max(40).optional(),
});

export function partyRoutes<TCreate extends z.ZodType, TUpdate extends z.ZodType>(
  resource: PartyResource<TCreate, TUpdate>,
) {
  return async (app: FastifyInstance, { db }: { db: Db }) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { table, path } = resource;
    const tags = [resource.tag];
    const toJson = resource.toJson as (row: Row) => unknown;
    const base = `/api/${path}`;

    const select = (where: SQL) =>
      db
        .select()
        .from(table as PgTable)
        .where(where) as unknown as Promise<Row[]>;
    const findOne = async (uuid: string) => (await select(eq(table.uuid, uuid)))[0];
    /** The columns a read answers: the table's, and the computed ones. */
    const readColumns = () =>
      resource.computed ? { ...getTableColumns(table as PgTable), ...resource.computed() } : undefined;
    const readOne = async (uuid: string) => {
      const columns = readColumns();
      if (!columns) return findOne(uuid);
      const [row] = (await db
        .select(columns)
        .from(table as PgTable)
        .where(eq(table.uuid, uuid))) as unknown as Row[];
      return row;
    };

    /**
     * The unique indexes on NIP and phone are the guard (they hold under concurrent creation); a clash is the user's
     * 422 naming the record that already has the number, never a 500.
     */
    const guarded = async <T>(values: Record<string, unknown>, work: () => Promise<T>): Promise<T> => {
      try {
        return await withSavepoint(work);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const field = constraintOf(error)?.includes('phone') ? 'phone' : 'nip';
        const where =
          field === 'nip'
            ? eq(table.nip, String(values.nip))
            : and(eq(table.phone, String(values.phone)), eq(table.phonePrefix, String(values.phonePrefix ?? '48')));
        const [other] = await select(where as SQL);
        const name = String(other?.companyName ?? other?.name ?? '');
        const existing = other
          ? {
              '@id': `${base}/${other.uuid}`,
              uuid: other.uuid,
              companyName: (other.companyName as string | null) ?? null,
              name: (other.name as string | null) ?? null,
            }
          : undefined;
        const message = other ? resource.duplicateOf[field](name) : resource.duplicateMessage;
        throw new AppError(422, 'duplicate', resource.duplicateMessage, [{ propertyPath: field, message }], {
          existing,
        });
      }
    };

    /**
     * The computed columns of a page's rows, asked for those rows alone once the page is known: in the page's own
     * statement PostgreSQL may compute them for every row it sorts (or hash a whole other table for them) before the
     * LIMIT, so a page of 30 customers cost a scan of every invoice (issue 35).
     */
    const withComputed = async (rows: Row[]): Promise<Row[]> => {
      if (!resource.computed || rows.length === 0) return rows;
      const extra = (await db
        .select({ id: table.id, ...resource.computed() })
        .from(table as PgTable)
        .where(
          inArray(
            table.id,
            rows.map((row) => row.id as number),
          ),
        )) as unknown as Row[];
      const byId = new Map(extra.map((row) => [row.id, row]));
      return rows.map((row) => Object.assign({}, row, byId.get(row.id)));
    };

    r.get(base, { schema: { tags, querystring: z.record(z.string(), z.unknown()) } }, async (request) => {
      const params = parseListQuery(request.query, resource.filters);
      params.countOrder = rankedCountOrder(table, params);
      const select = () =>
        db
          .select()
          .from(table as PgTable)
          .$dynamic();
      // A picker's search: its page found along the search's order when it is near the start (walk.ts).
      const walked = await walkedPage(db, table, params);
      if (walked) {
        const rows = await select()
          .where(inArray(table.id, walked))
          .orderBy(...params.orderBy);
        return collection(request.url, (await withComputed(rows as Row[])).map(toJson), rows.length, params);
      }
      // The whole list's total (no filter) is kept by the database (status_counts), not counted.
      const statements = listStatements(db, params, select(), { from: table as PgTable, keptCounts: path });
      // A search in its ranked order: the page's ids from two index-ordered parts (ranked.ts), its rows by id.
      const ranked = rankedSearchPage(db, table, params);
      const page = ranked.then((ids) =>
        ids === null
          ? (statements.read ?? statements.page)
          : ids.length === 0
            ? []
            : select()
                .where(inArray(table.id, ids))
                .orderBy(...params.orderBy),
      );
      const { rows, total } = await runList({ ...statements, read: undefined, page }, params);
      return collection(request.url, (await withComputed(rows as Row[])).map(toJson), total, params);
    });

    /** Counts for the modal's hints: how many other records have this NIP, and this phone. */
    r.get(`${base}/duplicates`, { schema: { tags, querystring: duplicatesQuery } }, async (request) => {
      const { nip, phone, phonePrefix, exclude } = request.query;
      const others = exclude && /^[0-9a-f-]{36}$/i.test(exclude) ? ne(table.uuid, exclude.toLowerCase()) : undefined;
      const countWhere = async (where: SQL) =>
        (
          await db
            .select({ n: count() })
            .from(table as PgTable)
            .where(and(where, others))
        )[0]?.n ?? 0;
      /** The first other record with the number, for the form to name and open. */
      const firstWhere = async (where: SQL): Promise<PartyMatch | null> => {
        const [row] = (await db
          .select()
          .from(table as PgTable)
          .where(and(where, others))
          .orderBy(table.id)
          .limit(1)) as Row[];
        return row
          ? {
              '@id': `${base}/${row.uuid}`,
              uuid: row.uuid,
              companyName: (row.companyName as string | null) ?? null,
              name: (row.name as string | null) ?? null,
            }
          : null;
      };
      const nipValue = nip ? canonicalTaxId(nip) : undefined;
      const typed = phone ? splitPhone(phone) : undefined;
      const phoneValue = typed?.number;
      const prefixValue = typed?.prefix ?? (phonePrefix?.replace(/\D/g, '') || '48');
      const byNip = nipValue ? eq(table.nip, nipValue) : null;
      const byPhone = phoneValue ? (and(eq(table.phone, phoneValue), eq(table.phonePrefix, prefixValue)) as SQL) : null;
      const result: PartyDuplicates = {
        nip: byNip ? await countWhere(byNip) : 0,
        phone: byPhone ? await countWhere(byPhone) : 0,
        nipMatch: byNip ? await firstWhere(byNip) : null,
        phoneMatch: byPhone ? await firstWhere(byPhone) : null,
      };
      return result;
    });

    r.get(`${base}/:id`, { schema: { tags, params: idParams } }, async (request) => {
      const row = await readOne(uuidParam(request.params.id));
      if (!row) throw notFound();
      return toJson(row);
    });

    /**
     * 'Pobierz z GUS' before the save: its answer becomes the record's GUS check (verification/lookups.ts), in this
     * request's transaction; the record is then read again (verified, a newer version).
     */
    const withLookup = async (request: FastifyRequest, row: Row, lookup: unknown): Promise<Row> => {
      if (typeof lookup !== 'string') return row;
      if (!(await recordLookup(db, path, Number(row.id), lookup, await actorId(db, request)))) return row;
      return (await readOne(row.uuid)) ?? row;
    };

    r.post(base, { schema: { tags, body: resource.createSchema } }, async (request, reply) => {
      const { registryLookup, ...values } = request.body as Record<string, unknown>;
      const [row] = await guarded(
        values,
        () =>
          db
            .insert(table)
            .values(values as never)
            .returning() as unknown as Promise<Row[]>,
      );
      return reply.code(201).send(toJson(await withLookup(request, row as Row, registryLookup)));
    });

    const update = async (request: FastifyRequest, id: string, body: Record<string, unknown>) => {
      const uuid = uuidParam(id);
      const existing = await findOne(uuid);
      if (!existing) throw notFound();
      const { registryLookup, ...fields } = body;
      const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      const issues = resource.mergedIssues({ ...existing, ...changes });
      if (issues.length) {
        throw unprocessable(
          issues.map((i) => i.message).join('\n'),
          issues.map((i) => ({ propertyPath: i.path, message: i.message })),
        );
      }
      if (Object.keys(changes).length === 0) {
        return toJson(await withLookup(request, (await readOne(uuid)) ?? existing, registryLookup));
      }
      const [row] = await guarded(
        { ...existing, ...changes },
        () =>
          db
            .update(table)
            .set(changes as never)
            .where(eq(table.uuid, uuid))
            .returning() as unknown as Promise<Row[]>,
      );
      if (!row) throw notFound();
      const saved = resource.computed ? ((await readOne(uuid)) ?? row) : row;
      return toJson(await withLookup(request, saved, registryLookup));
    };
    const updateOptions = { schema: { tags, params: idParams, body: resource.updateSchema } };
    r.put(`${base}/:id`, updateOptions, (request) =>
      update(request, request.params.id, request.body as Record<string, unknown>),
    );
    r.patch(`${base}/:id`, updateOptions, (request) =>
      update(request, request.params.id, request.body as Record<string, unknown>),
    );

    r.delete(`${base}/:id`, { schema: { tags, params: idParams } }, async (request, reply) => {
      const uuid = uuidParam(request.params.id);
      try {
        const deleted = (await db.delete(table).where(eq(table.uuid, uuid)).returning({ id: table.id })) as unknown[];
        if (deleted.length === 0) throw notFound();
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError(409, 'in_use', resource.inUseMessage);
        throw error;
      }
      return reply.code(204).send();
    });
  };
}
