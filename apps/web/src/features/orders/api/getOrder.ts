import type { Order } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { ordersMessages as t } from '../messages.ts';
import { orderKeys } from './keys.ts';

/** GET /api/orders/{uuid}. */
export const getOrder = (uuid: string) => api.get<Order>(`/orders/${uuid}`);

/** One order for the edit modal; always fresh, since the modal edits it. */
export const useOrderDetail = (uuid: string | null | undefined) =>
  useQuery({
    queryKey: orderKeys.detail(uuid ?? ''),
    queryFn: () => getOrder(uuid ?? ''),
    enabled: !!uuid,
    staleTime: 0,
    gcTime: 0,
    meta: { errorAction: t.loadOne },
  });
