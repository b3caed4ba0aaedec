import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import type { ListParams } from '../../http/filters.ts';
import type { PartyTable } from './resource.ts';
import { beginsWithSearch, searchPrefix } from './search.ts';
import { sortsByCodePoint } from './walk.ts';

/**
 * The ids of a search's page in its ranked order (fields.ts, `partySearchOrder`: the company names that begin with the
 * text first, then the other matches, each by the sort keys and the id), with every filter of the list; null when the
 * list is not such a search (an order asked for, no text, unpaginated).
 *
 * Ordered by the ranking first, no index yields the order, so the single statement found every match and sorted them
 * all ('kow': 25,000 of 100,000 customers, 10 times that at a million). Here the page is read in two parts, each in
 * the sort keys' order with its own LIMIT: the names that begin with the text (one range of the sort keys' index on a
 * database that sorts by code point, as walk.ts reads it), then, only when they do not fill the page, the others.
 * Each part is planned on its own: a common text is read along the sort keys' index up to the page, a rare one from the
 * trigram index and its few matches sorted. The page's rows are then read by id, in the list's own order (the same as
 * the parts', so the answer is the one statement's).
 */
export async function rankedSearchPage(db: DbOrTx, t: PartyTable, params: ListParams): Promise<number[] | null> {
  const search = params.equals.get('search')?.[0];
  if (search === undefined || params.sortedBy.size > 0 || params.limit === undefined) return null;
  const leads = beginsWithSearch(t.companySortKey, search);
  if (!leads || !params.where) return null;
  const wanted = params.offset + params.limit;
  // The range [text, text with its last character's next) of the sort keys, where they sort by code point: the index's
  // range for the leading part (LIKE alone is a range only under the C collation).
  const prefix = searchPrefix(search);
  const range =
    prefix && (await sortsByCodePoint(db))
      ? sql` AND ${t.companySortKey} >= ${prefix} AND ${t.companySortKey} < left(${prefix}, -1) || chr(ascii(right(${prefix}, 1)) + 1)`
      : sql``;
  const keys = sql`${t.companySortKey}, ${t.nameSortKey}, ${t.id}`;
  const leading = await selectRows<{ id: number }>(
    db,
    sql`SELECT ${t.id} AS id FROM ${t} WHERE ${params.where} AND ${leads}${range} ORDER BY ${keys} LIMIT ${wanted}`,
  );
  if (leading.length === wanted) return leading.slice(params.offset).map((r) => r.id);
  const others = await selectRows<{ id: number }>(
    db,
    sql`SELECT ${t.id} AS id FROM ${t} WHERE ${params.where} AND NOT ${leads} ORDER BY ${keys}
        LIMIT ${wanted - leading.length}`,
  );
  return [...leading, ...others].slice(params.offset).map((r) => r.id);
}

/**
 * The order a search's total walks (`ListParams.countOrder`): the sort keys' index, when the list's order begins with
 * the ranking (fields.ts `partySearchOrder`), which no index yields. A count is the same in any order; walked in the
 * ranked one, it sorted every customer ('kow': 416,000 rows, 0.5 s at 1,000,000).
 */
export function rankedCountOrder(t: PartyTable, params: ListParams): SQL[] | undefined {
  const search = params.equals.get('search')?.[0];
  if (search === undefined || params.sortedBy.size > 0 || !beginsWithSearch(t.companySortKey, search)) return undefined;
  return [sql`${t.companySortKey}`, sql`${t.nameSortKey}`, sql`${t.id}`];
}
