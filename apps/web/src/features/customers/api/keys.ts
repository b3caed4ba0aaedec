import type { QueryParams } from '../../../lib/apiClient.ts';

export const customerKeys = {
  all: ['customers'] as const,
  list: (params: QueryParams) => ['customers', 'list', params] as const,
  search: (term: string) => ['customers', 'search', term] as const,
  detail: (uuid: string) => ['customers', 'detail', uuid] as const,
};
