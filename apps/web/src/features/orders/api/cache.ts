import type { HydraCollection, Order } from '@spedycja/domain';
import type { QueryClient } from '@tanstack/react-query';
import { orderKeys } from './keys.ts';

/**
 * After a change to one order the row on screen is replaced at once, and the lists are read again:
 * a page of 8 is cheap, and the change may move the order out of the filter (a new status).
 */
export function patchOrderInLists(queryClient: QueryClient, order: Order) {
  queryClient.setQueriesData<HydraCollection<Order>>({ queryKey: orderKeys.lists }, (data) =>
    data
      ? { ...data, 'hydra:member': data['hydra:member'].map((row) => (row.uuid === order.uuid ? order : row)) }
      : data,
  );
  return queryClient.invalidateQueries({ queryKey: orderKeys.lists });
}
