import { type HydraCollection, type Order, PAGE_SIZES } from '@spedycja/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/apiClient.ts';
import { ordersMessages as t } from '../messages.ts';
import { orderKeys } from './keys.ts';

export const ORDERS_PAGE_SIZE = PAGE_SIZES.orders;

/** GET /api/orders with filters, order[...] and one numeric page (8 rows, SPEC §9). */
export const getOrders = (params: QueryParams, signal?: AbortSignal): Promise<HydraCollection<Order>> =>
  api.list<Order>('/orders', params, { signal });

export const ordersQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
    meta: { errorAction: t.loadList },
  });

export const useOrders = (params: QueryParams) => useQuery(ordersQueryOptions(params));
