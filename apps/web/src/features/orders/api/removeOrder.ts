import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { ordersMessages as t } from '../messages.ts';
import { orderKeys } from './keys.ts';

/** POST /api/remove/{uuid} {type: 'order', reason}: a soft delete (SPEC §4). */
export const removeOrder = ({ uuid, reason }: { uuid: string; reason: number }) =>
  api.post<void>(`/remove/${uuid}`, { type: 'order', reason });

export function useRemoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOrder,
    meta: { errorAction: t.remove, successMessage: t.deleted },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
  });
}
