import multipart from '@fastify/multipart';
import {
  IMPORT_FIELDS,
  type ImportKind,
  type ImportMapping,
  type ImportRecord,
  type ImportUploadAnswer,
  importKindSchema,
  importMappingUpdateSchema,
  importMessages as msg,
  proposeMapping,
  type SavedImportMapping,
  savedImportMappingCreateSchema,
} from '@spedycja/domain';
import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { afterCommit } from '../../db/requestTx.ts';
import { dataImportRows, dataImports, importMappings } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { adminOnly, currentUser } from '../../http/auth.ts';
import { AppError, fieldViolation, notFound } from '../../http/errors.ts';
import { readFileForm } from '../../http/fileForm.ts';
import { type FilterSpec, parseListQuery, sortKey } from '../../http/filters.ts';
import { collection, iri } from '../../http/hydra.ts';
import { listStatements, runList } from '../../http/listing.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { yieldToRequests } from './insert.ts';
import { IMPORT_MAX_BYTES, type ParsedFile, readImportFile } from './parse.ts';
import { checkImport, type ImportRow, previewRows } from './service.ts';
import { createdParties, queueVerification, verifyCounts } from './verify.ts';
import type { ImportWorker } from './worker.ts';

type Upload = { parsed: ParsedFile; fileName: string; size: number; kind: ImportKind };
const uploads = new WeakMap<FastifyRequest, Upload>();

const PREVIEW_ROWS = 50;
/** Rows a statement when an upload's rows are stored. */
const UPLOAD_SLICE = 2000;

/** Reads the multipart form (`file`, `kind`, optional `sheet`) and parses the file, before any transaction opens. */
async function readUpload(request: FastifyRequest): Promise<void> {
  const { file, fields } = await readFileForm(request, {
    maxBytes: IMPORT_MAX_BYTES,
    fieldSize: 1000,
    missing: msg.fileMissing,
    tooLarge: msg.fileTooLarge,
  });
  const kind = importKindSchema.safeParse(fields.kind);
  if (!kind.success) throw fieldViolation('kind', msg.kindInvalid);
  if (!file || file.data.length === 0) throw fieldViolation('file', msg.fileMissing);
  const fileName = (file.name || 'import.csv').replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 200);
  const parsed = await readImportFile(kind.data, file.data, fileName, fields.sheet || undefined);
  uploads.set(request, { parsed, fileName, size: file.data.length, kind: kind.data });
}

const columnsOf = (headers: string[]) => headers.map((header, index) => ({ index, header }));

function toImportJson(row: ImportRow): ImportRecord {
  return {
    '@id': iri('imports', row.uuid),
    uuid: row.uuid,
    kind: row.kind as ImportKind,
    fileName: row.fileName,
    sha256: row.sha256,
    sheet: row.sheet,
    sheets: row.sheets,
    state: row.state as ImportRecord['state'],
    rowCount: row.rowCount,
    processed: row.processed,
    mapping: row.mapping,
    mappingName: row.mappingName,
    duplicates: row.duplicates as ImportRecord['duplicates'],
    createMissingParties: row.createMissingParties,
    counts: row.counts ?? null,
    checkCounts: row.checkCounts ?? null,
    columns: columnsOf(row.headers),
    createdBy: row.createdByName,
    createdDate: row.createdAt.toISOString(),
    finishedDate: row.finishedAt?.toISOString() ?? null,
  };
}

const importFilters: FilterSpec = {
  fields: {
    uuid: { column: dataImports.uuid, type: 'uuid', search: 'exact' },
    kind: { column: dataImports.kind, type: 'string', search: 'exact' },
    state: { column: dataImports.state, type: 'string', search: 'exact' },
    createdDate: { column: dataImports.createdAt, type: 'timestamp', date: true, order: true },
  },
  defaultOrder: [sortKey(dataImports.createdAt, 'desc')],
  tiebreaker: dataImports.id,
  itemsPerPage: 30,
};

