import { type HydraCollection, PAGE_SIZES, type Query } from '@spedycja/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/apiClient.ts';
import { nextPageParam } from '../../../lib/hydra.ts';
import { queriesMessages as t } from '../messages.ts';
import { queryKeys } from './keys.ts';

export const QUERIES_PAGE_SIZE = PAGE_SIZES.queries;

/**
 * GET /api/queries with filters and order: one page of the infinite list. Only the first page
 * counts the matches; the following ones ask for `partial=true` and skip the count.
 */
export const getQueries = (params: QueryParams, page: number, signal?: AbortSignal): Promise<HydraCollection<Query>> =>
  api.list<Query>(
    '/queries',
    { ...params, page, itemsPerPage: QUERIES_PAGE_SIZE, partial: page > 1 ? true : undefined },
    { signal },
  );

export const queriesInfiniteOptions = (params: QueryParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.list(params),
    queryFn: ({ pageParam, signal }) => getQueries(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => nextPageParam(lastPage, allPages, QUERIES_PAGE_SIZE),
    placeholderData: keepPreviousData,
    meta: { errorAction: t.loadList },
  });

export const useInfiniteQueries = (params: QueryParams) => useInfiniteQuery(queriesInfiniteOptions(params));
