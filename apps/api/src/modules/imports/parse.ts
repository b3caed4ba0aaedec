import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { headerKey, IMPORT_FIELDS, type ImportKind, importMessages as msg } from '@spedycja/domain';
import chardet from 'chardet';
import { parse as parseCsvStream } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { AppError } from '../../http/errors.ts';

/** What a file is read into: its header and data rows (each a list of cell texts), numbered as the file numbers them. */
export type ParsedFile = {
  sha256: string;
  encoding: string | null;
  sheet: string | null;
  sheets: string[];
  headers: string[];
  rows: { rowNumber: number; cells: string[] }[];
};

export const IMPORT_MAX_BYTES = 30 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;
const MAX_COLUMNS = 200;
const MAX_CELL = 10_000;

const refuse = (message: string) =>
  new AppError(422, 'import_unreadable', message, [{ propertyPath: 'file', message }]);

const POLISH = /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/g;
const countPolish = (text: string) => text.match(POLISH)?.length ?? 0;

/**
 * The file's text: UTF-8 (with or without a BOM) when it is valid UTF-8; otherwise the single-byte encoding among
 * Windows-1250 and ISO-8859-2 that reads more Polish letters (they differ just there: ą is B9 in one, B1 in the
 * other), and for a file without Polish letters what chardet makes of it.
 */
export function decodeText(data: Buffer): { text: string; encoding: string } {
  if (data[0] === 0xff && data[1] === 0xfe) return { text: iconv.decode(data, 'utf-16le'), encoding: 'UTF-16LE' };
  if (data[0] === 0xfe && data[1] === 0xff) return { text: iconv.decode(data, 'utf-16be'), encoding: 'UTF-16BE' };
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'UTF-8' };
  } catch {
    // not UTF-8
  }
  const cp1250 = iconv.decode(data, 'windows-1250');
  const latin2 = iconv.decode(data, 'iso-8859-2');
  const a = countPolish(cp1250);
  const b = countPolish(latin2);
  if (a > 0 || b > 0)
    return a >= b ? { text: cp1250, encoding: 'windows-1250' } : { text: latin2, encoding: 'ISO-8859-2' };
  const guess = chardet.detect(data);
  if (guess && iconv.encodingExists(guess) && !/^UTF-(16|32)/i.test(guess)) {
    return { text: iconv.decode(data, guess), encoding: guess };
  }
  return { text: cp1250, encoding: 'windows-1250' };
}

/** The separator of a CSV: the one of ; , tab | that splits the first lines into the same number of fields, most often. */
export function detectSeparator(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  let best = ';';
  let bestScore = -1;
  for (const sep of [';', ',', '\t', '|']) {
    const counts = lines.map((line) => fieldsOutsideQuotes(line, sep));
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const same = counts.filter((c) => c === first).length;
    const score = same * 1000 + first;
    if (score > bestScore) {
      bestScore = score;
      best = sep;
    }
  }
  return best;
}

function fieldsOutsideQuotes(line: string, sep: string): number {
  let quoted = false;
  let n = 0;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === sep && !quoted) n++;
  }
  return n;
}

const looksBinary = (data: Buffer) => {
  const head = data.subarray(0, 8192);
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return true;
    if (byte < 9 || (byte > 13 && byte < 32)) control++;
  }
  return control > head.length * 0.02;
};

const isZip = (data: Buffer) => data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

async function readCsv(data: Buffer): Promise<{ encoding: string; records: string[][] }> {
  if (looksBinary(data)) throw refuse(msg.binary);
  const { text, encoding } = decodeText(data);
  const delimiter = detectSeparator(text);
  const parser = Readable.from([text]).pipe(
    parseCsvStream({
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: MAX_CELL * 10,
      trim: false,
    }),
  );
  const records: string[][] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      records.push(record);
      if (records.length > IMPORT_MAX_ROWS + 1) throw refuse(msg.tooManyRows(IMPORT_MAX_ROWS));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(msg.csvUnreadable(error instanceof Error ? error.message.slice(0, 200) : 'błąd formatu'));
  }
  return { encoding, records };
}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Excel's dates are wall-clock days: read as UTC, written as the day.
    return value.toISOString().slice(0, 10);
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
};

/** A merged range of a sheet, 1-based and inclusive (`<mergeCell ref="E2:G2"/>`). */
type Merge = { top: number; left: number; bottom: number; right: number };

const columnNumber = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/**
 * The sheet's XML passed on to the streaming reader as it comes, with its `<mergeCell ref="…"/>` elements noted on
 * the way: exceljs's streaming reader skips them, and they come after the rows (the header's merges are applied once
 * the sheet is read). The text of a chunk's end is kept to find an element cut between two chunks.
 */
async function* noteMerges(chunks: AsyncIterable<Buffer | string>, merges: Merge[]) {
  let tail = '';
  for await (const chunk of chunks) {
    const text = tail + (typeof chunk === 'string' ? chunk : chunk.toString('latin1'));
    let end = 0;
    for (const m of text.matchAll(/<mergeCell\s+ref="([A-Z]+)(\d+):([A-Z]+)(\d+)"/g)) {
      merges.push({
        left: columnNumber(m[1] ?? ''),
        top: Number(m[2]),
        right: columnNumber(m[3] ?? ''),
        bottom: Number(m[4]),
      });
      end = (m.index ?? 0) + m[0].length;
    }
    tail = text.slice(Math.max(end, text.length - 64));
    yield chunk;
  }
}

type StreamedSheet = ExcelJS.stream.xlsx.WorksheetReader & {
  name?: string;
  iterator: AsyncIterable<Buffer | string>;
};

