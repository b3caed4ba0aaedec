import { notifications } from '@mantine/notifications';
import type { Invoice, InvoiceCreate, InvoiceSendResult, InvoiceUpdate } from '@spedycja/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { saveFile } from '../../../lib/download.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { invoicesMessages as t } from '../messages.ts';
import { invoiceKeys } from './keys.ts';

/** After any change the lists and the month's sums are read again (a page is cheap). */
const refreshLists = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: invoiceKeys.all });

/** POST /api/invoices (201) with the positions inline; `sendMail` e-mails it to the buyer too. */
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: InvoiceCreate) => api.post<Invoice>('/invoices', payload),
    meta: { errorAction: t.create, successMessage: t.created },
    onSuccess: (invoice) => {
      // Saved, with something to check (a date earlier than the month's latest invoice): a notice that stays longer.
      if (invoice.warning) notifications.show({ color: 'orange', message: invoice.warning, autoClose: 15_000 });
      return refreshLists(queryClient);
    },
  });
}

/** PUT /api/invoices/{uuid}: a partial update (the form sends its fields and positions; a row action one flag). */
export function useUpdateInvoice(successMessage: string = t.updated) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, payload }: { uuid: string; payload: InvoiceUpdate }) =>
      api.put<Invoice>(`/invoices/${uuid}`, payload),
    meta: { errorAction: t.update, successMessage },
    onSuccess: () => refreshLists(queryClient),
  });
}

/** DELETE /api/invoices/{uuid}: ProForma only. */
export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => api.del(`/invoices/${uuid}`),
    meta: { errorAction: t.remove, successMessage: t.deleted },
    onSuccess: () => refreshLists(queryClient),
  });
}

/** POST /api/invoices/{uuid}/send: the PDF to the buyer's e-mail; the invoice is marked sent. */
export function useSendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    // Issue 37: 'Dołącz CMR' attaches the order's released CMR.
    mutationFn: (what: string | { uuid: string; attachCmr: boolean }) =>
      typeof what === 'string'
        ? api.post<InvoiceSendResult>(`/invoices/${what}/send`)
        : api.post<InvoiceSendResult>(`/invoices/${what.uuid}/send`, { attachCmr: what.attachCmr }),
    meta: { errorAction: t.send },
    onSuccess: (result) => {
      notifySuccess(result.message || t.sent);
      return refreshLists(queryClient);
    },
  });
}

export type InvoiceFileKind = 'pdf' | 'ksef';

/** The PDF or the FA(3) XML, saved under the server's file name. */
export async function downloadInvoice({ uuid, kind }: { uuid: string; kind: InvoiceFileKind }) {
  const { blob, fileName } = await api.file(`/invoices/${uuid}/export/${kind}`);
  const name = fileName ?? `faktura.${kind === 'pdf' ? 'pdf' : 'xml'}`;
  saveFile(blob, name);
  return name;
}

export const useDownloadInvoice = () => useMutation({ mutationFn: downloadInvoice, meta: { errorAction: t.download } });
