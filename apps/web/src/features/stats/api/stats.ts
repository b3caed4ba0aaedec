import type { PaymentSide, PaymentState, PaymentsCollection, Stats } from '@spedycja/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { isWhitelistUnconfirmed } from '../../verification/index.ts';
import { statsPageMessages as t } from '../messages.ts';

export const statsKeys = {
  all: ['stats'] as const,
  stats: (from: string, to: string) => ['stats', 'figures', from, to] as const,
  payments: (params: Record<string, string | number>) => ['stats', 'payments', params] as const,
};

/** GET /api/stats?from&to: the figures, by month and by user (PLN hundredths). */
export const useStats = (from: string, to: string) =>
  useQuery({
    queryKey: statsKeys.stats(from, to),
    queryFn: () => api.get<Stats>('/stats', { from, to }),
    placeholderData: keepPreviousData,
    meta: { errorAction: t.load },
  });

export const PAYMENTS_PAGE_SIZE = 10;

/** The list's query: its side, state and page, and the filter row's parameters (`search`). */
export const paymentParams = (
  side: PaymentSide,
  state: PaymentState,
  page: number,
  filters: Record<string, string> = {},
) => ({
  ...filters,
  side,
  state,
  page,
  itemsPerPage: PAYMENTS_PAGE_SIZE,
});

/** GET /api/payments: a page of receivables or payables, with the sums per currency of all of them. */
export const usePayments = (params: ReturnType<typeof paymentParams>) =>
  useQuery({
    queryKey: statsKeys.payments(params),
    queryFn: () => api.get<PaymentsCollection>('/payments', params),
    placeholderData: keepPreviousData,
    meta: { errorAction: t.payments.load },
  });

/** POST /api/payments/{uuid}/paid: the order's flag and date (and a receivable's VAT invoice) in one go. */
export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, side, overrideReason }: { uuid: string; side: PaymentSide; overrideReason?: string }) =>
      api.post<{ message: string }>(`/payments/${uuid}/paid`, {
        side,
        ...(overrideReason ? { whitelistOverride: { reason: overrideReason } } : {}),
      }),
    // The white list's refusal opens the admin's reason dialog (the cockpit's own answer): no notice behind it.
    meta: { errorAction: t.payments.markPaidAction, successMessage: t.markedPaid, asks: isWhitelistUnconfirmed },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: statsKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['invoices'] }),
      ]),
  });
}
