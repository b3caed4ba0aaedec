import type { Carrier, CarrierUpdate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyPartySaveError } from '../../../components/parties/partyErrors.ts';
import { requireUuid } from '../../../components/parties/partyForm.ts';
import { api } from '../../../lib/apiClient.ts';
import { carriersMessages as t } from '../messages.ts';
import { carrierKeys } from './keys.ts';

/** PUT /api/carriers/{uuid} with only the changed fields; without a uuid it throws and sends nothing. */
export const updateCarrier = async ({ uuid, payload }: { uuid: string | null | undefined; payload: CarrierUpdate }) =>
  api.put<Carrier>(`/carriers/${requireUuid(uuid)}`, payload);

export function useUpdateCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCarrier,
    meta: { successMessage: t.updated },
    onError: (error) => notifyPartySaveError(error, t.update, t.duplicate),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carrierKeys.all }),
  });
}
