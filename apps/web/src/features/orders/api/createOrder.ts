import type { Order, OrderCreate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { ordersMessages as t } from '../messages.ts';
import { orderKeys } from './keys.ts';

/**
 * POST /api/orders (201): every field, null when missing; customer, carrier and owner as IRIs.
 * With sendMailToCustomer / sendMailToCarrier the document goes out too (or nothing is created).
 */
export const createOrder = (payload: OrderCreate) => api.post<Order>('/orders', payload);

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    meta: { errorAction: t.create, successMessage: t.created },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
  });
}
