import type { UseFormReturnType } from '@mantine/form';
import { canonicalTaxId, DEBOUNCE_MS, type PartyDuplicates, splitPhone } from '@spedycja/domain';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

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

/** The numbers a duplicate check compares, as typed. */
export type PartyNumbers = { nip: string; phonePrefix: string; phone: string };

export type UseDuplicateCountsInput = {
  /** The feature's key root, e.g. ['customers']. */
  queryKey: QueryKey;
  fetcher: DuplicateFetcher;
  /** The numbers once typing has paused on them (useSettledNumbers); null while they are being typed. */
  numbers: PartyNumbers | null;
  /** The record being edited, which is not its own duplicate. */
  exclude: string | null;
};

/**
 * The counts behind the hints under NIP and Telefon, checked once typing stops (SPEC §5, §9).
 * Null while the numbers on screen have not been checked yet, so a hint never speaks of an old number.
 */
export function useDuplicateCounts({
  queryKey,
  fetcher,
  numbers,
  exclude,
}: UseDuplicateCountsInput): DuplicateCounts | null {
  const query = numbers ? duplicateQuery(numbers.nip, numbers.phonePrefix, numbers.phone, exclude) : null;
  const result = useQuery({
    queryKey: [...queryKey, 'duplicates', query],
    queryFn: ({ signal }) => fetcher(query as DuplicateQuery, signal),
    enabled: query !== null && (query.nip !== '' || query.phone !== ''),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (!query || !result.data) return null;
  return result.data;
}

const numbersOf = ({ nip, phonePrefix, phone }: PartyNumbers): PartyNumbers => ({ nip, phonePrefix, phone });

/**
 * The form's numbers, settled: null from the first key typed into NIP, the prefix or Telefon until typing pauses for
 * `debounceMs` (1 s, SPEC §5), then the numbers as they are. The form renders again at those two moments only, not
 * on each key.
 */
export function useSettledNumbers<V extends PartyNumbers>(
  // biome-ignore lint/suspicious/noExplicitAny: any party form (customer, carrier).
  form: UseFormReturnType<V, any>,
  debounceMs = DEBOUNCE_MS.duplicateCheck,
): PartyNumbers | null {
  const [settled, setSettled] = useState<PartyNumbers | null>(() => numbersOf(form.getValues()));
  const getValues = useRef(form.getValues);
  getValues.current = form.getValues;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onChange = useCallback(() => {
    setSettled(null);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSettled(numbersOf(getValues.current())), debounceMs);
  }, [debounceMs]);
  form.watch('nip', onChange);
  form.watch('phonePrefix', onChange);
  form.watch('phone', onChange);
  return settled;
}

export const hasDuplicates = (counts: DuplicateCounts | null) => !!counts && (counts.nip > 0 || counts.phone > 0);
