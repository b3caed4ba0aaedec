import type {
  BankStatement,
  CarrierInvoice,
  Invoice,
  SavedCsvMapping,
  StatementBook,
  StatementLineNote,
} from '@spedycja/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/apiClient.ts';

export type ImportedStatement = BankStatement & {
  duplicateCount?: number;
  /** The book's answer: its message, the debits the white list refused (not booked) and those booked with a warning. */
  message?: string;
  refused?: StatementLineNote[];
  warnings?: StatementLineNote[];
};

export const csvMappingsKey = ['bank_csv_mappings'] as const;

/** GET /api/bank_csv_mappings: the CSV mappings saved per bank, offered again when a bank is chosen. */
export function useCsvMappings() {
  return useQuery({ queryKey: csvMappingsKey, queryFn: () => api.list<SavedCsvMapping>('/bank_csv_mappings') });
}

/** POST /api/bank_statements (multipart); a mapping given with a bank is saved for it, so the list is read again. */
export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.post<ImportedStatement>('/bank_statements', form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csvMappingsKey }),
  });
}

/** POST /api/bank_statements/{uuid}/book; the invoices, orders and payments are read again. */
export function useBookStatement(uuid: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StatementBook) => api.post<ImportedStatement>(`/bank_statements/${uuid}/book`, body),
    onSuccess: () =>
      Promise.all(
        ['invoices', 'orders', 'payments', 'payables', 'receivables', 'history'].map((k) =>
          queryClient.invalidateQueries({ queryKey: [k] }),
        ),
      ),
  });
}

/** How many open invoices one search of the picker brings (a page, read in SQL). */
export const OPEN_INVOICES_PAGE = 20;

/**
 * The open VAT invoices whose number starts with, or whose buyer's name or NIP contains, `term` — a page of them, for
 * a line's picker; nothing is asked while `term` is null.
 */
export function useOpenInvoiceSearch(term: string | null) {
  return useQuery({
    queryKey: ['invoices', 'open-for-statement', term],
    queryFn: () =>
      api.list<Invoice>('/invoices', {
        type: 'vat',
        paid: 'false',
        term: term ?? '',
        itemsPerPage: String(OPEN_INVOICES_PAGE),
      }),
    enabled: term !== null,
  });
}

/**
 * Issue 38: the carriers' open invoices (GET /api/payables) whose number contains `term`, a page of them, for a
 * debit's picker; as options of the same picker (the carrier in the customer's place).
 */
export function useOpenPayableSearch(term: string | null) {
  return useQuery({
    queryKey: ['payables', 'open-for-statement', term],
    queryFn: () =>
      api.list<CarrierInvoice>('/payables', { number: term ?? '', itemsPerPage: String(OPEN_INVOICES_PAGE) }),
    select: (list) => ({
      ...list,
      'hydra:member': list['hydra:member']
        .filter((i) => i.type === 'vat' && i.status !== 'w_paczce' && i.dueAmount > 0)
        .map((i) => ({
          uuid: i.uuid,
          number: i.number,
          customerName: i.carrier.name ?? '',
          dueAmount: i.dueAmount,
          currency: i.currency,
        })),
    }),
    enabled: term !== null,
  });
}
