import { APP_TIMEZONE, apiMessages, canonicalTaxId, MAX_ITEMS_PER_PAGE, phoneSearchDigits } from '@spedycja/domain';
import { and, asc, desc, is, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { AppError } from './errors.ts';

/**
 * API Platform's filter syntax, turned into SQL for one resource from its allow-list.
 * Unknown parameters are ignored (the original client sends some); a malformed value
 * for a known parameter is a 400 with a Polish message, never a 500 and never unfiltered rows.
 */

export type ValueType = 'string' | 'int' | 'uuid' | 'date' | 'timestamp' | 'bool';

export type FilterField = {
  column: SQLWrapper;
  type: ValueType;
  /**
   * `field=value`: exact (= / IN), partial (contains), start (prefix), iexact (case-insensitive =),
   * unaccent (contains, ignoring case and Polish letters: 'lodz' finds 'Łódź'), upper (= the value
   * in capitals, for codes stored in capitals such as countries, so that indexes serve it),
   * taxId / phone (contains, as typed with spaces or dashes: NIPs and phones are stored compact).
   */
  search?: 'exact' | 'partial' | 'start' | 'iexact' | 'unaccent' | 'upper' | 'taxId' | 'phone';
  /** `field[gte|lte|gt|lt|between]=` on numbers and dates. */
  range?: boolean;
  /** `field[after|before|strictly_after|strictly_before]=` on dates. */
  date?: boolean;
  /** `order[field]=asc|desc`. */
  order?: boolean;
  /** Allowed values of an exact filter (statuses and the like). */
  values?: readonly string[];
  /**
   * A timestamp holding a wall-clock time kept as UTC (loading and unloading times, see `wallClockOf`): a date-only
   * bound is that day's UTC midnight, not Warsaw's.
   */
  wallClock?: boolean;
  /**
   * Lower-case, unaccented text holding this column's own (a party's `search_text`, a shipment's street addresses
   * joined), in a trigram index. A contains filter (partial, unaccent, taxId, phone) also asks it to contain the text:
   * a superset of the column's matches that the index finds, so that a rare text costs its matches, not the table
   * (issue 35). The column's own condition stays, and keeps the answer exactly what it was.
   */
  trigram?: SQLWrapper;
  /**
   * The column is a joined record's (the order's customer): a filter on it is asked of that record's table alone and
   * the list's own foreign key compared with the ids found (see `joinedCondition`), so that an index of the list serves
   * it instead of a join of every row. `column` is then a column of `joined.table` itself (not of an alias).
   */
  joined?: JoinedRecord;
  /**
   * What `order[field]=` sorts by when it is not `column`: a joined record's name kept on the list's own row (the
   * order's customer's company name), which the list's index yields in order.
   */
  orderBy?: SQLWrapper;
};

/** A record a list refers to by a foreign key of its own (the order's customer: orders.customer_id → customers). */
export type JoinedRecord = {
  /** The list's own column that refers to the record. */
  foreignKey: SQLWrapper;
  /** The record's table (not an alias): the filter's subquery reads it under its own name. */
  table: PgTable;
  /** The record's key the foreign key refers to. */
  id: SQLWrapper;
  /**
   * The record's lower-case, unaccented text of some of its columns (`of`), trigram-indexed (the parties'
   * search_text): a text filter on one of those columns also asks it, a superset the index finds, so that the records
   * to check are few.
   */
  searchText?: { text: SQLWrapper; of: readonly SQLWrapper[] };
};

/**
 * Conditions that read another table through a semi-join (`fk IN (SELECT id …)`): a list with one reads its page's ids
 * first (http/listing.ts), where the planner may start from either table.
 */
const semiJoins = new WeakSet<SQL>();

/**
 * Conditions whose matches may lie anywhere along a list's order and that no index of that order narrows: a text found
 * inside a column (a name, a NIP, a number), a joined record's text, a custom search. The planner's estimate of such a
 * condition is a guess (a trigram match's selectivity is often off 30 times), and when it walks the order's index for
 * a page, a fragment whose matches all sort late walks the whole table (2.2 s at 1,000,000 customers for 'trans'): a
 * list with one reads its page a bounded way (http/listing.ts `scatteredPageIds`).
 */
const scatteredConditions = new WeakSet<SQL>();
/**
 * A scattered condition's form for the bounded walk (`ListParams.scatteredProbe`): the same rows, asked one row at a
 * time. A condition on another table (`fk IN (SELECT id …)`, `EXISTS (…)`) is planned as a hashed semi-join, which reads
 * every matching record before the walk's first row: a fragment that a quarter of the parties contain is 250,000 of
 * them at 1,000,000 (the cockpit's `search=kow`, 0.6–3.9 s). As a scalar subquery per row (never pulled up into a join)
 * it costs one probe of the record's key per row walked, 2,000 to 8,000 at most.
 */
const probes = new WeakMap<SQL, SQL>();

/**
 * Marks a module's own condition (a custom search) as one whose matches may lie anywhere along the list's order;
 * `probe`: the same condition asked per row (see `probes`), for a condition that reads another table.
 */
export function scattered(condition: SQL, probe?: SQL): SQL {
  scatteredConditions.add(condition);
  if (probe) probes.set(condition, probe);
  return condition;
}

/**
 * A scattered condition on a joined record, with the question whether its matches are few (`FewCheck`): asked before
 * the bounded walk, which is wasted where they are (a NIP's fragment that 217 of 1,000,000 customers hold: the archive
 * walked 2,000 rows twice, 17 + 10 ms, for 190 matches found on their own in 2.7 ms).
 */
const fewChecks = new WeakMap<SQL, (steady: SQL | undefined) => FewCheck>();

/**
 * Whether a joined condition's matches are surely few. `records`: the records that meet the condition, whose number
 * the planner estimates first (EXPLAIN: a fraction of a millisecond), since counting them costs what finding them
 * does (a fragment that 33,000 customers' names hold: its trigram index's bitmap, 12 ms); `check`, asked only where
 * the estimate is few: at most FEW_RECORDS records meet it and the list's table holds at most FEW_ROWS rows of them
 * (through the foreign key's index; the list's other conditions aside, so a bound of its matches).
 */
export type FewCheck = { records: SQL; check: SQL };

/** The most records, and the most of the list's rows they have, for a joined condition's matches to count as few. */
export const FEW_RECORDS = 300;
export const FEW_ROWS = 2_000;

function fewRowsCheck(
  record: Pick<JoinedRecord, 'table' | 'id' | 'foreignKey'>,
  condition: SQL,
  estimateBy: SQL | undefined,
): ((steady: SQL | undefined) => FewCheck) | undefined {
  if (!is(record.foreignKey, PgColumn)) return undefined;
  const list = record.foreignKey.table;
  // Estimated by the trigram superset where there is one: the estimate of both conditions together multiplies their
  // selectivities (a fragment in 33,000 customers' names was estimated at 150), while the superset is what the
  // question's index reads.
  const records = sql`SELECT ${record.id} FROM ${record.table} WHERE ${estimateBy ?? condition}`;
  // The rows through the foreign key's index, record by record (LATERAL), stopping at FEW_ROWS + 1, with the list's
  // steady conditions (its deletion mark), so that a partial index of the key serves (the tasks' is): as one
  // `= ANY (ids)`, the planner, not knowing the ids, read the list's table in parallel (43–139 ms for 833 users).
  // OFFSET 0 keeps the records' array one InitPlan rather than one per use.
  return (steady) => {
    const alsoSteady = steady ? sql` AND ${steady}` : sql``;
    return {
      records,
      check: sql`SELECT cardinality(found.ids) <= ${FEW_RECORDS} AND (SELECT count(*) FROM (SELECT 1
        FROM unnest(found.ids) AS record(id)
        CROSS JOIN LATERAL (SELECT 1 FROM ${list} WHERE ${record.foreignKey} = record.id${alsoSteady}
          LIMIT ${FEW_ROWS + 1}) AS own
        LIMIT ${FEW_ROWS + 1}) AS rows) <= ${FEW_ROWS} AS few
      FROM (SELECT ARRAY(SELECT ${record.id} FROM ${record.table} WHERE ${condition} LIMIT ${FEW_RECORDS + 1}) AS ids
        OFFSET 0) AS found`,
    };
  };
}

function fewOf(conditions: SQL[], steady: SQL | undefined): FewCheck[] | undefined {
  const checks = conditions.map((c) => fewChecks.get(c)?.(steady)).filter((c): c is FewCheck => c !== undefined);
  return checks.length ? checks : undefined;
}

/** A record's condition asked of one row's record: true, or false when it has none or it does not match. */
export function probeOf(record: Pick<JoinedRecord, 'table' | 'id' | 'foreignKey'>, condition: SQL): SQL {
  return sql`coalesce((SELECT ${condition} FROM ${record.table} WHERE ${record.id} = ${record.foreignKey} LIMIT 1), false)`;
}

/**
 * A condition on a joined record, as a condition on the list's own foreign key. One record by its key (a uuid): the
 * key's id looked up first (an InitPlan) and compared as a value, which the index of the foreign key (and the list's
 * order) serves. Anything else (a name's text): a semi-join, where the planner weighs reading the records that match
 * first (the parties' trigram index, then the list's rows through the foreign key's index) against walking the list in
 * its order and checking each row's record. The rows are exactly those the join to the record and the same condition
 * gave: a row without the record (a null key) never matches.
 */
export function joinedCondition(record: JoinedRecord, condition: SQL, unique = false, estimateBy?: SQL): SQL {
  const ids = sql`SELECT ${record.id} FROM ${record.table} WHERE ${condition}`;
  if (unique) return sql`${record.foreignKey} = (${ids})`;
  const semiJoin = sql`${record.foreignKey} IN (${ids})`;
  semiJoins.add(semiJoin);
  const few = fewRowsCheck(record, condition, estimateBy);
  if (few) fewChecks.set(semiJoin, few);
  return scattered(semiJoin, probeOf(record, condition));
}

/** A search text's trigram-indexed superset on the record's search_text (see JoinedRecord.searchText). */
function searchTextSuperset(record: JoinedRecord, column: SQLWrapper, patterns: string[]): SQL | undefined {
  const searchText = record.searchText;
  if (!searchText?.of.includes(column) || patterns.length === 0) return undefined;
  const ors = patterns.map((p) => sql`${searchText.text} LIKE f_unaccent(lower(${p}))`);
  return ors.length === 1 ? ors[0] : sql`(${sql.join(ors, sql` OR `)})`;
}

export type CustomFilter = (value: string) => SQL | undefined;

/**
 * A sort key in a structured form: besides the ORDER BY it renders, the exporter walks a list in keyset batches from it
 * (the last row's values of every key), so that an export keeps the table's sort without OFFSET.
 */
export type SortKey = { kind: 'sortKey'; column: SQLWrapper; direction: 'asc' | 'desc'; nulls: 'first' | 'last' };

/** As `order[field]=` sorts: ascending with empty values first, descending with them last (one index serves both). */
export const sortKey = (
  column: SQLWrapper,
  direction: 'asc' | 'desc' = 'asc',
  nulls: 'first' | 'last' = direction === 'asc' ? 'first' : 'last',
): SortKey => ({ kind: 'sortKey', column, direction, nulls });

export const sortSql = (key: SortKey): SQL =>
  sql`${key.column} ${sql.raw(key.direction === 'asc' ? 'ASC' : 'DESC')} NULLS ${sql.raw(key.nulls === 'first' ? 'FIRST' : 'LAST')}`;

type OrderItem = SQL | SortKey;
const isSortKey = (item: OrderItem): item is SortKey => (item as SortKey).kind === 'sortKey';

export type FilterSpec = {
  fields: Record<string, FilterField>;
  /** Parameters with their own meaning (e.g. `search`, `status=wszystkie`). */
  custom?: Record<string, CustomFilter>;
  /** Applied when the parameter is absent, e.g. `{ status: 'aktywne' }`. */
  defaults?: Record<string, string>;
  /** Always applied (e.g. hide soft-deleted rows unless deletionReason is filtered). */
  base?: (present: ReadonlySet<string>) => SQL | undefined;
  defaultOrder: OrderItem[];
  /**
   * An order for when some filters are present and the client asked for none; e.g. a text search
   * sorts its (few) matches rather than walking the name index past every row that does not match.
   */
  orderWhen?: (present: ReadonlySet<string>, equals: FilterEquals) => OrderItem[] | undefined;
  /** Last sort key, so that pages are stable. */
  tiebreaker: SQLWrapper;
  itemsPerPage: number;
  maxItemsPerPage?: number;
  /**
   * The page's ids read first, from the list's table alone, as for a semi-join filter (`pageKey`): where the order's
   * index holds what the list's base condition reads (an INCLUDE), the rows skipped are skipped in the index, and only
   * the page's rows are read and joined (the loadings archive). A function: only when the filters given ask for it (the
   * invoices' overdue ones, whose skipped rows the index holds, while their other views read the rows as they walk).
   */
  idsFirst?: boolean | ((present: ReadonlySet<string>) => boolean);
};

/** What each filter given asked to equal (ListParams.equals). */
export type FilterEquals = ReadonlyMap<string, readonly string[] | null>;

export type ListParams = {
  where: SQL | undefined;
  orderBy: SQL[];
  /** The same order as keys, the tiebreaker last (for the exporter's keyset batches); undefined for a raw SQL order. */
  sortKeys: SortKey[] | undefined;
  paginated: boolean;
  /** API Platform's partial pagination (`partial=true`): a page without the total count. */
  partial: boolean;
  /** The filters given (e.g. 'customer.nip'), so that a count joins only the tables they need. */
  present: ReadonlySet<string>;
  /**
   * What each filter given asked for, when it asked for equality: a custom filter's value (status → ['aktywne']), a
   * field's values without an operator (loadingCountry → ['PL']); null for a field given with one (`[gte]`). For
   * totals read from kept counts (http/listing.ts) and the pickers' walk (modules/parties/walk.ts).
   */
  equals: FilterEquals;
  /** The fields sorted by (e.g. 'customer.companyName'), so that a narrow select keeps the joins they need. */
  sortedBy: ReadonlySet<string>;
  page: number;
  itemsPerPage: number;
  limit: number | undefined;
  offset: number;
  /**
   * The list's key (its tiebreaker, unique), when a filter is a semi-join on another table (`joinedCondition`): the
   * page's ids are then read first, from the list's table alone, and its rows joined for those ids (http/listing.ts; an
   * export's batches likewise, http/export.ts).
   */
  pageKey?: SQLWrapper;
  /**
   * The conditions whose matches may lie anywhere along the order (`scattered`), and the others: a page with the first
   * is read a bounded way (http/listing.ts `scatteredPageIds`). `where` is both.
   */
  scatteredWhere?: SQL;
  /**
   * An order an index yields, for the walks whose answer does not depend on the order (a total counted up to its cap,
   * http/listing.ts `cappedMatches`), where `orderBy` begins with a key no index holds (a search's ranking,
   * modules/parties/ranked.ts): walked by `orderBy`, the count sorted every row of the table first.
   */
  countOrder?: SQL[];
  /** `scatteredWhere` asked one row at a time, for the bounded walk (see `probes`). */
  scatteredProbe?: SQL;
  /**
   * The questions whether the matches are surely few (a joined record's condition that few records meet, with few
   * rows: `FewCheck`), any one of which bounds them: then they are found on their own, without the walk.
   */
  scatteredFew?: FewCheck[];
  steadyWhere?: SQL;
  /** The list's unique key (its tiebreaker). */
  rowKey?: SQLWrapper;
  /** The filters given on a joined record's field (`FilterField.joined`): subqueries, which need no join of the list. */
  joinedFilters?: ReadonlySet<string>;
  /** Set by runList (http/listing.ts) when the total was counted up to its cap only: it is a lower bound. */
  totalCapped?: boolean;
  /** The query as given, for a list whose usual views are answered from kept values (the invoices' months). */
  raw?: RawQuery;
};

export type RawQuery = Record<string, unknown>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT_RE = /^-?\d{1,15}$/;
const DATE_ONLY_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const KEY_RE = /^([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*)(?:\[([a-z_]*)\])?(\[\])?$/;
const MAX_VALUE_LENGTH = 200;
const MAX_VALUES = 100;

const RANGE_OPS = new Set(['gte', 'lte', 'gt', 'lt', 'between']);
const DATE_OPS = new Set(['after', 'before', 'strictly_after', 'strictly_before']);

/**
 * The allow-lists are plain objects: `fields.toString` or `custom.constructor` would find Object.prototype's
 * members (a 500 on `?toString=1`). Only a list's own entries count.
 */
function own<T>(list: Record<string, T> | undefined, key: string): T | undefined {
  return list && Object.hasOwn(list, key) ? list[key] : undefined;
}

function invalid(name: string): AppError {
  return new AppError(400, 'invalid_filter', apiMessages.invalidFilter(name));
}

function valuesOf(raw: unknown, name: string): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length > MAX_VALUES) throw invalid(name);
  return list.map((v) => {
    // PostgreSQL text cannot hold NUL: such a value can match nothing, and the database would refuse it mid-answer.
    if (typeof v !== 'string' || v.length > MAX_VALUE_LENGTH || v.includes('\u0000')) throw invalid(name);
    return v;
  });
}

