import { type Carrier, type HydraCollection, PICKER_PAGE_SIZE } from '@spedycja/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/apiClient.ts';
import { carriersMessages as t } from '../messages.ts';
import { carrierKeys } from './keys.ts';

/**
 * GET /api/carriers: page, itemsPerPage, order[...], the field filters, `search`, `countries=DE,FR`
 * (serving all of them) and `maxCargoLength[gte]=1360` (hundredths) and the like.
 */
export const getCarriers = (params: QueryParams, signal?: AbortSignal): Promise<HydraCollection<Carrier>> =>
  api.list<Carrier>('/carriers', params, { signal });

export const carriersQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: carrierKeys.list(params),
    queryFn: ({ signal }) => getCarriers(params, signal),
    placeholderData: keepPreviousData,
    meta: { errorAction: t.loadList },
  });

export const useCarriers = (params: QueryParams) => useQuery(carriersQueryOptions(params));

/** The picker's search: one short page, without the total (`partial=true`). */
export const useCarrierSearch = (term: string | null) => {
  const query = useQuery({
    queryKey: carrierKeys.search(term ?? ''),
    queryFn: ({ signal }) => getCarriers({ search: term, partial: true, itemsPerPage: PICKER_PAGE_SIZE }, signal),
    enabled: term !== null,
    placeholderData: keepPreviousData,
    meta: { errorAction: t.loadList },
  });
  return { data: query.data?.['hydra:member'], isFetching: query.isFetching };
};
