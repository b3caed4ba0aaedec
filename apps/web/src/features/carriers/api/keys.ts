import type { QueryParams } from '../../../lib/apiClient.ts';

export const carrierKeys = {
  all: ['carriers'] as const,
  list: (params: QueryParams) => ['carriers', 'list', params] as const,
  search: (term: string) => ['carriers', 'search', term] as const,
  detail: (uuid: string) => ['carriers', 'detail', uuid] as const,
  record: (uuid: string) => ['carriers', 'record', uuid] as const,
};
