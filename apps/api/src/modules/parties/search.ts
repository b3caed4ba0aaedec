import { canonicalTaxId, looksLikePhone, phoneSearchDigits } from '@spedycja/domain';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { likePattern } from '../../http/filters.ts';

/**
 * What a typed text is looked for as: a phone number by its national digits ('+48 601 202 303', '0048601202303' and
 * '601-202-303' all look for 601202303), a NIP without 'PL', spaces and dashes, any other text lower-cased.
 */
function searchNeedle(input: string): string | undefined {
  const text = input.trim();
  if (!text) return undefined;
  const needle = looksLikePhone(text)
    ? phoneSearchDigits(text)
    : /^PL[\s\d.-]+$/i.test(text)
      ? canonicalTaxId(text)
      : text.toLowerCase();
  return needle || undefined;
}

/**
 * The text a person types into a search box, matched against the generated, unaccented
 * `search_text` column (trigram-indexed).
 */
export function searchCondition(searchText: SQLWrapper, input: string): SQL | undefined {
  const needle = searchNeedle(input);
  return needle === undefined ? undefined : sql`${searchText} LIKE f_unaccent(${likePattern(needle, 'partial')})`;
}

/**
 * The typed text unaccented as the sort keys are, for their index's range (walk.ts): none for an empty search, nor
 * when its last character has no next one in UTF-8 (U+D7FF, U+10FFFF), which the range's end is made of.
 */
export function searchPrefix(input: string): SQL | undefined {
  const needle = searchNeedle(input);
  const last = needle === undefined ? undefined : [...needle].at(-1)?.codePointAt(0);
  if (needle === undefined || last === undefined || last === 0xd7ff || last >= 0x10ffff) return undefined;
  return sql`f_unaccent(${needle})`;
}

/**
 * Whether an unaccented sort key (a party's company name) begins with the typed text, never NULL: a search ranks
 * these first ('trans' shows Trans-Pol before a company whose e-mail is transport@…).
 */
export function beginsWithSearch(sortKey: SQLWrapper, input: string): SQL | undefined {
  const needle = searchNeedle(input);
  return needle === undefined
    ? undefined
    : sql`coalesce(${sortKey} LIKE f_unaccent(${likePattern(needle, 'start')}), false)`;
}
