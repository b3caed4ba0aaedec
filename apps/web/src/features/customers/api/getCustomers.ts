import { type Customer, type HydraCollection, PICKER_PAGE_SIZE } from '@spedycja/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/apiClient.ts';
import { customersMessages as t } from '../messages.ts';
import { customerKeys } from './keys.ts';

/** GET /api/customers: page, itemsPerPage, order[...], the field filters and `search`. */
export const getCustomers = (params: QueryParams, signal?: AbortSignal): Promise<HydraCollection<Customer>> =>
  api.list<Customer>('/customers', params, { signal });

export const customersQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
    meta: { errorAction: t.loadList },
  });

export const useCustomers = (params: QueryParams) => useQuery(customersQueryOptions(params));

/** The picker's search: one short page, without the total (`partial=true`). */
export const useCustomerSearch = (term: string | null) => {
  const query = useQuery({
    queryKey: customerKeys.search(term ?? ''),
    queryFn: ({ signal }) => getCustomers({ search: term, partial: true, itemsPerPage: PICKER_PAGE_SIZE }, signal),
    enabled: term !== null,
    placeholderData: keepPreviousData,
    meta: { errorAction: t.loadList },
  });
  return { data: query.data?.['hydra:member'], isFetching: query.isFetching };
};
