import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import type { ListParams } from '../../http/filters.ts';
import { beginsWithSearch, searchCondition, searchPrefix } from './search.ts';

/** How far down the search's order a picker's page is looked for before the trigram index is asked instead. */
export const WALK_ROWS = 12_000;
/** Fewer matches than this are the trigram index's to sort (well under a millisecond) rather than walked for. */
export const FEW_MATCHES = 200;

/**
 * Whether the database sorts text by code point (C, C.UTF-8), asked once per database: then the names that begin with
 * a text are one range of the sort keys' index, from the text to the text with its last character's next. Under a
 * language's collation they need not be, and the picker leaves them to the trigram index.
 */
const codePointOrder = new WeakMap<object, Promise<boolean>>();
export function sortsByCodePoint(db: DbOrTx): Promise<boolean> {
  let known = codePointOrder.get(db);
  if (!known) {
    known = selectRows<{ c: boolean }>(db, sql`SELECT ('B' < 'a' AND 'z' < 'ą' AND 'a-c' < 'ab') AS c`).then(
      (rows) => rows[0]?.c === true,
    );
    codePointOrder.set(db, known);
  }
  return known;
}

/**
 * The ids of a picker's page (`search=…&partial=true`, nothing else) in the search's order (fields.ts: the company
 * names that begin with the text first, then the other matches, each by the sort keys), read from the index that holds
 * the sort keys with the searched text (migrations 0039, 0041); null when the trigram index should answer instead.
 *
 * The trigram index finds every match, and the page then sorts them all: the heap read of each costs 2–5 µs, so a
 * common fragment ('trans': 3 % of the demo's customers, 'kow': 15 %) took 15–30 ms at 100,000 and 10 times that at a
 * million. Here the names that begin with the text are one range of the index, read up to the page's end; the other
 * matches are looked for along the order, up to WALK_ROWS entries of the index alone (about 0.4 µs each), when there
 * are many (FEW_MATCHES or more). A page not found so is left to the trigram index, which then has few to sort.
 */
export async function walkedPage(db: DbOrTx, table: PgTable, params: ListParams): Promise<number[] | null> {
  const search = params.equals.get('search')?.[0];
  if (search === undefined || params.present.size !== 1 || params.sortedBy.size > 0) return null;
  if (!params.partial || params.limit === undefined) return null;
  const match: SQL | undefined = searchCondition(sql`walk.search_text`, search);
  const leads = beginsWithSearch(sql`walk.company_sort_key`, search);
  const prefix = searchPrefix(search);
  if (!match || !leads || !prefix || !(await sortsByCodePoint(db))) return null;
  const wanted = params.offset + params.limit;

  // The names that begin with the text: [text, text with its last character's next) of the index.
  const leading = await selectRows<{ id: number }>(
    db,
    sql`SELECT walk.id FROM ${table} walk
        WHERE walk.company_sort_key >= ${prefix}
          AND walk.company_sort_key < left(${prefix}, -1) || chr(ascii(right(${prefix}, 1)) + 1)
          AND ${leads} AND ${match}
        ORDER BY walk.company_sort_key, walk.name_sort_key, walk.id LIMIT ${wanted}`,
  );
  if (leading.length === wanted) return leading.slice(params.offset).map((r) => r.id);

  // A text with few matches (a whole surname, a typo: often none at all) would be walked for in vain.
  const [some] = await selectRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} walk WHERE ${match} LIMIT ${FEW_MATCHES}) few`,
  );
  if ((some?.n ?? 0) < FEW_MATCHES) return null;

  // Every name that begins with the text is on the page; the rest of it follows along the order. The walk's rows come
  // out in the index's order (a Limit over an index scan, filtered, is not reordered).
  const rest = wanted - leading.length;
  const others = await selectRows<{ id: number }>(
    db,
    sql`SELECT walk.id FROM (
          SELECT id, company_sort_key, search_text FROM ${table}
          ORDER BY company_sort_key, name_sort_key, id LIMIT ${WALK_ROWS}
        ) walk WHERE ${match} AND NOT ${leads} LIMIT ${rest}`,
  );
  if (others.length < rest) return null;
  return [...leading, ...others].slice(params.offset).map((r) => r.id);
}
