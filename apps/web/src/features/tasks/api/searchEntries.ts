import { type HydraCollection, type Order, PICKER_PAGE_SIZE, type Query } from '@spedycja/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/apiClient.ts';
import { tasksMessages as t } from '../messages.ts';
import { orderEntry, queryEntry, type TaskEntry } from '../taskEntry.ts';
import { entrySearchId } from '../taskRules.ts';

/** Every status, a short page, no count: what a picker needs. */
const base = { status: 'wszystkie', itemsPerPage: PICKER_PAGE_SIZE, partial: true } as const;

/**
 * The searches behind the entry picker: a query by its number (id), an order by its number, and
 * both by cargo or customer text. Each is a plain list filter of the queries and orders APIs.
 */
export function entrySearches(term: string): { resource: 'queries' | 'orders'; params: QueryParams }[] {
  const searches: { resource: 'queries' | 'orders'; params: QueryParams }[] = [];
  const id = entrySearchId(term);
  if (id !== null) searches.push({ resource: 'queries', params: { ...base, id } });
  if (/\d/.test(term)) searches.push({ resource: 'orders', params: { ...base, number: term.replace(/^#/, '') } });
  if (id === null) {
    for (const resource of ['queries', 'orders'] as const) {
      searches.push({ resource, params: { ...base, cargo: term } });
      searches.push({ resource, params: { ...base, customer: term } });
    }
  }
  return searches;
}

/** Runs the searches together; queries first, then orders, each once. */
export async function searchEntries(term: string, signal?: AbortSignal): Promise<TaskEntry[]> {
  const results = await Promise.all(
    entrySearches(term).map(async ({ resource, params }) => {
      if (resource === 'queries') {
        const page = await api.list<Query>('/queries', params, { signal });
        return page['hydra:member'].map(queryEntry);
      }
      const page: HydraCollection<Order> = await api.list<Order>('/orders', params, { signal });
      return page['hydra:member'].map(orderEntry);
    }),
  );
  const byKey = new Map<string, TaskEntry>();
  for (const entry of results.flat().sort((a, b) => (a.type === b.type ? 0 : a.type === 'query' ? -1 : 1))) {
    byKey.set(`${entry.type}:${entry.uuid}`, entry);
  }
  return [...byKey.values()];
}

/** `term` is null while the picker should not ask (see entrySearchTerm). */
export const useEntrySearch = (term: string | null) =>
  useQuery({
    queryKey: ['taskEntries', term] as const,
    queryFn: ({ signal }) => searchEntries(term ?? '', signal),
    enabled: term !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    meta: { errorAction: t.loadEntries },
  });
