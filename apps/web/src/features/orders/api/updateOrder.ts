import type { Order, OrderUpdate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { ordersMessages as t } from '../messages.ts';
import { patchOrderInLists } from './cache.ts';

/** PUT /api/orders/{uuid}: a partial update (the modal sends what changed, a table cell only its own fields). */
export const updateOrder = ({ uuid, payload }: { uuid: string; payload: OrderUpdate }) =>
  api.put<Order>(`/orders/${uuid}`, payload);

/**
 * `asks`: refusals the caller answers with a dialog of its own (an admin's reason for paying an account off the white
 * list): no notice for those, which would stand behind the dialog; every other failure is notified as usual.
 */
export function useUpdateOrder({ asks }: { asks?: (error: unknown) => boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    meta: { errorAction: t.update, successMessage: t.updated, asks },
    onSuccess: (order) => patchOrderInLists(queryClient, order),
  });
}