/** As the exports write CSV: a cell a spreadsheet would run as a formula gets an apostrophe (parse.ts drops it). */
const csvField = (cell: string) => {
  const text = /^[=+\-@]/.test(cell) ? `'${cell}` : cell;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const csvLine = (fields: string[]) => `${fields.map(csvField).join(';')}\r\n`;

/**
 * Issue 36 (admins): customers and carriers read in from a file. The upload parses it (parse.ts) and keeps its rows;
 * the mapping (proposed from the headers, or a saved one for the same headers) and the duplicate policy are set with
 * PUT …/mapping, which answers the preview; …/check is the dry run; …/run queues the run for the worker (worker.ts).
 */
export async function importsRoutes(app: FastifyInstance, { db, worker }: { db: Db; worker: ImportWorker }) {
  await app.register(multipart);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Imports'];

  const load = async (id: string) => {
    const [row] = await db
      .select()
      .from(dataImports)
      .where(eq(dataImports.uuid, uuidParam(id)));
    if (!row) throw notFound();
    return row;
  };
  const preview = async (row: ImportRow) => {
    const rows = await db
      .select({ rowNumber: dataImportRows.rowNumber, cells: dataImportRows.cells })
      .from(dataImportRows)
      .where(eq(dataImportRows.importId, row.id))
      .orderBy(asc(dataImportRows.rowNumber))
      .limit(PREVIEW_ROWS);
    return { rows, preview: previewRows(row, rows) };
  };

  r.post(
    '/api/imports',
    { config: { ...adminOnly, beforeTransaction: readUpload }, schema: { tags, consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const upload = uploads.get(request);
      if (!upload) throw fieldViolation('file', msg.fileMissing);
      const { parsed, kind } = upload;
      const proposed = proposeMapping(kind, parsed.headers);
      // A mapping saved for a file with the same headers is offered first.
      const [saved] = await db
        .select()
        .from(importMappings)
        .where(
          and(
            eq(importMappings.kind, kind),
            sql`${importMappings.headers} = ARRAY[${sql.join(
              parsed.headers.map((h) => sql`${h}`),
              sql`, `,
            )}]::text[]`,
          ),
        )
        .orderBy(asc(importMappings.id))
        .limit(1);
      const mapping = (saved?.mapping as ImportMapping | undefined) ?? proposed;
      const user = currentUser(request);
      const [row] = await db
        .insert(dataImports)
        .values({
          kind,
          fileName: upload.fileName,
          sha256: parsed.sha256,
          size: upload.size,
          sheet: parsed.sheet,
          sheets: parsed.sheets,
          encoding: parsed.encoding,
          headers: parsed.headers,
          rowCount: parsed.rows.length,
          mapping,
          mappingName: saved?.name ?? null,
          createdById: await actorId(db, request),
          createdByName: user.name,
        })
        .returning();
      if (!row) throw new Error('import not saved');
      // The rows as one JSON parameter a statement (drizzle's builder made three placeholders a row, and PostgreSQL
      // parsed statements of thousands of them: 6 s of the 16 s that 100,000 orders took to read).
      for (let i = 0; i < parsed.rows.length; i += UPLOAD_SLICE) {
        const slice = parsed.rows.slice(i, i + UPLOAD_SLICE).map((r) => ({ n: r.rowNumber, c: r.cells }));
        await db.execute(
          sql`INSERT INTO data_import_rows (import_id, row_number, cells)
              SELECT ${row.id}::int, x.n, x.c FROM jsonb_to_recordset(${JSON.stringify(slice)}::jsonb) AS x(n int, c jsonb)`,
        );
        await yieldToRequests();
      }
      const sample = parsed.rows.slice(0, PREVIEW_ROWS);
      const answer: ImportUploadAnswer = Object.assign(toImportJson(row), {
        sampleRows: sample.map((s) => s.cells),
        proposedMapping: proposed,
        preview: previewRows(row, sample),
      });
      return reply.code(201).send(answer);
    },
  );

  r.get(
    '/api/imports',
    { config: adminOnly, schema: { tags, querystring: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const params = parseListQuery(request.query, importFilters);
      const { rows, total } = await runList(
        listStatements(db, params, db.select().from(dataImports).$dynamic(), { from: dataImports }),
        params,
      );
      return collection(request.url, (rows as ImportRow[]).map(toImportJson), total, params);
    },
  );

  r.get('/api/imports/:id', { config: adminOnly, schema: { tags, params: idParams } }, async (request) => {
    const row = await load(request.params.id);
    return Object.assign(toImportJson(row), {
      verifyState: row.verifyState,
      verifyNote: row.verifyNote,
      verifyNextDate: row.verifyNextAt?.toISOString() ?? null,
      verifyCounts: await verifyCounts(db, row.id),
      createdParties: await createdParties(db, row),
    });
  });

  /**
   * 'Zweryfikuj zaimportowanych': the registers' checks of the parties the import created or changed (an orders'
   * import: the customers and carriers it created from its rows), queued.
   */
  r.post(
    '/api/imports/:id/verify',
    { config: adminOnly, schema: { tags, params: idParams } },
    async (request, reply) => {
      const row = await load(request.params.id);
      if (row.state !== 'done') throw new AppError(409, 'conflict', msg.verifyAfterRun);
      const queued = await queueVerification(db, row);
      afterCommit(() => worker.nudge());
      const saved = await load(request.params.id);
      return reply.code(202).send(
        Object.assign(toImportJson(saved), {
          queued,
          verifyState: saved.verifyState,
          verifyCounts: await verifyCounts(db, saved.id),
        }),
      );
    },
  );

  r.get('/api/imports/:id/preview', { config: adminOnly, schema: { tags, params: idParams } }, async (request) => {
    const row = await load(request.params.id);
    const { rows, preview: cells } = await preview(row);
    return Object.assign(toImportJson(row), { sampleRows: rows.map((s) => s.cells), preview: cells });
  });

  r.put(
    '/api/imports/:id/mapping',
    { config: adminOnly, schema: { tags, params: idParams, body: importMappingUpdateSchema } },
    async (request) => {
      const row = await load(request.params.id);
      if (row.state === 'running' || row.state === 'done') throw new AppError(409, 'conflict', msg.alreadyRunning);
      const { mapping, duplicates, createMissingParties } = request.body;
      const known = new Set(IMPORT_FIELDS[row.kind as ImportKind].map((f) => f.key));
      const changes: Partial<ImportRow> = {};
      if (mapping) {
        const violations: { propertyPath: string; message: string }[] = [];
        for (const [field, column] of Object.entries(mapping)) {
          if (!known.has(field))
            violations.push({ propertyPath: `mapping.${field}`, message: msg.fieldUnknown(field) });
          else if (column !== null && column >= row.headers.length) {
            violations.push({ propertyPath: `mapping.${field}`, message: msg.columnMissing(column) });
          }
        }
        if (violations.length) throw new AppError(422, 'validation', violations[0]?.message ?? '', violations);
        changes.mapping = Object.fromEntries([...known].map((f) => [f, mapping[f] ?? null]));
        changes.mappingName = null;
      }
      if (duplicates) changes.duplicates = duplicates;
      if (createMissingParties !== undefined) changes.createMissingParties = createMissingParties;
      // A changed mapping or policy makes the last check stale, and its rows' reasons with it.
      if (Object.keys(changes).length) {
        changes.state = 'uploaded';
        changes.checkCounts = null;
        await db
          .update(dataImportRows)
          .set({ error: null })
          .where(and(eq(dataImportRows.importId, row.id), isNotNull(dataImportRows.error)));
      }
      const [saved] = Object.keys(changes).length
        ? await db.update(dataImports).set(changes).where(eq(dataImports.id, row.id)).returning()
        : [row];
      const current = saved ?? row;
      const { rows, preview: cells } = await preview(current);
      return Object.assign(toImportJson(current), { sampleRows: rows.map((s) => s.cells), preview: cells });
    },
  );

  r.post('/api/imports/:id/check', { config: adminOnly, schema: { tags, params: idParams } }, async (request) => {
    const row = await load(request.params.id);
    if (row.state === 'running' || row.state === 'done') throw new AppError(409, 'conflict', msg.alreadyRunning);
    assertMapped(row);
    return checkImport(db, row);
  });

  r.post('/api/imports/:id/run', { config: adminOnly, schema: { tags, params: idParams } }, async (request, reply) => {
    const row = await load(request.params.id);
    if (row.state === 'done' || row.state === 'failed') throw new AppError(409, 'conflict', msg.notRunnable);
    assertMapped(row);
    if (row.state !== 'running') {
      await db
        .update(dataImports)
        .set({ state: 'running', startedAt: new Date(), counts: null, processed: 0 })
        .where(eq(dataImports.id, row.id));
    }
    afterCommit(() => worker.nudge());
    return reply.code(202).send(toImportJson(await load(request.params.id)));
  });

  /** The rows refused (by the run, or by the check before it) with the file's columns and a 'Błąd' column. */
  r.get(
    '/api/imports/:id/rejected',
    { config: adminOnly, compress: false, schema: { tags, params: idParams } },
    async (request, reply) => {
      const row = await load(request.params.id);
      const ran = row.state === 'running' || row.state === 'done' || row.state === 'failed';
      const where: SQL = ran
        ? (and(eq(dataImportRows.importId, row.id), eq(dataImportRows.outcome, 'error')) as SQL)
        : (and(eq(dataImportRows.importId, row.id), isNotNull(dataImportRows.error)) as SQL);
      const rows = await db
        .select({ cells: dataImportRows.cells, error: dataImportRows.error })
        .from(dataImportRows)
        .where(where)
        .orderBy(asc(dataImportRows.rowNumber));
      const body = `\uFEFF${csvLine([...row.headers, msg.errorColumn])}${rows
        .map((r) => csvLine([...r.cells, r.error ?? '']))
        .join('')}`;
      const base = row.fileName.replace(/\.(csv|xlsx|txt)$/i, '');
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="odrzucone.csv"; filename*=UTF-8''${encodeURIComponent(`${base}-odrzucone.csv`)}`,
        )
        .send(body);
    },
  );

  const mappingJson = (row: typeof importMappings.$inferSelect): SavedImportMapping => ({
    '@id': iri('import_mappings', row.uuid),
    uuid: row.uuid,
    name: row.name,
    kind: row.kind as ImportKind,
    headers: row.headers,
    mapping: row.mapping,
    createdDate: row.createdAt.toISOString(),
  });

  r.get(
    '/api/import_mappings',
    { config: adminOnly, schema: { tags, querystring: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const kind = importKindSchema.safeParse((request.query as Record<string, unknown>).kind);
      const rows = await db
        .select()
        .from(importMappings)
        .where(kind.success ? eq(importMappings.kind, kind.data) : undefined)
        .orderBy(asc(importMappings.name))
        .limit(500);
      return collection(request.url, rows.map(mappingJson), rows.length, {
        paginated: false,
        page: 1,
        itemsPerPage: rows.length,
      });
    },
  );

  r.post(
    '/api/import_mappings',
    { config: adminOnly, schema: { tags, body: savedImportMappingCreateSchema } },
    async (request, reply) => {
      const { name, kind, headers, mapping } = request.body;
      const known = new Set(IMPORT_FIELDS[kind].map((f) => f.key));
      const clean = Object.fromEntries(
        Object.entries(mapping).filter(([f, c]) => known.has(f) && (c === null || c < headers.length)),
      );
      try {
        const [row] = await db.insert(importMappings).values({ name, kind, headers, mapping: clean }).returning();
        return reply.code(201).send(mappingJson(row as typeof importMappings.$inferSelect));
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldViolation('name', msg.mappingNameTaken);
        throw error;
      }
    },
  );
}

function assertMapped(row: ImportRow) {
  const m = row.mapping;
  const mapped = (f: string) => m[f] !== null && m[f] !== undefined;
  if (row.kind === 'orders') {
    if (!mapped('customerName') && !mapped('customerNip')) throw fieldViolation('mapping', msg.customerNotMapped);
    return;
  }
  if (!mapped('companyName') && !mapped('name')) throw fieldViolation('mapping', msg.nothingMapped);
}
