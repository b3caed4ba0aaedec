import type { QueryParams } from '../../../lib/apiClient.ts';

export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (params: QueryParams) => ['orders', 'list', params] as const,
  detail: (uuid: string) => ['orders', 'detail', uuid] as const,
};