function single(raw: unknown, name: string): string {
  const values = valuesOf(raw, name);
  // A repeated scalar parameter: API Platform takes the last one.
  return values[values.length - 1] ?? '';
}

export function parseBool(value: string, name: string): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw invalid(name);
}

/** Integers as the database stores them (32-bit): a larger number cannot match and is refused. */
const INT_MAX = 2_147_483_647;

export function parseInteger(value: string, name: string): number {
  if (!INT_RE.test(value.trim())) throw invalid(name);
  const n = Number(value.trim());
  if (!Number.isSafeInteger(n) || Math.abs(n) > INT_MAX) throw invalid(name);
  return n;
}

function checkDate(value: string, name: string): string {
  const v = value.trim();
  if (!DATE_ONLY_RE.test(v) && !DATE_TIME_RE.test(v)) throw invalid(name);
  const day = v.slice(0, 10);
  if (day.startsWith('0000')) throw invalid(name);
  const d = new Date(`${day}T00:00:00Z`);
  // Rejects 2026-02-30 and the like, which Date would roll over.
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day) throw invalid(name);
  if (v.length > 10 && Number.isNaN(new Date(v.replace(' ', 'T')).getTime())) throw invalid(name);
  return v;
}

/** A date-only value on a timestamp column means that whole day in Warsaw (on a wall-clock column, that day). */
function dateBound(field: FilterField, value: string, edge: 'start' | 'end'): SQL {
  if (field.type === 'timestamp' && DATE_ONLY_RE.test(value)) {
    const day = edge === 'start' ? sql`${value}::date` : sql`(${value}::date + 1)`;
    const zone = field.wallClock ? 'UTC' : APP_TIMEZONE;
    return sql`(${day}::timestamp AT TIME ZONE ${sql.raw(`'${zone}'`)})`;
  }
  return field.type === 'timestamp' ? sql`${value}::timestamptz` : sql`${value}::date`;
}

