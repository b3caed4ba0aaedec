import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import type { ListParams } from '../../http/filters.ts';
import { searchCondition } from './search.ts';

/** How far down the search's order a picker's page is looked for before the trigram index is asked instead. */
export const WALK_ROWS = 12_000;

/**
 * The ids of a picker's page (`search=…&partial=true`, nothing else), found by walking the search's order in the index
 * that holds it with the searched text (migration 0039), or null when the page is not within the first WALK_ROWS.
 *
 * The trigram index finds every match, and the page then sorts them all: the heap read of each costs about 2 µs, so a
 * common fragment ('kow': Kowalski, Kraków… 15 % of the demo's customers) took 30 ms at 100,000 and 280 ms at a
 * million. Walking the order stops at the page's last match instead, reading index entries only. A rare fragment is
 * not found within the walk and goes to the trigram index, which then has few matches to sort.
 */
export async function walkedPage(db: DbOrTx, table: PgTable, params: ListParams): Promise<number[] | null> {
  const search = params.equals.get('search')?.[0];
  if (search === undefined || params.present.size !== 1 || params.sortedBy.size > 0) return null;
  if (!params.partial || params.limit === undefined) return null;
  const match: SQL | undefined = searchCondition(sql`walk.search_text`, search);
  if (!match) return null;
  const wanted = params.offset + params.limit;
  // The walk's rows come out in the index's order (a Limit over an index scan, filtered, is not reordered), so the
  // first `wanted` matches are the first of the whole order.
  const rows = await selectRows<{ id: number }>(
    db,
    sql`SELECT walk.id FROM (
          SELECT id, search_text FROM ${table} ORDER BY company_sort_key, name_sort_key, id LIMIT ${WALK_ROWS}
        ) walk WHERE ${match} LIMIT ${wanted}`,
  );
  if (rows.length < wanted) return null;
  return rows.slice(params.offset).map((r) => r.id);
}
