import type { QueryParams } from '../../../lib/apiClient.ts';

export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: ['invoices', 'list'] as const,
  list: (params: QueryParams) => ['invoices', 'list', params] as const,
  summary: (params: QueryParams) => ['invoices', 'summary', params] as const,
  detail: (uuid: string) => ['invoices', 'detail', uuid] as const,
  draft: (source: string, uuid: string, type: string) => ['invoices', 'draft', source, uuid, type] as const,
  rate: (day: string) => ['invoices', 'eurRate', day] as const,
};
