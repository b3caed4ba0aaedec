import { canonicalTaxId, looksLikePhone, phoneSearchDigits } from '@spedycja/domain';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { likePattern } from '../../http/filters.ts';

/**
 * The text a person types into a search box, matched against the generated, unaccented
 * `search_text` column (trigram-indexed). Phone numbers match by their national digits ('+48 601 202 303',
 * '0048601202303' and '601-202-303' all find 601202303), NIPs without 'PL', spaces and dashes.
 */
export function searchCondition(searchText: SQLWrapper, input: string): SQL | undefined {
  const text = input.trim();
  if (!text) return undefined;
  const needle = looksLikePhone(text)
    ? phoneSearchDigits(text)
    : /^PL[\s\d.-]+$/i.test(text)
      ? canonicalTaxId(text)
      : text.toLowerCase();
  if (!needle) return undefined;
  return sql`${searchText} LIKE f_unaccent(${likePattern(needle, 'partial')})`;
}
