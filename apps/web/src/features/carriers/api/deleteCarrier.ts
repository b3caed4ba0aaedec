import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { carriersMessages as t } from '../messages.ts';
import { carrierKeys } from './keys.ts';

/** DELETE /api/carriers/{uuid} (204); 409 when offers or orders refer to the carrier. */
export const deleteCarrier = (uuid: string) => api.del(`/carriers/${uuid}`);

export function useDeleteCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCarrier,
    meta: { errorAction: t.remove, successMessage: t.deleted },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carrierKeys.all }),
  });
}
