import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { ordersMessages as t } from '../messages.ts';
import { orderKeys } from './keys.ts';

/** POST /api/restore/{uuid} {type: 'order'} (admins, from the deleted view). */
export const restoreOrder = (uuid: string) => api.post<void>(`/restore/${uuid}`, { type: 'order' });

export function useRestoreOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreOrder,
    meta: { errorAction: t.restoreAction, successMessage: t.restored },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
  });
}
