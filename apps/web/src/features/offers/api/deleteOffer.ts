import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { offersMessages as t } from '../messages.ts';
import { offerKeys } from './keys.ts';

/** DELETE /api/offers/{uuid} (204). */
export const deleteOffer = (uuid: string) => api.del(`/offers/${uuid}`);

export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOffer,
    meta: { errorAction: t.remove, successMessage: t.deleted },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
