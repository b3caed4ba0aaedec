import type { Order } from '@spedycja/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { ordersMessages as t } from '../messages.ts';
import { orderKeys } from './keys.ts';

/** A conversion changes both lists, and the tasks that hang on the record (SPEC §4: lists refresh). */
export function invalidateAfterConversion(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['queries'] }),
    queryClient.invalidateQueries({ queryKey: ['tasks'] }),
  ]);
}

/**
 * POST /api/queries/{uuid}/changeType: the query becomes an order, with the carrier and price of the offer picked
 * (the best one when none is named); the query stays, as 'zamienione', linked to the order.
 */
export const convertQueryToOrder = ({
  uuid,
  offer,
  unloadingDate,
  carrierVerificationOverride,
  debtorOverride,
}: {
  uuid: string;
  offer?: string | null;
  /** For a query saved without one: the order needs it. */
  unloadingDate?: string | null;
  /** An admin's reason for an offer's carrier that is not verified ('only verified carriers' on). */
  carrierVerificationOverride?: { reason: string };
  /** An admin's reason for a debtor customer ('Blokuj zlecenia dla dłużników' on). */
  debtorOverride?: string;
}) =>
  api.post<Order>(`/queries/${uuid}/changeType`, {
    ...(offer ? { offer } : {}),
    ...(unloadingDate ? { unloadingDate } : {}),
    ...(carrierVerificationOverride ? { carrierVerificationOverride } : {}),
    ...(debtorOverride ? { debtorOverride } : {}),
  });

export function useConvertQueryToOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertQueryToOrder,
    meta: { errorAction: t.toOrder, successMessage: t.toOrderDone },
    onSuccess: () => invalidateAfterConversion(queryClient),
  });
}