function typed(field: FilterField, value: string, name: string): unknown {
  switch (field.type) {
    case 'int':
      return parseInteger(value, name);
    case 'uuid':
      if (!UUID_RE.test(value)) throw invalid(name);
      return value.toLowerCase();
    case 'bool':
      return parseBool(value, name);
    case 'date':
    case 'timestamp':
      return checkDate(value, name);
    default:
      return value;
  }
}

/** Escapes LIKE wildcards so that '50%' searches for '50%'. */
/** A filter's value given as alternatives ('aktywne,zakonczone'): each trimmed, the empty ones left out. */
export function commaSeparated(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

export function likePattern(text: string, mode: 'partial' | 'start'): string {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return mode === 'partial' ? `%${escaped}%` : `${escaped}%`;
}

/**
 * Texts whose unaccented, lower-case form keeps its LIKE wildcards and escapes where they were: letters, digits, spaces
 * and ASCII. unaccent turns a few other signs into one ('％' into '%', '∖' into '\\'), which would make a pattern match
 * differently after unaccenting; such a text is filtered without the trigram superset (as before, by the column alone).
 */
const PLAIN_TEXT_RE = /^[\p{L}\p{M}\p{N}\p{Zs}\x20-\x7e]*$/u;

/**
 * The column's condition for one value, and, when the field has a trigram text, that text containing the value too. The
 * superset holds: `ILIKE` is `lower(a) LIKE lower(p)`, and lower() and unaccent() map a text character by character
 * (unaccent's rules each replace one character), so a column that contains the value gives a joined text that contains
 * it, unaccented and lower-case as the trigram text is.
 */
function withTrigram(field: FilterField, condition: SQL, needle: string): SQL {
  if (!field.trigram || !PLAIN_TEXT_RE.test(needle)) return condition;
  return sql`(${condition} AND ${field.trigram} LIKE f_unaccent(lower(${likePattern(needle, 'partial')})))`;
}

function searchCondition(field: FilterField, raw: unknown, name: string): SQL | undefined {
  const own = ownSearchCondition(field, raw, name);
  const mode = field.search ?? 'exact';
  const condition = own && CONTAINS_MODES.has(mode) ? scattered(own) : own;
  if (!condition || !field.joined) return condition;
  const values = valuesOf(raw, name).filter((v) => v !== '');
  if (mode === 'exact' && field.type === 'uuid') return joinedCondition(field.joined, condition, values.length === 1);
  // A text found inside the column is found inside the record's search_text too (lower-case and unaccented, as the
  // 'unaccent' and the compact 'taxId' / 'phone' matches compare it): the trigram index narrows, the column decides.
  const inside =
    mode === 'unaccent' || mode === 'partial'
      ? values.map((v) => likePattern(v, 'partial'))
      : mode === 'taxId' || mode === 'phone'
        ? values
            .map((v) => (mode === 'phone' ? phoneSearchDigits(v) : canonicalTaxId(v)))
            .filter((v) => v !== '')
            .map((v) => likePattern(v, 'partial'))
        : [];
  const superset = searchTextSuperset(field.joined, field.column, inside);
  return joinedCondition(field.joined, superset ? sql`${superset} AND ${condition}` : condition, false, superset);
}

/**
 * The searches that find a text inside a column, or at its start (see `scattered`): none is served by the index of a
 * list's order.
 */
const CONTAINS_MODES = new Set(['partial', 'unaccent', 'taxId', 'phone', 'start']);

function ownSearchCondition(field: FilterField, raw: unknown, name: string): SQL | undefined {
  const values = valuesOf(raw, name).filter((v) => v !== '');
  if (values.length === 0) return undefined;
  const mode = field.search ?? 'exact';
  if (field.values) {
    for (const v of values) if (!field.values.includes(v)) throw invalid(name);
  }
  if (mode === 'partial') {
    const ors = values.map((v) => withTrigram(field, sql`${field.column}::text ILIKE ${likePattern(v, mode)}`, v));
    return ors.length === 1 ? ors[0] : sql`(${sql.join(ors, sql` OR `)})`;
  }
  if (mode === 'start') {
    // `lower(a) LIKE lower(p)` is what ILIKE does (both lower-cased, then matched as LIKE), written so that an index on
    // lower(column) text_pattern_ops reads the prefix as a range (postal codes: '16-', 'sw1a' alike).
    const ors = values.map((v) => sql`lower(${field.column}) LIKE lower(${likePattern(v, mode)})`);
    return ors.length === 1 ? ors[0] : sql`(${sql.join(ors, sql` OR `)})`;
  }
  if (mode === 'unaccent') {
    const ors = values.map((v) =>
      withTrigram(
        field,
        sql`f_unaccent(lower(${field.column})) LIKE f_unaccent(lower(${likePattern(v, 'partial')}))`,
        v,
      ),
    );
    return ors.length === 1 ? ors[0] : sql`(${sql.join(ors, sql` OR `)})`;
  }
  if (mode === 'taxId' || mode === 'phone') {
    const compact = values
      .map((v) => (mode === 'phone' ? phoneSearchDigits(v) : canonicalTaxId(v)))
      .filter((v) => v !== '');
    if (compact.length === 0) return undefined;
    const ors = compact.map((v) => withTrigram(field, sql`${field.column} LIKE ${likePattern(v, 'partial')}`, v));
    return ors.length === 1 ? ors[0] : sql`(${sql.join(ors, sql` OR `)})`;
  }
  if (mode === 'upper') {
    const upper = values.map((v) => v.toUpperCase());
    if (upper.length === 1) return sql`${field.column} = ${upper[0]}`;
    return sql`${field.column} IN (${sql.join(
      upper.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  }
  if (mode === 'iexact') {
    const ors = values.map((v) => sql`lower(${field.column}) = lower(${v})`);
    return ors.length === 1 ? ors[0] : sql`(${sql.join(ors, sql` OR `)})`;
  }
  const parsed = values.map((v) => typed(field, v, name));
  if (parsed.length === 1) return sql`${field.column} = ${parsed[0]}`;
  return sql`${field.column} IN (${sql.join(
    parsed.map((p) => sql`${p}`),
    sql`, `,
  )})`;
}

type CompareOp = 'gte' | 'gt' | 'lte' | 'lt';

/**
 * One comparison. A date-only value on a timestamp column covers the whole day in Warsaw,
 * so `before=2026-11-30` includes the 30th and `strictly_after=2026-11-30` starts on the 1st.
 */
function compare(field: FilterField, op: CompareOp, value: string, name: string): SQL {
  const col = field.column;
  if (field.type === 'int') {
    const n = parseInteger(value, name);
    const ops = { gte: sql`>=`, gt: sql`>`, lte: sql`<=`, lt: sql`<` };
    return sql`${col} ${ops[op]} ${n}`;
  }
  if (field.type !== 'date' && field.type !== 'timestamp') throw invalid(name);
  const v = checkDate(value, name);
  const wholeDay = field.type === 'timestamp' && DATE_ONLY_RE.test(v);
  switch (op) {
    case 'gte':
      return sql`${col} >= ${dateBound(field, v, 'start')}`;
    case 'gt':
      return wholeDay ? sql`${col} >= ${dateBound(field, v, 'end')}` : sql`${col} > ${dateBound(field, v, 'start')}`;
    case 'lte':
      return wholeDay ? sql`${col} < ${dateBound(field, v, 'end')}` : sql`${col} <= ${dateBound(field, v, 'start')}`;
    default:
      return sql`${col} < ${dateBound(field, v, 'start')}`;
  }
}

function rangeCondition(field: FilterField, op: string, raw: unknown, name: string): SQL | undefined {
  const value = single(raw, name).trim();
  if (value === '') return undefined;
  if (op !== 'between') return compare(field, op as CompareOp, value, name);
  const parts = value.split('..');
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw invalid(name);
  return sql`(${compare(field, 'gte', parts[0], name)} AND ${compare(field, 'lte', parts[1], name)})`;
}

const DATE_TO_COMPARE: Record<string, CompareOp> = {
  after: 'gte',
  strictly_after: 'gt',
  before: 'lte',
  strictly_before: 'lt',
};

function dateCondition(field: FilterField, op: string, raw: unknown, name: string): SQL | undefined {
  const value = single(raw, name).trim();
  if (value === '') return undefined;
  if (field.type !== 'date' && field.type !== 'timestamp') throw invalid(name);
  return compare(field, DATE_TO_COMPARE[op] ?? 'gte', value, name);
}

/**
 * Told of every list parsed (the bench learns each list route's filters and sorts by calling it once: a list added
 * later is measured without anyone listing it). None outside the bench and its tests.
 */
let listSpecObserver: ((spec: FilterSpec, query: RawQuery) => void) | undefined;
export function observeListSpecs(observer: ((spec: FilterSpec, query: RawQuery) => void) | undefined): void {
  listSpecObserver = observer;
}

export function parseListQuery(query: RawQuery, spec: FilterSpec): ListParams {
  listSpecObserver?.(spec, query);
  const conditions: SQL[] = [];
  const orderBy: SortKey[] = [];
  /** An order was asked for (possibly by the tiebreaker alone, which is then not repeated as a sort key). */
  let ordered = false;
  /** The tiebreaker was sorted by: rows are unique by it, so that later sort keys change nothing. */
  let settled = false;
  let lastDirection: 'asc' | 'desc' = 'asc';
  const present = new Set<string>();
  const equals = new Map<string, readonly string[] | null>();
  const sortedBy = new Set<string>();
  const joinedFilters = new Set<string>();
  let paginated = true;
  let partial = false;
  let page = 1;
  let itemsPerPage = spec.itemsPerPage;
  const maxPerPage = spec.maxItemsPerPage ?? MAX_ITEMS_PER_PAGE;

  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    // A name of Object.prototype's (`toString`, `__proto__`, `constructor[x]`) is never a filter: refused rather than
    // ignored, as the probe that found the 500 expects.
    if ((key.split(/[[.]/)[0] ?? key) in Object.prototype) throw invalid(key);
    if (key === 'pagination') {
      paginated = parseBool(single(raw, key), key);
      continue;
    }
    if (key === 'partial') {
      partial = parseBool(single(raw, key), key);
      continue;
    }
    if (key === 'page') {
      page = parseInteger(single(raw, key), key);
      if (page < 1 || page > 1_000_000) throw invalid(key);
      continue;
    }
    if (key === 'itemsPerPage') {
      itemsPerPage = parseInteger(single(raw, key), key);
      if (itemsPerPage < 1 || itemsPerPage > maxPerPage) throw invalid(key);
      continue;
    }
    const orderMatch = /^order\[([A-Za-z0-9_.]+)\]$/.exec(key);
    if (orderMatch?.[1]) {
      const field = own(spec.fields, orderMatch[1]);
      if (!field?.order) continue;
      const direction = single(raw, key).toLowerCase();
      if (direction !== 'asc' && direction !== 'desc') throw invalid(key);
      // Nulls count as the smallest value (as the original client saw them), so an index declared NULLS FIRST
      // serves both directions. The tiebreaker (the id, never null) is left to the tiebreaker: `id DESC NULLS LAST`
      // would not be the primary key read backwards, and every row would be sorted.
      if (settled) continue;
      const column = field.orderBy ?? field.column;
      if (column === spec.tiebreaker) settled = true;
      else orderBy.push(sortKey(column, direction));
      ordered = true;
      sortedBy.add(orderMatch[1]);
      lastDirection = direction;
      continue;
    }
    const custom = own(spec.custom, key);
    if (custom) {
      present.add(key);
      // A repeated parameter reaches a custom filter as one comma-separated value.
      const values = valuesOf(raw, key);
      const value = (values.length > 1 ? values.join(',') : (values[0] ?? '')).trim();
      equals.set(key, [value]);
      const condition = custom(value);
      if (condition) conditions.push(condition);
      continue;
    }
    const match = KEY_RE.exec(key);
    if (!match?.[1]) continue;
    const [, name, op] = match;
    const field = own(spec.fields, name);
    if (!field) continue;
    present.add(name);
    if (field.joined) joinedFilters.add(name);
    // Given twice (`loadingCountry=PL&loadingCountry[…]=…`), or with an operator: not a plain equality.
    equals.set(name, equals.has(name) || (op !== undefined && op !== '') ? null : valuesOf(raw, key));
    let condition: SQL | undefined;
    // A known field asked in a way it does not support is refused, never silently unfiltered.
    if (op === undefined || op === '') {
      if (!field.search) throw invalid(key);
      condition = searchCondition(field, raw, key);
    } else if (RANGE_OPS.has(op)) {
      if (!field.range) throw invalid(key);
      condition = rangeCondition(field, op, raw, key);
    } else if (DATE_OPS.has(op)) {
      if (!field.date) throw invalid(key);
      condition = dateCondition(field, op, raw, key);
    } else {
      throw invalid(key);
    }
    if (condition) conditions.push(condition);
  }

  for (const [name, value] of Object.entries(spec.defaults ?? {})) {
    if (present.has(name)) continue;
    const custom = own(spec.custom, name);
    const field = own(spec.fields, name);
    const condition = custom ? custom(value) : field ? searchCondition(field, value, name) : undefined;
    if (condition) conditions.push(condition);
  }
  const base = spec.base?.(present);
  if (base) conditions.push(base);

  const order: OrderItem[] = ordered ? orderBy : [...(spec.orderWhen?.(present, equals) ?? spec.defaultOrder)];
  // The tiebreaker runs the way the last sort key does, so that one index on (column NULLS FIRST, id) serves a
  // sort in either direction, read forwards or backwards.
  const tiebreaker = sortKey(spec.tiebreaker, lastDirection);
  const spread = conditions.filter((c) => scatteredConditions.has(c));
  const steady = conditions.filter((c) => !scatteredConditions.has(c));
  const steadyWhere = steady.length ? and(...steady) : undefined;
  return {
    where: conditions.length ? and(...conditions) : undefined,
    pageKey:
      (typeof spec.idsFirst === 'function' ? spec.idsFirst(present) : spec.idsFirst) ||
      conditions.some((c) => semiJoins.has(c))
        ? spec.tiebreaker
        : undefined,
    scatteredWhere: spread.length ? and(...spread) : undefined,
    scatteredProbe: spread.length ? and(...spread.map((c) => probes.get(c) ?? c)) : undefined,
    // The matches are within those of each condition: any one whose matches are few bounds them.
    scatteredFew: fewOf(spread, steadyWhere),
    steadyWhere,
    rowKey: spec.tiebreaker,
    joinedFilters,
    orderBy: [
      ...order.map((item) => (isSortKey(item) ? sortSql(item) : item)),
      lastDirection === 'desc' ? desc(spec.tiebreaker as never) : asc(spec.tiebreaker as never),
    ],
    sortKeys: order.every(isSortKey) ? [...order, tiebreaker] : undefined,
    paginated,
    partial: paginated && partial,
    present,
    equals,
    sortedBy,
    page,
    itemsPerPage,
    limit: paginated ? itemsPerPage : undefined,
    offset: paginated ? (page - 1) * itemsPerPage : 0,
    raw: query,
  };
}
