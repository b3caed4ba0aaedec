import type { QueryParams } from '../../../lib/apiClient.ts';

export const queryKeys = {
  all: ['queries'] as const,
  lists: ['queries', 'list'] as const,
  list: (params: QueryParams) => ['queries', 'list', params] as const,
  detail: (uuid: string) => ['queries', 'detail', uuid] as const,
};
