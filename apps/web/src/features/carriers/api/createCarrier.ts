import type { Carrier, CarrierCreate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyPartySaveError } from '../../../components/parties/partyErrors.ts';
import { api } from '../../../lib/apiClient.ts';
import { carriersMessages as t } from '../messages.ts';
import { carrierKeys } from './keys.ts';

/** POST /api/carriers (201) with every known field, null when missing; capacities in hundredths. */
export const createCarrier = (payload: CarrierCreate) => api.post<Carrier>('/carriers', payload);

export function useCreateCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCarrier,
    meta: { successMessage: t.created },
    onError: (error) => notifyPartySaveError(error, t.create, t.duplicate),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carrierKeys.all }),
  });
}
