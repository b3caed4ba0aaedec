import type {
  LoadingConfirmation,
  LoadingConfirmationResult,
  UnloadingConfirmation,
  UnloadingConfirmationResult,
} from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { patchOrderInLists } from '../../orders/index.ts';
import { loadingsMessages as t } from '../messages.ts';

/** POST /api/orders/{uuid}/loadingConfirmation: the order, and whether to ask for its ProForma. */
export const confirmLoading = ({ uuid, payload }: { uuid: string; payload: LoadingConfirmation }) =>
  api.post<LoadingConfirmationResult>(`/orders/${uuid}/loadingConfirmation`, payload);

/** POST /api/orders/{uuid}/unloadingConfirmation: the order, and whether to ask for its VAT invoice. */
export const confirmUnloading = ({ uuid, payload }: { uuid: string; payload: UnloadingConfirmation }) =>
  api.post<UnloadingConfirmationResult>(`/orders/${uuid}/unloadingConfirmation`, payload);

/** The lists on screen (orders table, calendar, archive) all hold orders: each shows the confirmed state at once. */
export function useConfirmLoading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmLoading,
    meta: { errorAction: t.confirmLoading, successMessage: t.loadingConfirmed },
    onSuccess: (order) => patchOrderInLists(queryClient, order),
  });
}

export function useConfirmUnloading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmUnloading,
    meta: { errorAction: t.confirmUnloading, successMessage: t.unloadingConfirmed },
    onSuccess: (order) => patchOrderInLists(queryClient, order),
  });
}
