import type { InterestNoteCreate, InterestPreview } from '@spedycja/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/apiClient.ts';
import { saveFile } from '../../lib/download.ts';
import { interestUiMessages as t } from './messages.ts';

export type InterestNote = {
  '@id': string;
  uuid: string;
  number: string;
  createdDate: string;
  interest: number;
  compensationAmount: number | null;
  currency: string;
  /** Why the note has no compensation (NBP did not give the EUR rate); null when it has one. */
  warning: string | null;
};

const keys = {
  preview: (uuid: string, date: string) => ['interest', 'preview', uuid, date] as const,
  notes: (uuid: string) => ['interest', 'notes', uuid] as const,
};

/** GET /api/invoices/{uuid}/interest?date=: the computation to that day. */
export function useInterestPreview(invoiceUuid: string | null, date: string | null) {
  return useQuery({
    queryKey: keys.preview(invoiceUuid ?? '', date ?? ''),
    queryFn: () => api.get<InterestPreview>(`/invoices/${invoiceUuid}/interest`, date ? { date } : undefined),
    enabled: !!invoiceUuid && !!date,
    retry: false,
  });
}

export function useInterestNotes(invoiceUuid: string | null) {
  return useQuery({
    queryKey: keys.notes(invoiceUuid ?? ''),
    queryFn: () => api.list<InterestNote>(`/invoices/${invoiceUuid}/interest_notes`),
    enabled: !!invoiceUuid,
  });
}

export async function downloadInterestNote(note: InterestNote) {
  const file = await api.file(`/interest_notes/${note.uuid}/pdf`);
  saveFile(file.blob, file.fileName ?? `nota-odsetkowa-${note.number.replaceAll('/', '-')}.pdf`);
}

/** POST /api/invoices/{uuid}/interest_notes (with a typed EUR rate when NBP did not give one), then its PDF. */
export function useCreateInterestNote(invoiceUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: InterestNoteCreate) => {
      const note = await api.post<InterestNote>(`/invoices/${invoiceUuid}/interest_notes`, body);
      await downloadInterestNote(note);
      return note;
    },
    meta: { errorAction: t.noteError, successMessage: t.noteCreated },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.notes(invoiceUuid) }),
  });
}

export function useSendInterestNote() {
  return useMutation({
    mutationFn: (note: InterestNote) => api.post(`/interest_notes/${note.uuid}/send`),
    meta: { errorAction: t.sendError, successMessage: t.sent },
  });
}
