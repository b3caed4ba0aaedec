import type { HydraCollection, Invoice, InvoiceSummary } from '@spedycja/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/apiClient.ts';
import { invoicesMessages as t } from '../messages.ts';
import { invoiceKeys } from './keys.ts';

export const INVOICES_PAGE_SIZE = 15;

/** GET /api/invoices: one type, a month, a search, one numeric page. */
export const getInvoices = (params: QueryParams, signal?: AbortSignal): Promise<HydraCollection<Invoice>> =>
  api.list<Invoice>('/invoices', params, { signal });

export const useInvoices = (params: QueryParams) =>
  useQuery({
    queryKey: invoiceKeys.list(params),
    queryFn: ({ signal }) => getInvoices(params, signal),
    placeholderData: keepPreviousData,
    meta: { errorAction: t.loadList },
    // While KSeF is deciding about a listed invoice, the list follows it.
    refetchInterval: (query) =>
      query.state.data?.['hydra:member'].some((i) => ['queued', 'sending'].includes(i.ksefStatus)) ? 1500 : false,
  });

/** GET /api/invoices/summary: the listed month's sums per currency (counted by the server). */
export const useInvoiceSummary = (params: QueryParams) =>
  useQuery({
    queryKey: invoiceKeys.summary(params),
    queryFn: ({ signal }) => api.get<InvoiceSummary>('/invoices/summary', params, { signal }),
    placeholderData: keepPreviousData,
  });
