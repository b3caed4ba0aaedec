import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { likePattern } from '../../http/filters.ts';

/**
 * The text a person types into a search box, matched against the generated, unaccented
 * `search_text` column (trigram-indexed). Phone numbers and NIPs typed with spaces or dashes match too.
 */
export function searchCondition(searchText: SQLWrapper, input: string): SQL | undefined {
  const text = input.trim();
  if (!text) return undefined;
  const needle = /^[\d\s+()-]+$/.test(text) ? text.replace(/\D/g, '') : text.toLowerCase();
  if (!needle) return undefined;
  return sql`${searchText} LIKE f_unaccent(${likePattern(needle, 'partial')})`;
}
