import type { Offer, OfferCreate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { offersMessages as t } from '../messages.ts';
import { offerKeys } from './keys.ts';

/** POST /api/offers (201): query and carrier as IRIs, price in hundredths. */
export const createOffer = (payload: OfferCreate) => api.post<Offer>('/offers', payload);

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    meta: { errorAction: t.create, successMessage: t.created },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
