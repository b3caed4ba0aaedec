import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { customersMessages as t } from '../messages.ts';
import { customerKeys } from './keys.ts';

/** DELETE /api/customers/{uuid} (204); 409 when queries, orders or invoices refer to the customer. */
export const deleteCustomer = (uuid: string) => api.del(`/customers/${uuid}`);

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    meta: { errorAction: t.remove, successMessage: t.deleted },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
