import type {
  CarrierInvoice,
  CarrierInvoiceCreate,
  CarrierPayment,
  Cashflow,
  TransferBatch,
  TransferBatchCreate,
} from '@spedycja/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type HydraCollection, type QueryParams } from '../../lib/apiClient.ts';
import { payablesUiMessages as t } from './messages.ts';

export type PayablesPage = HydraCollection<CarrierInvoice> & {
  totals: { currency: string; amount: number; count: number }[];
  /** More matches than the API sums (a filter over most open invoices): no sums, a narrower filter asked for. */
  totalsCapped?: boolean;
  balance?: { weOwe: { currency: string; amount: number }[]; owesUs: { currency: string; amount: number }[] };
};

export const payablesKeys = {
  all: ['payables'] as const,
  list: (params: QueryParams) => ['payables', 'list', params] as const,
  batch: (uuid: string) => ['payables', 'batch', uuid] as const,
  payments: (uuid: string) => ['payables', 'payments', uuid] as const,
  cashflow: (weeks: number) => ['payables', 'cashflow', weeks] as const,
};

/** GET /api/payables: 'Do zapłaty' with its sums per currency. */
export const usePayables = (params: QueryParams) =>
  useQuery({
    queryKey: payablesKeys.list(params),
    queryFn: ({ signal }) => api.get<PayablesPage>('/payables', params, { signal }),
    placeholderData: keepPreviousData,
  });

/** A carrier's invoice PDF from its link, not yet confirmed (GET /api/payables/portal_invoices). */
export type PortalInvoice = {
  '@id': string;
  uuid: string;
  fileName: string;
  addedAt: string;
  order: { '@id': string; uuid: string; number: string | null };
  carrier: { name: string | null } | null;
  invoiceFigures: { number: string | null; issueDate: string | null; grossAmount: number | null };
};

/** 'Potwierdź fakturę' in 'Do zapłaty': under the 'payables' key, so a confirmation refreshes it with the list. */
export const usePortalInvoices = (params: QueryParams) =>
  useQuery({
    queryKey: ['payables', 'portal', params],
    queryFn: ({ signal }) => api.get<HydraCollection<PortalInvoice>>('/payables/portal_invoices', params, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/carrier_payments?carrierInvoice.uuid=: the ledger's payments of one carrier's invoice. */
export const useCarrierInvoicePayments = (uuid: string | null) =>
  useQuery({
    queryKey: payablesKeys.payments(uuid ?? ''),
    queryFn: () => api.list<CarrierPayment>('/carrier_payments', { 'carrierInvoice.uuid': uuid as string }),
    enabled: !!uuid,
  });

export const useTransferBatch = (uuid: string | null) =>
  useQuery({
    queryKey: payablesKeys.batch(uuid ?? ''),
    queryFn: () => api.get<TransferBatch>(`/transfer_batches/${uuid}`),
    enabled: !!uuid,
  });

export const useCashflow = (weeks: number) =>
  useQuery({
    queryKey: payablesKeys.cashflow(weeks),
    queryFn: () => api.list<Cashflow>('/cashflow', { weeks }),
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(['payables', 'orders', 'payments'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })));
}

/** POST /api/transfer_batches (Idempotency-Key, as every creation of the client). */
export function usePrepareBatch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TransferBatchCreate) => api.post<TransferBatch>('/transfer_batches', body),
    meta: { errorAction: t.prepareError },
    onSuccess: refresh,
  });
}

export function useCancelBatch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ uuid, reason }: { uuid: string; reason: string }) =>
      api.post<TransferBatch>(`/transfer_batches/${uuid}/cancel`, { reason }),
    meta: { errorAction: t.cancelBatchError },
    onSuccess: refresh,
  });
}

export function useMarkBatchPaid() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (uuid: string) => api.post<TransferBatch>(`/transfer_batches/${uuid}/paid`, {}),
    meta: { errorAction: t.markPaidError },
    onSuccess: refresh,
  });
}

/** POST /api/carrier_invoices/from_ksef/{uuid}: the received invoice's match confirmed in one click. */
export function useCarrierInvoiceFromKsef() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (receivedUuid: string) => api.post<CarrierInvoice>(`/carrier_invoices/from_ksef/${receivedUuid}`, {}),
    meta: { errorAction: t.fromKsefError, successMessage: t.created },
    onSuccess: refresh,
  });
}

/** POST /api/carrier_invoices/from_portal/{document}: the PDF the carrier sent through its link, confirmed. */
export function useCarrierInvoiceFromPortal() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ document, body }: { document: string; body: Record<string, unknown> }) =>
      api.post<CarrierInvoice>(`/carrier_invoices/from_portal/${document}`, body),
    meta: { successMessage: t.created },
    onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['portal', 'documents'] })]),
  });
}

/** PUT /api/carrier_invoices/{uuid} {documentsReceivedDate}: the CMR came today; the term starts. */
export function useDocumentsArrived() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ uuid, date }: { uuid: string; date: string }) =>
      api.put<CarrierInvoice>(`/carrier_invoices/${uuid}`, { documentsReceivedDate: date }),
    meta: { errorAction: t.documentsError, successMessage: t.updated },
    onSuccess: refresh,
  });
}

/** POST /api/carrier_invoices: a paper invoice typed by hand (Idempotency-Key). */
export function useCreateCarrierInvoice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CarrierInvoiceCreate) => api.post<CarrierInvoice>('/carrier_invoices', body),
    meta: { errorAction: t.fromKsefError, successMessage: t.created },
    onSuccess: refresh,
  });
}
