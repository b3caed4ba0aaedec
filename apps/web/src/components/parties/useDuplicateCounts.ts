import { useDebouncedValue } from '@mantine/hooks';
import { canonicalTaxId, DEBOUNCE_MS, type PartyDuplicates, splitPhone } from '@spedycja/domain';
import { type QueryKey, useQuery } from '@tanstack/react-query';

/** How many other records have this NIP, and this phone, and the first of each (GET /api/{…}/duplicates). */
export type DuplicateCounts = PartyDuplicates;
export type DuplicateQuery = { nip: string; phonePrefix: string; phone: string; exclude: string | null };
export type DuplicateFetcher = (query: DuplicateQuery, signal?: AbortSignal) => Promise<DuplicateCounts>;

const digits = (value: string) => value.replace(/\D/g, '');

/** The numbers as the server compares them: a NIP without 'PL', a phone typed '+49 …' under its own prefix. */
export function duplicateQuery(
  nip: string,
  phonePrefix: string,
  phone: string,
  exclude: string | null,
): DuplicateQuery {
  const typed = splitPhone(phone);
  return {
    nip: canonicalTaxId(nip),
    phonePrefix: typed.prefix ?? digits(phonePrefix),
    phone: typed.number,
    exclude,
  };
}

export type UseDuplicateCountsInput = {
  /** The feature's key root, e.g. ['customers']. */
  queryKey: QueryKey;
  fetcher: DuplicateFetcher;
  nip: string;
  phonePrefix: string;
  phone: string;
  /** The record being edited, which is not its own duplicate. */
  exclude: string | null;
  debounceMs?: number;
};

/**
 * The counts behind the hints under NIP and Telefon, checked 1 s after typing stops (SPEC §5, §9).
 * Null while the numbers on screen have not been checked yet, so a hint never speaks of an old number.
 */
export function useDuplicateCounts({
  queryKey,
  fetcher,
  nip,
  phonePrefix,
  phone,
  exclude,
  debounceMs = DEBOUNCE_MS.duplicateCheck,
}: UseDuplicateCountsInput): DuplicateCounts | null {
  // Compared as text: an object would be new on every render and restart the debounce forever.
  const current = JSON.stringify(duplicateQuery(nip, phonePrefix, phone, exclude));
  const [settled] = useDebouncedValue(current, debounceMs);
  const query = JSON.parse(settled) as DuplicateQuery;
  const result = useQuery({
    queryKey: [...queryKey, 'duplicates', query],
    queryFn: ({ signal }) => fetcher(query, signal),
    enabled: settled === current && (query.nip !== '' || query.phone !== ''),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (settled !== current || !result.data) return null;
  return result.data;
}

export const hasDuplicates = (counts: DuplicateCounts | null) => !!counts && (counts.nip > 0 || counts.phone > 0);
