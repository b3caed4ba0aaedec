import type { ExchangeRateQuote, Invoice, InvoiceDraft } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { invoicesMessages as t } from '../messages.ts';
import { invoiceKeys } from './keys.ts';

/** GET /api/invoices/{uuid}: the invoice with its positions and totals. */
export const getInvoice = (uuid: string) => api.get<Invoice>(`/invoices/${uuid}`);

export const useInvoiceDetail = (uuid: string | null | undefined) =>
  useQuery({
    queryKey: invoiceKeys.detail(uuid ?? ''),
    queryFn: () => getInvoice(uuid ?? ''),
    enabled: !!uuid,
    staleTime: 0,
    gcTime: 0,
    meta: { errorAction: t.loadOne },
  });

/** Where a new invoice starts from: an order (GET /api/orders/{id}/invoiceDraft) or another invoice. */
export type InvoiceDraftSource =
  | { kind: 'order'; uuid: string; type: 'vat' | 'proforma' }
  | { kind: 'invoice'; uuid: string; type: 'vat' | 'corrective' };

export const getInvoiceDraft = (source: InvoiceDraftSource) =>
  source.kind === 'order'
    ? api.get<InvoiceDraft>(`/orders/${source.uuid}/invoiceDraft`, { type: source.type })
    : api.get<InvoiceDraft>(`/invoices/${source.uuid}/draft`, { type: source.type });

export const useInvoiceDraft = (source: InvoiceDraftSource | null) =>
  useQuery({
    queryKey: invoiceKeys.draft(source?.kind ?? '', source?.uuid ?? '', source?.type ?? ''),
    queryFn: () => getInvoiceDraft(source as InvoiceDraftSource),
    enabled: !!source,
    staleTime: 0,
    gcTime: 0,
    meta: { errorAction: t.loadDraft },
  });

/** GET /api/exchange_rates/eur?date=: NBP's rate for a tax point (or the settings' one, offline). */
export const useEurRate = (day: string | null) =>
  useQuery({
    queryKey: invoiceKeys.rate(day ?? ''),
    queryFn: () => api.get<ExchangeRateQuote>('/exchange_rates/eur', { date: day }),
    enabled: !!day,
    staleTime: 10 * 60_000,
  });
