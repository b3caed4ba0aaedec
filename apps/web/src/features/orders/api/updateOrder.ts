import type { Order, OrderUpdate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { ordersMessages as t } from '../messages.ts';
import { patchOrderInLists } from './cache.ts';

/** PUT /api/orders/{uuid}: a partial update (the modal sends what changed, a table cell only its own fields). */
export const updateOrder = ({ uuid, payload }: { uuid: string; payload: OrderUpdate }) =>
  api.put<Order>(`/orders/${uuid}`, payload);

export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    meta: { errorAction: t.update, successMessage: t.updated },
    onSuccess: (order) => patchOrderInLists(queryClient, order),
  });
}
