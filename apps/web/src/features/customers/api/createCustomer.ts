import type { Customer, CustomerCreate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyPartySaveError } from '../../../components/parties/partyErrors.ts';
import { api } from '../../../lib/apiClient.ts';
import { customersMessages as t } from '../messages.ts';
import { customerKeys } from './keys.ts';

/** POST /api/customers (201) with every known field, null when missing. */
export const createCustomer = (payload: CustomerCreate) => api.post<Customer>('/customers', payload);

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    meta: { successMessage: t.created },
    onError: (error) => notifyPartySaveError(error, t.create, t.duplicate),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
