import type {
  HydraCollection,
  Invoice,
  KsefCheckResult,
  KsefConfigJson,
  KsefConfigUpdate,
  ReceivedInvoice,
} from '@spedycja/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/apiClient.ts';
import { saveFile } from '../../../lib/download.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { ksefUiMessages as t } from '../messages.ts';

export const ksefKeys = {
  config: ['ksef', 'config'] as const,
  received: (params: QueryParams) => ['ksef', 'received', params] as const,
  receivedAll: ['ksef', 'received'] as const,
};

/** GET /api/ksef/config (admin): never the token, only whether it is set and its last 4 characters. */
export const useKsefConfig = () =>
  useQuery({ queryKey: ksefKeys.config, queryFn: () => api.get<KsefConfigJson>('/ksef/config') });

export function useUpdateKsefConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: KsefConfigUpdate) => api.put<KsefConfigJson>('/ksef/config', payload),
    meta: { errorAction: t.saveAction, successMessage: t.saved },
    onSuccess: (config) => queryClient.setQueryData(ksefKeys.config, config),
  });
}

/** POST /api/ksef/check: the whole authentication against KSeF. */
export function useCheckKsef() {
  return useMutation({
    mutationFn: () => api.post<KsefCheckResult>('/ksef/check'),
    meta: { errorAction: t.checkAction },
    onSuccess: (result) => notifySuccess(t.checkOk(result.environment, result.nip)),
  });
}

/** POST /api/invoices/{uuid}/ksef (202): queued; the list follows its state. */
export function useSendToKsef() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => api.post<Invoice>(`/invoices/${uuid}/ksef`),
    meta: { errorAction: t.sendAction, successMessage: t.queued },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invoices'] }),
  });
}

/** The UPO (KSeF's receipt) of an accepted invoice. */
export async function downloadUpo(uuid: string) {
  const { blob, fileName } = await api.file(`/invoices/${uuid}/ksef/upo`);
  saveFile(blob, fileName ?? 'UPO.xml');
}
export const useDownloadUpo = () => useMutation({ mutationFn: downloadUpo, meta: { errorAction: t.upoAction } });

export const useReceivedInvoices = (params: QueryParams) =>
  useQuery({
    queryKey: ksefKeys.received(params),
    queryFn: ({ signal }) => api.list<ReceivedInvoice>('/received_invoices', params, { signal }),
    placeholderData: keepPreviousData,
  });

/** POST /api/ksef/sync: the carriers' invoices from KSeF, matched to orders. */
export function useSyncKsef() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ fetched: number; matched: number }>('/ksef/sync'),
    meta: { errorAction: t.received.syncAction },
    onSuccess: (result) => {
      notifySuccess(t.received.synced(result.fetched, result.matched));
      return queryClient.invalidateQueries({ queryKey: ksefKeys.receivedAll });
    },
  });
}

export function useAssignReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, order }: { uuid: string; order: string | null }) =>
      api.put<ReceivedInvoice>(`/received_invoices/${uuid}`, { order }),
    meta: { errorAction: t.received.assignAction, successMessage: t.receivedAssigned },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ksefKeys.receivedAll }),
  });
}

export const getReceivedOfOrder = (orderIri: string) =>
  api.list<ReceivedInvoice>('/received_invoices', { order: orderIri, itemsPerPage: 5 }) as Promise<
    HydraCollection<ReceivedInvoice>
  >;
