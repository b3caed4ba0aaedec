import { createHash } from 'node:crypto';
import { type CsvMapping, detectCsvSeparator, statementsMessages as msg } from '@spedycja/domain';
import mt940, { type Statement } from 'mt940js';
import { AppError } from '../../http/errors.ts';

/** One operation read from a statement: the amount in hundredths, negative for a debit. */
export type ParsedLine = {
  date: string;
  amount: number;
  currency: string;
  title: string;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  /** Unique per operation: the same file read twice gives the same hashes. */
  hash: string;
};

const unreadable = () => new AppError(400, 'bad_request', msg.unreadable);

/** The file's text: UTF-8 when it is valid UTF-8, otherwise Windows-1250 (what Polish banks' exports use). */
export function decodeStatement(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1250').decode(data);
  }
}

/** Digits of a Polish account (NRB, 26 digits), from an IBAN 'PL..' or a spaced form; null when it is not one. */
export function normalizeAccount(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const digits = raw.replace(/^\s*PL/i, '').replace(/[\s-]/g, '');
  return /^\d{26}$/.test(digits) ? digits : null;
}

/** The NRB's two check digits of a bank sort code (8) and account (16): 98 − (BBAN·'PL00') mod 97. */
function nrbOf(bban: string): string {
  let rest = 0;
  for (const ch of `${bban}252100`) rest = (rest * 10 + Number(ch)) % 97;
  return `${String(98 - rest).padStart(2, '0')}${bban}`;
}

/**
 * The Polish `:86:` field: a 3-digit operation code, then sub-fields each opened by a separator (`~`, `^`, `<` or `?`)
 * and a two-digit number — ~20…~25 the title, ~27…~29 the counterparty's name, ~38 its account (IBAN), ~30/~31 its
 * bank sort code and account where ~38 is missing. A field without sub-fields is all title.
 */
export function parseDetails(details: string): { title: string; name: string | null; account: string | null } {
  const text = details.replace(/\r?\n/g, '');
  const sep = /^\d{3}([~^<?])/.exec(text)?.[1] ?? /^([~^<?])\d{2}/.exec(text)?.[1];
  if (!sep) return { title: text.trim(), name: null, account: null };
  const fields = new Map<number, string>();
  for (const part of text.split(sep).slice(1)) {
    const m = /^(\d{2})(.*)$/s.exec(part);
    if (!m) continue;
    const key = Number(m[1]);
    fields.set(key, (fields.get(key) ?? '') + (m[2] ?? ''));
  }
  // The title's sub-fields are fixed-width pieces of one text (a word may run on into the next): joined as they are.
  const join = (from: number, to: number, glue: string) => {
    const parts: string[] = [];
    for (let k = from; k <= to; k++) {
      const v = fields.get(k);
      if (v?.trim()) parts.push(glue ? v.trim() : v);
    }
    return parts.join(glue);
  };
  let title = join(20, 25, '');
  if (!title) title = join(60, 63, '');
  const name = join(27, 29, ' ') || join(32, 33, '') || null;
  let account = normalizeAccount(fields.get(38));
  if (!account) {
    const sort = (fields.get(30) ?? '').replace(/\D/g, '');
    const acc = (fields.get(31) ?? '').replace(/\D/g, '');
    if (acc.length === 26) account = acc;
    else if (sort.length === 8 && acc.length === 16) account = nrbOf(sort + acc);
  }
  return { title: title.trim(), name, account };
}

const toDate = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/** Gives each line its hash: the statement's account and the line's fields, and its place among identical twins. */
function withHashes(account: string, lines: Omit<ParsedLine, 'hash'>[]): ParsedLine[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const key = [
      account,
      l.date,
      l.amount,
      l.currency,
      l.title,
      l.counterpartyName ?? '',
      l.counterpartyAccount ?? '',
    ].join('|');
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return Object.assign({}, l, { hash: createHash('sha256').update(`${key}|${n}`).digest('hex') });
  });
}

/** The `:20:` reference and `:28C:` number of the file's statement `index` (0-based; mt940js counts groups from 1). */
function statementIdentity(text: string, index: number): { reference: string; number: string } {
  const starts = [...text.matchAll(/^:20:(.*)$/gm)];
  const start = starts[index]?.index ?? 0;
  const end = starts[index + 1]?.index ?? text.length;
  const part = text.slice(start, end);
  return {
    reference: /^:20:(.*)$/m.exec(part)?.[1]?.trim() || '?',
    number: /^:28C?:(.*)$/m.exec(part)?.[1]?.trim() || '?',
  };
}

/** A sum mt940js reports (units of the currency, a float) as Polish text: '1 280,00'. */
const polishAmount = (value: string) =>
  new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true })
    .format(Number(value))
    .replace(/\u00a0/g, ' ');

/**
 * What the parser's refusal means for the person importing: a statement whose balances do not add up, or one without
 * its closing balance (a file cut short), named by its `:20:` and `:28C:`; anything else is unreadable.
 */
