import type { HydraCollection, InvoiceReminder, ReminderPlan } from '@spedycja/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/apiClient.ts';
import { remindersUiMessages as t } from './messages.ts';

export const remindersKeys = { of: (invoiceUuid: string) => ['reminders', invoiceUuid] as const };

/** GET /api/invoices/{uuid}/reminders: the steps sent for an invoice, and where it stands in the schedule. */
export function useInvoiceReminders(invoiceUuid: string | null) {
  return useQuery({
    queryKey: remindersKeys.of(invoiceUuid ?? ''),
    queryFn: () =>
      api.get<HydraCollection<InvoiceReminder> & { plan?: ReminderPlan }>(`/invoices/${invoiceUuid}/reminders`),
    enabled: !!invoiceUuid,
  });
}

/** POST /api/invoices/{uuid}/reminders: the current step now. */
export function useSendReminder(invoiceUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<InvoiceReminder>(`/invoices/${invoiceUuid}/reminders`),
    meta: { errorAction: t.sendError, successMessage: t.sent },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersKeys.of(invoiceUuid) }),
  });
}