/**
 * An XLSX read as a stream (exceljs's WorkbookReader): the sheet's rows become cell texts one by one, so a large
 * sheet is never held as exceljs's whole model of the workbook (its cells, styles and objects take many times the
 * file's size). The first sheet of the workbook, or the one asked for; the others are skipped unread.
 */
async function readXlsx(
  data: Buffer,
  wanted: string | undefined,
): Promise<{ sheet: string; sheets: string[]; records: string[][] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // The number formats tell a date from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const book = reader as unknown as { model?: { sheets?: { name: string }[] } };
  const records: string[][] = [];
  const merges: Merge[] = [];
  let sheet: string | undefined;
  try {
    for await (const found of reader) {
      const worksheet = found as StreamedSheet;
      const name = worksheet.name ?? '';
      const first = book.model?.sheets?.[0]?.name ?? name;
      if (sheet !== undefined || (wanted ? name !== wanted : name !== first)) continue;
      sheet = name;
      worksheet.iterator = noteMerges(worksheet.iterator, merges);
      for await (const row of worksheet) {
        if (row.number > IMPORT_MAX_ROWS + 1) throw refuse(msg.tooManyRows(IMPORT_MAX_ROWS));
        const values = row.values as ExcelJS.CellValue[];
        const width = Math.min(values.length - 1, MAX_COLUMNS + 1);
        const cells: string[] = [];
        for (let c = 1; c <= width; c++) cells.push(cellText(values[c]));
        records[row.number - 1] = cells;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(msg.xlsxUnreadable);
  }
  const sheets = book.model?.sheets?.map((s) => s.name) ?? [];
  if (sheet === undefined) throw refuse(wanted ? msg.sheetMissing(wanted) : msg.emptySheet);
  // Rows the sheet skipped (never written) are empty.
  for (let i = 0; i < records.length; i++) records[i] ??= [];
  // A header cell merged across columns names each of them ('Adres' over street and city): the others take its
  // text. Below the header a merged cell keeps its value once (the others of the merge are empty in the file), so
  // that a value is not imported twice.
  for (const range of merges) {
    const master = records[range.top - 1]?.[range.left - 1] ?? '';
    for (let r = range.top; r <= Math.min(range.bottom, 10); r++) {
      const line = records[r - 1];
      if (!line) continue;
      for (let c = range.left; c <= range.right; c++) if (!line[c - 1]) line[c - 1] = master;
    }
  }
  return { sheet, sheets, records };
}

/** A cell's text: trimmed, and without the apostrophe the app's own export puts before '+48 …' (a formula guard). */
const cleanCell = (cell: string) => cell.trim().replace(/^'(?=[=+\-@])/, '');

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/**
 * The header row: of the first rows, the one where most cells name a field of this kind (a title row above it,
 * 'Kontrahenci 2026' merged across the sheet, is skipped); without any such row, the first row that is not empty.
 */
function headerRow(kind: ImportKind, records: string[][]): number {
  const names = new Set(IMPORT_FIELDS[kind].flatMap((f) => f.headers));
  let best = -1;
  let bestScore = 0;
  for (let i = 0; i < Math.min(records.length, 10); i++) {
    const cells = records[i] ?? [];
    const distinct = new Set(cells.map(headerKey).filter((k) => k !== ''));
    const score = [...distinct].filter((k) => names.has(k)).length;
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  if (best >= 0) return best;
  return records.findIndex((cells) => !isBlank(cells));
}

/** Reads an uploaded file (CSV of any separator and encoding, or XLSX) into its header and rows, or refuses it. */
export async function readImportFile(
  kind: ImportKind,
  data: Buffer,
  fileName: string,
  wantedSheet?: string,
): Promise<ParsedFile> {
  const sha256 = createHash('sha256').update(data).digest('hex');
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') throw refuse(msg.pdf);
  let records: string[][];
  let encoding: string | null = null;
  let sheet: string | null = null;
  let sheets: string[] = [];
  if (isZip(data) || /\.xlsx$/i.test(fileName)) {
    if (!isZip(data)) throw refuse(msg.xlsxUnreadable);
    const read = await readXlsx(data, wantedSheet);
    records = read.records;
    sheet = read.sheet;
    sheets = read.sheets;
  } else {
    const read = await readCsv(data);
    records = read.records;
    encoding = read.encoding;
  }
  const at = headerRow(kind, records);
  if (at < 0) throw refuse(msg.emptySheet);
  const header = (records[at] ?? []).map((h) => h.trim());
  // Trailing columns without a header and without data are dropped.
  let width = header.length;
  if (width > MAX_COLUMNS) throw refuse(msg.tooManyColumns);
  const rows: ParsedFile['rows'] = [];
  for (let i = at + 1; i < records.length; i++) {
    const cells = records[i] ?? [];
    if (isBlank(cells)) continue;
    if (cells.some((c) => c.length > MAX_CELL)) throw refuse(msg.csvUnreadable(`wiersz ${i + 1} ma za długą komórkę.`));
    width = Math.max(width, cells.length);
    rows.push({ rowNumber: i + 1, cells: cells.map(cleanCell) });
  }
  if (rows.length === 0) throw refuse(msg.headerOnly);
  if (width > MAX_COLUMNS) throw refuse(msg.tooManyColumns);
  while (width > 0 && !header[width - 1] && rows.every((r) => !r.cells[width - 1])) width--;
  const headers = Array.from({ length: width }, (_, i) => header[i] || `Kolumna ${i + 1}`);
  const names = new Set(IMPORT_FIELDS[kind].flatMap((f) => f.headers));
  if (width <= 1 && !headers.some((h) => names.has(headerKey(h)))) throw refuse(msg.notATable);
  for (const row of rows) {
    if (row.cells.length > width) row.cells.length = width;
    while (row.cells.length < width) row.cells.push('');
  }
  return { sha256, encoding, sheet, sheets, headers, rows };
}
