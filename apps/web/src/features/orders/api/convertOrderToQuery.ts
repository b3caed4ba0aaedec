import type { Query } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { ordersMessages as t } from '../messages.ts';
import { invalidateAfterConversion } from './convertQueryToOrder.ts';

/** POST /api/orders/{uuid}/changeType: the order becomes a query (one transaction; tasks move along). */
export const convertOrderToQuery = (uuid: string) => api.post<Query>(`/orders/${uuid}/changeType`);

export function useConvertOrderToQuery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertOrderToQuery,
    meta: { errorAction: t.toQuery, successMessage: t.toQueryDone },
    onSuccess: () => invalidateAfterConversion(queryClient),
  });
}