function mt940Refusal(text: string, error: unknown): AppError {
  const message = error instanceof Error ? error.message : '';
  const sums = /Sum of lines \((-?[\d.e+-]+)\) != turnover \((-?[\d.e+-]+)\) in group (\d+)/.exec(message);
  if (sums) {
    const { reference, number } = statementIdentity(text, Number(sums[3]) - 1);
    return new AppError(
      422,
      'statement_unbalanced',
      msg.unbalanced(reference, number, polishAmount(sums[1] ?? '0'), polishAmount(sums[2] ?? '0')),
    );
  }
  const missing = /Mandatory tag 62 is missing in group (\d+)/.exec(message);
  if (missing) {
    const { reference, number } = statementIdentity(text, Number(missing[1]) - 1);
    return new AppError(422, 'statement_unbalanced', msg.noClosingBalance(reference, number));
  }
  return unreadable();
}

/** An MT940 file (one or more statements) through the mt940js parser; the `:86:` sub-fields read as the Polish banks write them. */
export function parseMt940(text: string): ParsedLine[] {
  let statements: Statement[];
  const normalised = text.replace(/\r\n?/g, '\n');
  try {
    statements = new mt940.Parser().parse(normalised);
  } catch (error) {
    throw mt940Refusal(normalised, error);
  }
  const out: ParsedLine[] = [];
  for (const s of statements) {
    const account = (s.accountIdentification ?? '').replace(/^\//, '');
    const lines = s.transactions.map((t) => {
      const d = parseDetails(t.details ?? '');
      return {
        date: toDate(t.date),
        amount: Math.round(t.amount * 100),
        currency: (t.currency || s.currency || 'PLN').toLowerCase(),
        title: d.title.slice(0, 1000),
        counterpartyName: d.name?.slice(0, 500) ?? null,
        counterpartyAccount: d.account,
      };
    });
    out.push(...withHashes(account, lines));
  }
  return out;
}

/** Rows of a CSV (quoted fields, doubled quotes inside them). */
function csvRows(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((f) => f.trim() !== '')) rows.push(row);
      row = [];
    } else field += ch;
  }
  row.push(field);
  if (row.some((f) => f.trim() !== '')) rows.push(row);
  return rows;
}

/** '1 230,00', '-500.00', '1.230,00 PLN' → hundredths; null when it is not an amount. */
export function parseAmount(raw: string): number | null {
  let s = raw.replace(/[\s\u00a0]|PLN|EUR|zł/gi, '');
  if (/,\d{1,2}$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else s = s.replace(/,/g, '');
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}

/** 'YYYY-MM-DD', 'DD-MM-YYYY', 'DD.MM.YYYY', 'DD/MM/YYYY' → 'YYYY-MM-DD'; null otherwise. */
export function parseCsvDate(raw: string): string | null {
  const s = raw.trim();
  const ymd = /^(\d{4})[-./](\d{2})[-./](\d{2})/.exec(s);
  const dmy = /^(\d{2})[-./](\d{2})[-./](\d{4})/.exec(s);
  const iso = ymd ? `${ymd[1]}-${ymd[2]}-${ymd[3]}` : dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : null;
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** A CSV read through its column mapping (numbers from 1 or the header's names). */
export function parseCsv(text: string, mapping: CsvMapping): ParsedLine[] {
  if (mapping.date === undefined || mapping.amount === undefined || mapping.title === undefined) {
    throw new AppError(400, 'bad_request', msg.mappingRequired);
  }
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const sep = mapping.separator ?? detectCsvSeparator(firstLine);
  const rows = csvRows(text, sep);
  const hasHeader = mapping.header ?? true;
  const header = hasHeader ? (rows[0] ?? []).map((h) => h.trim().toLowerCase()) : [];
  const column = (ref: string | number | undefined): number | null => {
    if (ref === undefined) return null;
    if (typeof ref === 'number') return ref - 1;
    if (/^\d+$/.test(ref)) return Number(ref) - 1;
    const i = header.indexOf(ref.trim().toLowerCase());
    if (i < 0) throw new AppError(400, 'bad_request', `${msg.mappingInvalid} (${ref})`);
    return i;
  };
  const cols = {
    date: column(mapping.date) as number,
    amount: column(mapping.amount) as number,
    title: column(mapping.title) as number,
    name: column(mapping.name),
    account: column(mapping.account),
    currency: column(mapping.currency),
  };
  const lines = rows.slice(hasHeader ? 1 : 0).map((row, i) => {
    const at = (c: number | null) => (c === null ? '' : (row[c] ?? '').trim());
    const rowNo = i + (hasHeader ? 2 : 1);
    const date = parseCsvDate(at(cols.date));
    if (!date) throw new AppError(400, 'bad_request', msg.csvRow(rowNo, msg.badDate));
    const amount = parseAmount(at(cols.amount));
    if (amount === null || amount === 0) throw new AppError(400, 'bad_request', msg.csvRow(rowNo, msg.badAmount));
    return {
      date,
      amount,
      currency: (at(cols.currency) || 'PLN').toLowerCase(),
      title: at(cols.title).slice(0, 1000),
      counterpartyName: at(cols.name).slice(0, 500) || null,
      counterpartyAccount: normalizeAccount(at(cols.account)),
    };
  });
  return withHashes(`csv:${mapping.bank ?? ''}`, lines);
}
