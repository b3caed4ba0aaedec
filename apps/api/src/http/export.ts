import { PassThrough, Readable } from 'node:stream';
import { APP_TIMEZONE, hundredthsToDecimal, wallClockOf } from '@spedycja/domain';
import { and, Column, is, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { badRequest } from './errors.ts';
import { type FilterSpec, type ListParams, parseListQuery, type RawQuery, type SortKey } from './filters.ts';

/**
 * Every table's export: `GET /api/{resource}/export?format=csv|xlsx&<the list's filters and order>` gives all the rows
 * the list would page through, in its order, as a file. The list's own filter parser and select build the statement;
 * the rows are read in keyset batches (after the last row's sort keys, never OFFSET) and written out batch by batch,
 * so that a million rows never sit in memory and each batch is an index range scan. CSV is UTF-8 with a BOM and
 * semicolons (Excel in Polish opens it as columns, with Polish letters); XLSX is written by exceljs's streaming
 * WorkbookWriter with typed cells: dates as dates, money as numbers with two decimals (its currency in a column of its
 * own), Polish headers as the table shows them.
 */

let exportBatch = 500;

/** Rows per batch (tests make it small, so that a few rows take several batches). */
export function setExportBatch(rows: number) {
  exportBatch = rows;
}

/**
 * How a value is written. money/decimal: hundredths (1 500,00); percent: hundredths of a percent; date: a day;
 * wallClock: a loading or unloading time kept as UTC (shown as typed); instant: a moment, shown in Warsaw.
 */
export type CellKind = 'text' | 'int' | 'money' | 'decimal' | 'percent' | 'date' | 'wallClock' | 'instant' | 'bool';

export type ExportColumn<T> = { header: string; kind: CellKind; value: (item: T) => unknown; width?: number };

export type ExportSource<R, T> = {
  /** The file's name without the extension ('zlecenia'). */
  fileName: string;
  /** The list's filter spec (the same parser as the list, so that the same parameters mean the same rows). */
  spec: (query: RawQuery) => FilterSpec;
  /** The list's select with `extra` columns (the sort keys) added; the exporter adds the where, order and limit. */
  select: (db: DbOrTx, query: RawQuery, extra: Record<string, SQL>) => PgSelect;
  /** The rows of one batch as the items the columns read (e.g. the list's JSON). */
  items: (db: DbOrTx, rows: R[]) => T[] | Promise<T[]>;
  columns: ExportColumn<T>[];
};

const KEY = (i: number) => `__k${i}`;

/** Strictly after the value in the key's order (the value as text, as selected; null is an empty value). */
function after(key: SortKey, value: string | null): SQL | undefined {
  const c = key.column;
  // NULLS FIRST/LAST place empty values in the output whichever the direction.
  const nullsAfterValues = key.nulls === 'last';
  if (value === null) return nullsAfterValues ? undefined : sql`${c} IS NOT NULL`;
  const beyond = key.direction === 'asc' ? sql`${c} > ${value}` : sql`${c} < ${value}`;
  return nullsAfterValues ? sql`(${beyond} OR ${c} IS NULL)` : beyond;
}

const equal = (column: SQLWrapper, value: string | null) =>
  value === null ? sql`${column} IS NULL` : sql`${column} = ${value}`;

/**
 * The rows after the last one in a lexicographic order of several keys: k0 after, or k0 equal and k1 after, and so on.
 * With one key and the tiebreaker in the same direction and no empty value, a row comparison, which an index on both
 * columns answers as one range.
 */
export function keysetAfter(keys: SortKey[], values: (string | null)[]): SQL {
  const [first, second] = keys;
  if (
    keys.length === 2 &&
    first &&
    second &&
    first.direction === second.direction &&
    values.every((v) => v !== null) &&
    first.nulls === 'first'
  ) {
    const op = sql.raw(first.direction === 'asc' ? '>' : '<');
    return sql`(${first.column}, ${second.column}) ${op} (${values[0]}, ${values[1]})`;
  }
  const ors: SQL[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as SortKey;
    const beyond = after(key, values[i] ?? null);
    if (!beyond) continue;
    const equals = keys.slice(0, i).map((k, j) => equal(k.column, values[j] ?? null));
    ors.push(equals.length ? sql`(${sql.join([...equals, beyond], sql` AND `)})` : beyond);
  }
  return ors.length === 0 ? sql`false` : sql`(${sql.join(ors, sql` OR `)})`;
}

/** The sort keys without a column sorted twice (the tiebreaker after `id DESC`): the first occurrence decides. */
function distinctKeys(keys: SortKey[]): SortKey[] {
  return keys.filter((key, i) => keys.findIndex((k) => k.column === key.column) === i);
}

/**
 * The conditions of the batches after the first, as a generator of `where` parts from the last row's key values.
 * One sort column and the tiebreaker (every default order, every order[] of one column): the rows with a value and the
 * rows without one are walked as two phases, in the order the NULLS clause places them, each by an index range (a row
 * comparison, or `IS NULL` and the id), so that a batch never rereads the rows before it. Other orders: the
 * lexicographic condition of keysetAfter.
 */
type Phase = { first: SQL | undefined; after: (values: (string | null)[]) => SQL };

function phasesOf(keys: SortKey[]): Phase[] {
  const [key, tie] = keys;
  if (keys.length === 1 && key) {
    const op = sql.raw(key.direction === 'asc' ? '>' : '<');
    return [{ first: undefined, after: (v) => sql`${key.column} ${op} ${v[0]}` }];
  }
  if (keys.length === 2 && key && tie && key.direction === tie.direction) {
    const op = sql.raw(key.direction === 'asc' ? '>' : '<');
    const nulls: Phase = {
      first: sql`${key.column} IS NULL`,
      after: (v) => sql`${key.column} IS NULL AND ${tie.column} ${op} ${v[1]}`,
    };
    const values: Phase = {
      first: sql`${key.column} IS NOT NULL`,
      after: (v) => sql`(${key.column}, ${tie.column}) ${op} (${v[0]}, ${v[1]})`,
    };
    return key.nulls === 'first' ? [nulls, values] : [values, nulls];
  }
  return [{ first: undefined, after: (v) => keysetAfter(keys, v) }];
}

/** Every row of a list, batch by batch, in the list's order. */
export async function* exportBatches<R>(
  params: ListParams,
  select: (extra: Record<string, SQL>) => PgSelect,
  batch = exportBatch,
): AsyncGenerator<R[]> {
  if (!params.sortKeys) throw new Error('an export needs a list ordered by sort keys');
  const keys = distinctKeys(params.sortKeys);
  // Text of each key: it comes back as the same parameter PostgreSQL compares with the column's own type.
  const extra = Object.fromEntries(keys.map((k, i) => [KEY(i), sql`(${k.column})::text`]));
  type Row = R & Record<string, string | null>;
  // A query builder runs each time it is awaited: Promise.resolve runs it once and keeps the answer.
  const read = (phase: Phase, last: (string | null)[] | null): Promise<Row[]> => {
    let where = and(params.where, last ? phase.after(last) : phase.first);
    const key = params.pageKey;
    // A semi-join filter (as for a list's page, http/listing.ts): the batch's ids from the list's table alone first.
    if (where && key && is(key, Column)) {
      where = sql`${key} = ANY (ARRAY(SELECT ${key} FROM ${key.table} WHERE ${where}
        ORDER BY ${sql.join(params.orderBy, sql`, `)} LIMIT ${batch}))`;
    }
    return Promise.resolve(
      select(extra)
        .where(where)
        .orderBy(...params.orderBy)
        .limit(batch) as unknown as PromiseLike<Row[]>,
    );
  };
  for (const phase of phasesOf(keys)) {
    let pending: Promise<Row[]> | null = read(phase, null);
    while (pending) {
      const rows: Row[] = await pending;
      pending = null;
      if (rows.length === batch) {
        // The next batch is asked for before this one is written out: the database reads while the rows are formatted.
        const tail = rows[rows.length - 1] as Record<string, string | null>;
        pending = read(
          phase,
          keys.map((_, i) => tail[KEY(i)] ?? null),
        );
        // A failure is the consumer's to hear when it awaits the batch, not an unhandled rejection meanwhile.
        pending.catch(() => undefined);
        // A turn of the event loop, so that the query is on its way before the formatting (synchronous) begins.
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (rows.length > 0) yield rows;
    }
  }
}

// --- cell values ---

const warsaw = new Intl.DateTimeFormat('en-GB', {
  timeZone: APP_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Warsaw's offset from UTC (ms) in each UTC hour asked (it changes only on the hour): formatToParts is slow. */
const warsawOffsets = new Map<number, number>();
function warsawOffset(utcMs: number): number {
  const hour = Math.floor(utcMs / 3_600_000);
  let offset = warsawOffsets.get(hour);
  if (offset === undefined) {
    const at = hour * 3_600_000;
    const p = Object.fromEntries(warsaw.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
    offset = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - at;
    if (warsawOffsets.size > 100_000) warsawOffsets.clear();
    warsawOffsets.set(hour, offset);
  }
  return offset;
}

/** A moment as Warsaw's wall clock, in a Date whose UTC fields are that wall clock (what a spreadsheet shows). */
function warsawWallClock(value: string): Date | null {
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return null;
  const local = new Date(ms + warsawOffset(ms));
  local.setUTCSeconds(0, 0);
  return local;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
const timeText = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/** The value as a Date whose UTC fields show it (dates and wall-clock times as they are, moments in Warsaw). */
function asDate(kind: CellKind, value: string): Date | null {
  if (kind === 'instant') return warsawWallClock(value);
  const local = kind === 'wallClock' ? wallClockOf(value) : value.slice(0, 10);
  if (!local) return null;
  const d = new Date(`${local.replace(' ', 'T')}${local.length > 10 ? ':00' : 'T00:00:00'}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

const decimalComma = (hundredths: number) => hundredthsToDecimal(hundredths).replace('.', ',');

/**
 * A spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` as a formula (a tab or a carriage return first
 * does the same in some): `=HYPERLINK(…)` in a customer's name, typed by anyone with a login or arriving in a KSeF
 * invoice or a public offer, would be live in the reader's Excel, and every phone `+48 …` read as a sum. Such text
 * gets a leading apostrophe (OWASP's CSV-injection rule), so that it is shown as the text it is.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const asInertText = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * A cell of the CSV: Polish decimal commas (no thousands separator, so that Excel reads a number), DD/MM/YYYY. Text is
 * made inert (asInertText); numbers are the server's own digits (a negative margin stays a number, -12,50).
 */
export function csvText(kind: CellKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
    case 'decimal':
    case 'percent':
      return decimalComma(Number(value));
    case 'int':
      return String(value);
    case 'bool':
      return value ? 'Tak' : 'Nie';
    case 'date':
    case 'wallClock':
    case 'instant': {
      const d = asDate(kind, String(value));
      if (!d) return '';
      const withTime = kind === 'instant' || (kind === 'wallClock' && (d.getUTCHours() || d.getUTCMinutes()));
      return withTime ? `${dayText(d)} ${timeText(d)}` : dayText(d);
    }
    default:
      return asInertText(String(value));
  }
}

const CSV_QUOTE = /[";\r\n]/;
const csvField = (text: string) => (CSV_QUOTE.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const csvLine = (fields: string[]) => `${fields.map(csvField).join(';')}\r\n`;

/**
 * A cell of the XLSX: numbers as numbers (money in units, two decimals), dates as dates, text as a string cell (never a
 * formula: exceljs writes a formula only for a `{ formula }` value, so `=…` stays text and needs no apostrophe).
 */
function xlsxValue(kind: CellKind, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'money':
    case 'decimal':
    case 'percent':
      return Number(value) / 100;
    case 'int':
      return Number(value);
    case 'bool':
      return value ? 'Tak' : 'Nie';
    case 'date':
    case 'wallClock':
    case 'instant':
      return asDate(kind, String(value));
    default:
      return String(value);
  }
}

const NUM_FMT: Partial<Record<CellKind, string>> = {
  money: '#,##0.00',
  decimal: '#,##0.00',
  percent: '0.00',
  date: 'dd/mm/yyyy',
  wallClock: 'dd/mm/yyyy hh:mm',
  instant: 'dd/mm/yyyy hh:mm',
};

// --- the route ---

const exportQuery = z.object({ format: z.enum(['csv', 'xlsx']).optional() }).catchall(z.unknown());

async function* csvChunks<R, T>(db: DbOrTx, source: ExportSource<R, T>, batches: AsyncGenerator<R[]>) {
  yield `\uFEFF${csvLine(source.columns.map((c) => c.header))}`;
  for await (const rows of batches) {
    const items = await source.items(db, rows);
    yield items.map((item) => csvLine(source.columns.map((c) => csvText(c.kind, c.value(item))))).join('');
  }
}

function xlsxStream<R, T>(db: DbOrTx, source: ExportSource<R, T>, batches: AsyncGenerator<R[]>, sheet: string) {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheet.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = source.columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? Math.max(12, Math.min(40, c.header.length + 4)),
    ...(NUM_FMT[c.kind] ? { style: { numFmt: NUM_FMT[c.kind] } } : {}),
  }));
  worksheet.getRow(1).font = { bold: true };
  (async () => {
    for await (const rows of batches) {
      for (const item of await source.items(db, rows)) {
        worksheet.addRow(source.columns.map((c) => xlsxValue(c.kind, c.value(item)))).commit();
      }
      // Waits while the client reads slower than the database answers, so that the zip stream does not grow.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    worksheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** Answers an export request: the parameters are checked before the first byte, so that a bad one is a Polish 400. */
export function sendExport<R, T>(
  db: DbOrTx,
  request: FastifyRequest,
  reply: FastifyReply,
  source: ExportSource<R, T>,
): FastifyReply {
  const query = request.query as RawQuery;
  const format = query.format ?? 'csv';
  if (format !== 'csv' && format !== 'xlsx') throw badRequest('Parametr „format” przyjmuje wartości csv lub xlsx.');
  const {
    format: _format,
    page: _page,
    itemsPerPage: _items,
    pagination: _pagination,
    partial: _partial,
    ...rest
  } = query;
  // Every page: the list's paging parameters do not apply.
  const params = parseListQuery({ ...rest, pagination: 'false' }, source.spec(query));
  const batches = exportBatches<R>(params, (extra) => source.select(db, query, extra));
  const date = new Date().toISOString().slice(0, 10);
  const file = `${source.fileName}-${date}.${format}`;
  reply
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('access-control-expose-headers', 'content-disposition')
    .header('cache-control', 'no-store');
  if (format === 'csv') {
    return reply.type('text/csv; charset=utf-8').send(Readable.from(csvChunks(db, source, batches)));
  }
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .send(xlsxStream(db, source, batches, source.fileName));
}

/** Registers `GET {path}` for a source, with the list's route config (roles) and its own role check. */
export function registerExport<R, T>(
  app: FastifyInstance,
  db: DbOrTx,
  path: string,
  source: ExportSource<R, T>,
  options: { config?: Record<string, unknown>; authorize?: (request: FastifyRequest) => void; tag: string },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    path,
    {
      config: options.config ?? {},
      // Compressing a stream of unknown length would hold it; the files are sent as they are made.
      compress: false,
      schema: {
        tags: [options.tag],
        summary: 'The list with its filters and order, every page, as CSV (UTF-8, BOM, semicolons) or XLSX',
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      options.authorize?.(request);
      return sendExport(db, request, reply, source);
    },
  );
}
