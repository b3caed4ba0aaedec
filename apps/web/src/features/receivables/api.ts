import type { CustomerBalance, InvoicePayment, InvoicePaymentCreate } from '@spedycja/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/apiClient.ts';
import { paymentsUiMessages as t } from './messages.ts';

export const receivablesKeys = {
  all: ['receivables'] as const,
  payments: (invoiceUuid: string) => ['receivables', 'payments', invoiceUuid] as const,
  balance: (customerUuid: string) => ['receivables', 'balance', customerUuid] as const,
};

/** GET /api/invoice_payments?invoice.uuid=: an invoice's payments, the cancelled ones with their reason. */
export function useInvoicePayments(invoiceUuid: string | null) {
  return useQuery({
    queryKey: receivablesKeys.payments(invoiceUuid ?? ''),
    queryFn: () => api.list<InvoicePayment>('/invoice_payments', { 'invoice.uuid': invoiceUuid as string }),
    enabled: !!invoiceUuid,
  });
}

/** GET /api/receivables/balances?customer.uuid=: what one customer owes, per currency. */
export function useCustomerBalance(customerUuid: string | null | undefined) {
  return useQuery({
    queryKey: receivablesKeys.balance(customerUuid ?? ''),
    queryFn: () => api.list<CustomerBalance>('/receivables/balances', { 'customer.uuid': customerUuid as string }),
    enabled: !!customerUuid,
  });
}

/** After a booking the invoices (their figures), the orders (their flag) and the balances are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: receivablesKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['invoices'] }),
      queryClient.invalidateQueries({ queryKey: ['orders'] }),
      queryClient.invalidateQueries({ queryKey: ['payments'] }),
    ]);
}

/** POST /api/invoice_payments (with an Idempotency-Key, as every write of the client). */
export function useBookInvoicePayment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (payload: InvoicePaymentCreate) => api.post<InvoicePayment>('/invoice_payments', payload),
    meta: { errorAction: t.bookError, successMessage: t.paymentBooked },
    onSuccess: refresh,
  });
}

/** DELETE /api/invoice_payments/{uuid} with the reason. */
export function useCancelInvoicePayment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ uuid, reason }: { uuid: string; reason: string }) =>
      api.del<InvoicePayment>(`/invoice_payments/${uuid}`, undefined, { reason }),
    meta: { errorAction: t.cancelError, successMessage: t.paymentCancelled },
    onSuccess: refresh,
  });
}
