import type { Offer, OfferUpdate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { offersMessages as t } from '../messages.ts';
import { offerKeys } from './keys.ts';

/** PUT /api/offers/{uuid}: a partial update. */
export const updateOffer = ({ uuid, payload }: { uuid: string; payload: OfferUpdate }) =>
  api.put<Offer>(`/offers/${uuid}`, payload);

export function useUpdateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOffer,
    meta: { errorAction: t.update, successMessage: t.updated },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
