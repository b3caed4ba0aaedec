import type { Customer, CustomerUpdate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyPartySaveError } from '../../../components/parties/partyErrors.ts';
import { requireUuid } from '../../../components/parties/partyForm.ts';
import { api } from '../../../lib/apiClient.ts';
import { customersMessages as t } from '../messages.ts';
import { customerKeys } from './keys.ts';

/** PUT /api/customers/{uuid} with only the changed fields; without a uuid it throws and sends nothing. */
export const updateCustomer = async ({ uuid, payload }: { uuid: string | null | undefined; payload: CustomerUpdate }) =>
  api.put<Customer>(`/customers/${requireUuid(uuid)}`, payload);

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    meta: { successMessage: t.updated },
    onError: (error) => notifyPartySaveError(error, t.update, t.duplicate),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
